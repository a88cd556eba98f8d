/**
 * The content site (spec 002) in Debian's Chromium at 375 px and 1440 px: every seeded page renders without page
 * errors and without serious or critical axe violations, every block type appears, navigation and the language
 * switch work, both calculators compute the spec's results, the search finds a seeded university, study-field cards
 * and the search page's filters (university and location selects, page buttons, the mobile drawer) narrow the
 * results, and the carousels loop and follow the height of the slide in view. Full-page screenshots are attached to
 * the report.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';

const PAGES = [
  '/',
  '/about',
  '/blocked-account',
  '/health-insurance',
  '/contact',
  '/review-university-form',
  '/privacy-policy/',
  '/terms-conditions/',
  '/studyguide',
  '/studyguide/2/',
  '/studyportal',
  '/studyportal/search?name=munich',
  '/studyportal/university/lmu-munich',
  '/studyportal/studyprograms/informatics-msc-tum',
  '/studyportal/university/technical-university-of-munich/studyprograms/informatics-msc-tum',
  '/blog/student-visa-checklist/',
  '/de/health-insurance',
  '/no-such-page',
];

/** Every block type of spec 2.2 / schemas/content/block.schema.json. */
const BLOCK_TYPES = [
  'AccordionGroup',
  'AppHero',
  'ArticleCardList',
  'ArticleCategoryList',
  'AwardHero',
  'BannerIntro',
  'BenefitBanner',
  'BlockedAccountCalculator',
  'BreadcrumbHero',
  'Carousel',
  'ChecklistHero',
  'ComparisonTable',
  'ContactFormV2',
  'CostCalculationSummary',
  'CtaBanner',
  'CtaHero',
  'CtaInfoList',
  'CtaLogo',
  'DescriptionList',
  'FileList',
  'FinancialSupport',
  'HealthInsuranceCalculatorV2',
  'Hero',
  'InfoCardList',
  'LinkListColumns',
  'Listings',
  'Markdown',
  'PackageListHero',
  'PdfPreviewInMarkdown',
  'PdfPreviewInMarkdownList',
  'ProductList',
  'ProgramCarousel',
  'RankingList',
  'RatingOverview',
  'ReviewForm',
  'RoadmapBanner',
  'SearchHero',
  'SearchResults',
  'Stats',
  'StudyFieldCardList',
  'TableV2',
  'Tabs',
  'Testimonials',
  'TextImageList',
  'UniversityCard',
  'UniversityCarousel',
  'UniversityListColumns',
  'UspBanner',
  'WebsiteError',
];

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.locator('.cs-loading')).toHaveCount(0);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every seeded page renders, accessible, and every block type appears', async ({ page, server }, testInfo) => {
      test.setTimeout(240_000);
      const seen = new Set<string>();
      for (const path of PAGES) {
        await open(page, `${server}${path}`);
        try {
          const types = await page
            .locator('section[data-block-type]')
            .evaluateAll((sections) => sections.map((s) => (s as HTMLElement).dataset.blockType ?? ''));
          for (const t of types) seen.add(t);
          if (!path.startsWith('/blog/')) expect(types.length, `blocks on ${path}`).toBeGreaterThan(0);
          await expect(page.locator('section .cs-banner')).toHaveCount(0);
          await expectAccessible(page, `${path} at ${width} px`);
        } catch (error) {
          // the page that failed, whole (a full-page screenshot of every page cost CI a minute and a half)
          await attachScreenshot(page, testInfo, `${width}px ${path}`);
          throw error;
        }
      }
      expect(BLOCK_TYPES.filter((t) => !seen.has(t))).toEqual([]);
    });

    test('an unknown path shows the website-error page with a way home', async ({ page, server }) => {
      await open(page, `${server}/no/such/page`);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Back Home' }).click();
      await expect(page).toHaveURL(`${server}/`);
    });

    test('the language switch reloads the current path in the chosen locale', async ({ page, server }) => {
      await open(page, `${server}/blocked-account`);
      if (width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByLabel('Language').selectOption('de');
      await expect(page).toHaveURL(`${server}/de/blocked-account`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ein Sperrkonto für dein Visum');
    });

    test('the footer shows the current year', async ({ page, server }) => {
      await open(page, `${server}/`);
      await expect(page.getByTestId('copyright')).toContainText(`© ${new Date().getFullYear()} Antrag`);
    });
  });
}

test.describe('navigation', () => {
  test('desktop: a dropdown opens with its arrow turned and leads to a category', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/`);
    const toggle = page.getByRole('button', { name: 'Study guide' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Living in Germany' }).click();
    await expect(page).toHaveURL(`${server}/studyguide/2`);
    await expect(page.getByRole('link', { name: 'Living in Germany' }).first()).toBeVisible();
  });

  test('mobile: the drawer opens over a dark overlay; a click outside closes it', async ({
    page,
    server,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, `${server}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer).toBeVisible();
    // the page behind it dimmed (the modal dialog's backdrop)
    expect(await drawer.evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor)).toBe('rgba(0, 0, 0, 0.6)');
    await attachScreenshot(page, testInfo, 'mobile drawer');
    await page.mouse.click(10, 400);
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Health insurance' }).click();
    await expect(page).toHaveURL(`${server}/health-insurance`);
  });
});

test.describe('calculators', () => {
  test('blocked account: 12 months of €992 with the seeded fees', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/blocked-account`);
    const calculator = page.locator('section[data-block-type="BlockedAccountCalculator"]');
    await calculator.getByLabel('Length of stay').selectOption({ label: '12 months' });
    await expect(calculator.getByTestId('required-amount')).toHaveText('€11.904,00');
    await expect(calculator.getByTestId('administration-fee')).toHaveText('€60,00');
    await expect(calculator.getByTestId('total')).toHaveText('€12.113,00');
    const amount = calculator.getByLabel(/Amount per month/);
    await amount.fill('1000');
    await expect(calculator.getByTestId('total')).toHaveText('€12.209,00');
    await amount.pressSequentially('x');
    await expect(amount).toHaveValue('1000');
  });

  test('health insurance: 12 × the price difference + bonus, and the contact prompt', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/health-insurance`);
    const calculator = page.locator('section[data-block-type="HealthInsuranceCalculatorV2"]');
    await expect(calculator.getByTestId('saving')).toHaveText('€470,00');
    await calculator.getByLabel('Your age').selectOption({ label: '23 or older' });
    await expect(calculator.getByTestId('saving')).toHaveText('€710,00');
    await calculator.getByLabel('Current insurance').selectOption({ label: "I don't know my price" });
    await expect(calculator.getByTestId('current-contribution')).toHaveText('-');
    await expect(calculator.getByTestId('contact-prompt')).toBeVisible();
  });
});

test.describe('search', () => {
  test('the search hero leads to the results, which find a seeded university', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/studyportal`);
    const input = page.getByRole('searchbox', { name: 'Program or university' });
    await input.fill('Heidelberg');
    await input.press('Enter');
    await expect(page).toHaveURL(`${server}/studyportal/search?name=Heidelberg`);
    await page.getByRole('tab', { name: /Universities/ }).click();
    await page.getByRole('link', { name: 'Heidelberg University' }).click();
    await expect(page).toHaveURL(`${server}/studyportal/university/heidelberg-university`);
    await expect(page.getByRole('heading', { level: 2, name: 'Heidelberg University' })).toBeVisible();
  });
});

test.describe('study-guide article', () => {
  test('breadcrumb, last updated, share buttons, table of contents and related articles', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/blog/student-visa-checklist/`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Study Guide' })).toHaveAttribute('href', '/studyguide');
    await expect(page.getByText(/Last updated: .*20\d\d/)).toBeVisible();
    const contents = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(contents.getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Share on/ })).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Related Articles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You may be interested' })).toBeVisible();
  });
});

test.describe('study-portal search filters', () => {
  test('a study-field card leads to the search narrowed to its field', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/studyportal`);
    await page.getByRole('link', { name: 'Arts and design' }).click();
    await expect(page).toHaveURL(`${server}/studyportal/search?category_ids=arts`);
    const results = page.getByRole('tabpanel');
    // the seeded arts programs, and no program of another field (e.g. Heidelberg's law)
    await expect(page.getByRole('tab', { name: 'Programs (2)' })).toBeVisible();
    await expect(results.getByRole('link')).toHaveText([
      'Architecture (Bachelor of Science)',
      'Visual Communication (Bachelor of Arts)',
    ]);
    await page.getByRole('tab', { name: /Universities/ }).click();
    await expect(results.getByRole('link')).toHaveText([
      'Berlin University of the Arts',
      'Technical University of Berlin',
    ]);
    await expect(results.getByRole('link', { name: 'Heidelberg University' })).toHaveCount(0);
  });

  test('the university select finds a university by part of its name and narrows the results', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/studyportal/search`);
    await expect(page.getByRole('tab', { name: /^Programs \(\d\d\)$/ })).toBeVisible();
    const filter = page.getByRole('form', { name: 'Filter' });
    const university = filter.getByRole('combobox', { name: 'University' });
    await university.fill('heidel');
    await expect(university).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('listbox', { name: 'University' }).getByRole('option')).toHaveText([
      'Heidelberg University',
    ]);
    await expectAccessible(page, 'the search page with the university select open');
    await university.press('ArrowDown');
    await expect(university).toHaveAttribute('aria-activedescendant', /option-0$/);
    await university.press('Enter');
    await expect(university).toHaveValue('Heidelberg University');
    await filter.getByRole('button', { name: 'Show results' }).click();
    await expect(page.getByRole('tab', { name: 'Programs (3)' })).toBeVisible();
    const results = page.getByRole('tabpanel');
    await expect(results.locator('.cs-result-card')).toHaveCount(3);
    for (const card of await results.locator('.cs-result-card').all()) {
      await expect(card).toContainText('Heidelberg University');
    }
    await page.getByRole('tab', { name: 'Universities (1)' }).click();
    await expect(results.getByRole('link')).toHaveText(['Heidelberg University']);
  });

  test('the university select pages on scrolling; results page with our page buttons', async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/studyportal/search`);
    const university = page.getByRole('form', { name: 'Filter' }).getByRole('combobox', { name: 'University' });
    await university.click();
    const options = page.getByRole('listbox', { name: 'University' }).getByRole('option');
    await expect(options).toHaveCount(10);
    await page.getByRole('listbox', { name: 'University' }).evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    await expect(options).toHaveCount(20);
    await university.press('Escape');

    await page.getByRole('tab', { name: /Universities/ }).click();
    const pages = page.getByRole('navigation', { name: 'Universities: result pages' });
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('tabpanel').locator('.cs-result-card')).toHaveCount(3);
    await expect(page.locator('.ant-pagination, .ant-select')).toHaveCount(0);
  });

  test('mobile: the filter is a full-width drawer', async ({ page, server }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, `${server}/studyportal/search`);
    await page.getByRole('button', { name: 'Filter' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(375);
    await expectAccessible(page, 'the filter drawer', '.cs-filter-drawer');
    const location = drawer.getByRole('combobox', { name: 'Location' });
    await location.fill('garch');
    await page.getByRole('option', { name: 'Garching' }).click();
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Universities (1)' })).toBeVisible();
  });
});

test.describe('carousels', () => {
  test('testimonials take the height of the quote in view; a loop goes back from the first slide to the last', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `${server}/`);
    const testimonials = page.locator('section[data-block-type="Testimonials"]');
    await testimonials.scrollIntoViewIfNeeded();
    await expect(testimonials.getByRole('button', { name: /Next|Previous/ })).toHaveCount(0);
    // the viewport's height and the natural height of the slide in view (its content, margins and padding)
    const heights = () =>
      testimonials.locator('.cs-carousel-viewport').evaluate((viewport) => {
        const slide = viewport.querySelector('.cs-carousel-slide:not([inert])') as HTMLElement;
        const px = (e: Element, ...props: string[]) =>
          props.reduce((sum, p) => sum + Number.parseFloat(getComputedStyle(e).getPropertyValue(p)), 0);
        const content = [...slide.children].reduce(
          (sum, child) => sum + child.getBoundingClientRect().height + px(child, 'margin-top', 'margin-bottom'),
          px(slide, 'padding-top', 'padding-bottom'),
        );
        return [Math.round(viewport.getBoundingClientRect().height), Math.round(content)];
      });
    const first = await heights();
    expect(first[0]).toBe(first[1]);
    await testimonials.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(testimonials.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    await expect.poll(async () => (await heights())[0]).toBe((await heights())[1]);
    // the seeded quotes differ in length: the carousel changed its height with them
    expect((await heights())[0]).not.toBe(first[0]);

    await open(page, `${server}/studyportal`);
    const universities = page.locator('section[data-block-type="UniversityCarousel"]');
    const dots = universities.getByRole('button', { name: /Go to slide/ });
    const total = await dots.count();
    await universities.getByRole('button', { name: 'Previous' }).click();
    await expect(dots.nth(total - 1)).toHaveAttribute('aria-current', 'true');
    await expect(universities.locator('.cs-carousel-track')).toHaveAttribute('style', /transition: none/);
  });
});
