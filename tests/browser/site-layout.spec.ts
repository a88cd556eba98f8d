/**
 * The content site's layout at 375 px and 1440 px, measured in Chromium (issue 20: what trying the site at both
 * widths found): the article hero and card images take the heights of spec 002 §9, a tall picture beside text (the
 * phone of the roadmap and the feature carousel) stays within the media height and keeps its place before it
 * loads, every control uses the site's typeface, the sticky package bar docks below the header and under it, the
 * mobile drawer's close button is its own (reachable, focused, focus going back to the menu button), and search
 * results show degree and place, and the study field in force, which can be taken away.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.locator('.cs-loading')).toHaveCount(0);
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
};

/** The heights of every element the locator finds, rounded to a tenth of a pixel. */
const heights = (locator: Locator) =>
  locator.evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().height * 10) / 10));

/** Whether the element hit at a point of the viewport is the locator's element or inside it. */
const hitAt = (locator: Locator, x: number, y: number) =>
  locator.evaluate((element, [px, py]) => element.contains(document.elementFromPoint(px, py)), [x, y] as const);

/** The content site with the app flag on (the feature carousel shows): the flag in the shell's inline content. */
async function withAppFlag(page: Page) {
  const flip = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.text()).replaceAll('"flags":{"app":false}', '"flags":{"app":true}');
    await route.fulfill({ response, body });
  };
  await page.route((url) => url.pathname === '/' || url.pathname.startsWith('/api/content/site'), flip);
}

for (const width of [375, 1440]) {
  const desktop = width >= 1024;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: desktop ? 900 : 812 } });

    test('the article hero and the card images take the heights of spec 002 §9', async ({ page, server }) => {
      await open(page, `${server}/blog/student-visa-checklist/`);
      // 500 px on desktop, 200 on phones; card images 240 and 160 (an image rule of no weight left them 318 and 132)
      expect(await heights(page.locator('.cs-article-hero'))).toEqual([desktop ? 500 : 200]);
      const related = page.locator('.cs-related .cs-card-image');
      await expect(related).not.toHaveCount(0);
      for (const h of await heights(related)) expect(h).toBe(desktop ? 240 : 160);
      // the suggested articles' thumbnails are 80 px square (spec 2.5), the upsell pictures 96
      for (const h of await heights(page.locator('.cs-thumb'))) expect(h).toBe(80);
      for (const h of await heights(page.locator('.cs-upsell-image'))) expect(h).toBe(96);

      await open(page, `${server}/`);
      const cards = page.locator('section[data-block-type="ArticleCardList"] .cs-card-image');
      await expect(cards).not.toHaveCount(0);
      for (const h of await heights(cards)) expect(h).toBe(desktop ? 240 : 160);
    });

    test('a tall picture beside text is shown whole within the media height, its place kept before it loads', async ({
      page,
      server,
    }) => {
      const most = desktop ? 480 : 360;
      // the roadmap's phone (300 × 600) stretched to its column's width was 1,216 px high on desktop, 686 on phones
      const pictures = page.locator('section[data-block-type="RoadmapBanner"] img');
      // its box while the pictures are held back equals its box once they are there: nothing moves when they arrive
      const held: Route[] = [];
      let holding = true;
      await page.route('**/content-assets/**', (route) => (holding ? held.push(route) : route.continue()));
      await page.goto(`${server}/blocked-account`);
      await expect(page.locator('footer')).toBeVisible();
      await pictures.first().scrollIntoViewIfNeeded();
      const before = await heights(pictures);
      expect(await pictures.evaluateAll((images) => images.some((i) => (i as HTMLImageElement).complete))).toBe(false);
      holding = false;
      for (const route of held) await route.continue();
      await expect
        .poll(() => pictures.evaluateAll((images) => images.every((i) => (i as HTMLImageElement).complete)))
        .toBe(true);
      for (const picture of await pictures.all()) await picture.scrollIntoViewIfNeeded();
      const after = await heights(pictures);
      expect(after).toEqual(before);
      for (const h of after) expect(h).toBeLessThanOrEqual(most);
      const phone = page.locator('section[data-block-type="RoadmapBanner"] img[src$="asset-app-phone"]');
      expect((await box(phone)).height).toBe(most);
      // whole, not cut or stretched
      await expect(phone).toHaveCSS('object-fit', 'contain');

      await withAppFlag(page);
      await open(page, `${server}/`);
      const slides = page.locator('section[data-block-type="Carousel"] .cs-feature-slide img');
      await expect(slides).not.toHaveCount(0);
      for (const h of await heights(slides)) expect(h).toBeLessThanOrEqual(most);
      await expect(slides.first()).toHaveCSS('object-fit', 'contain');
    });

    test("buttons, inputs and select boxes use the site's typeface", async ({ page, server }) => {
      const typefaces = () =>
        page.locator('.cs-site').evaluate((site) => {
          const own = getComputedStyle(site).fontFamily;
          const others = [...site.querySelectorAll('button, input, select, textarea')]
            .filter((control) => getComputedStyle(control).fontFamily !== own)
            .map((control) => `${control.outerHTML.slice(0, 80)}: ${getComputedStyle(control).fontFamily}`);
          return { own, others };
        });
      for (const path of ['/studyportal/search', '/blog/student-visa-checklist/', '/blocked-account', '/']) {
        await open(page, `${server}${path}`);
        const { own, others } = await typefaces();
        expect(own).toMatch(/^system-ui/);
        expect(others, path).toEqual([]);
      }
      // the search hero's input and button, where Arial stood out most
      await open(page, `${server}/studyportal`);
      const hero = page.locator('section[data-block-type="SearchHero"]');
      const site = await page.locator('.cs-site').evaluate((e) => getComputedStyle(e).fontFamily);
      await expect(hero.getByRole('searchbox')).toHaveCSS('font-family', site);
      await expect(hero.getByRole('button', { name: 'Search' })).toHaveCSS('font-family', site);
    });

    test('the sticky package bar docks below the header: nothing of the header shows through it', async ({
      page,
      server,
    }) => {
      await open(page, `${server}/blocked-account`);
      const bar = page.getByTestId('package-sticky-bar');
      const header = page.locator('header.cs-header');
      await page.locator('section[data-block-type="RoadmapBanner"]').scrollIntoViewIfNeeded();
      if (!desktop) {
        // phones show the packages as tabs and no bar (spec 4); the header's menu button stays on top
        await expect(bar).toHaveCount(0);
        const menu = page.getByRole('button', { name: 'Open menu' });
        const m = await box(menu);
        expect(await hitAt(menu, m.x + m.width / 2, m.y + m.height / 2)).toBe(true);
        return;
      }
      await expect(bar).toBeVisible();
      const button = header.getByRole('link', { name: 'Open the app' });
      const [b, h, s] = [await box(bar), await box(header), await box(button)];
      // the bar starts where the header ends (it sat at the top, 9 px lower than the header, the button below it)
      expect(Math.abs(b.y - (h.y + h.height))).toBeLessThan(1);
      expect(s.y + s.height).toBeLessThanOrEqual(b.y);
      const x = s.x + s.width / 2;
      expect(await hitAt(button, x, s.y + s.height / 2)).toBe(true);
      expect(await hitAt(bar, x, b.y + 2)).toBe(true);
      expect(await hitAt(bar, x, b.y + b.height - 2)).toBe(true);
      // the header's menus open over the bar
      await header.getByRole('button', { name: 'Study guide' }).click();
      const entry = header.getByRole('link', { name: 'Living in Germany' });
      const e = await box(entry);
      expect(e.y + e.height).toBeGreaterThan(b.y);
      expect(await hitAt(entry, e.x + e.width / 2, e.y + e.height / 2)).toBe(true);
    });

    test('search results show degree and place; the study field in force shows and can be taken away', async ({
      page,
      server,
    }) => {
      await open(page, `${server}/studyportal/search?category_ids=computer-science&name=informatics`);
      const results = page.getByRole('tabpanel');
      // the Bachelor and the Master of one name at one university differ in what is seen and in their links' names
      const bachelor = results.getByRole('listitem').filter({
        has: page.getByRole('link', { name: 'Informatics (Bachelor of Science)', exact: true }),
      });
      const master = results.getByRole('listitem').filter({
        has: page.getByRole('link', { name: 'Informatics (Master of Science)', exact: true }),
      });
      for (const card of [bachelor, master]) {
        await expect(card).toContainText('Technical University of Munich');
        await expect(card).toContainText('Garching');
      }

      // arriving from a field card: the field is shown by its name
      await open(page, `${server}/studyportal`);
      await page.getByRole('link', { name: 'Computer science', exact: true }).click();
      await expect(page).toHaveURL(`${server}/studyportal/search?category_ids=computer-science`);
      const filters = page.getByRole('list', { name: 'Active filters' });
      const field = filters.getByRole('button', { name: 'Remove filter: Field of study: Computer science' });
      await expect(field).toBeVisible();
      await expect(field).toHaveText('Field of study: Computer science');
      const programs = page.getByRole('tab', { name: /^Programs/ });
      await expect(programs).toHaveText('Programs (15)');
      await expectAccessible(page, `the search page with a study field in force at ${width} px`);
      // taken away from the keyboard: the search widens, the address follows, focus goes on to the results
      await field.focus();
      await page.keyboard.press('Enter');
      await expect(filters).toHaveCount(0);
      await expect(programs).toHaveText('Programs (46)');
      await expect(page).toHaveURL(`${server}/studyportal/search`);
      await expect(programs).toBeFocused();
    });

    test('the mobile drawer has its own close button, on top and focused; focus goes back to the menu button', async ({
      page,
      server,
    }) => {
      await open(page, `${server}/`);
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (desktop) {
        // the desktop header shows its menus in place: no drawer
        await expect(menu).toHaveCount(0);
        await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
        return;
      }
      const drawer = page.getByRole('dialog', { name: 'Main menu' });
      const close = drawer.getByRole('button', { name: 'Close menu' });
      await menu.click();
      await expect(drawer).toBeVisible();
      // the drawer covered the header's toggle, its only close button: now its own is the element at its centre
      const c = await box(close);
      expect(await hitAt(close, c.x + c.width / 2, c.y + c.height / 2)).toBe(true);
      expect(c.x + c.width).toBeLessThanOrEqual(width);
      await expect(close).toBeFocused();
      await expectAccessible(page, 'the open navigation drawer', '.cs-nav-sheet');
      // the keyboard meets the drawer's links and language box, never the page behind it, and comes back
      const inDrawer = () => drawer.evaluate((dialog) => dialog.contains(document.activeElement));
      const stops = await drawer.locator('a:visible, button:visible, select:visible').count();
      expect(stops).toBeGreaterThan(5);
      for (let i = 1; i < stops; i++) {
        await page.keyboard.press('Tab');
        expect(await inDrawer()).toBe(true);
      }
      await expect(drawer.getByLabel('Language')).toBeFocused();
      for (let i = 1; i < stops; i++) await page.keyboard.press('Shift+Tab');
      await expect(close).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(drawer).toBeHidden();
      await expect(menu).toBeFocused();
      // Escape, and a click on the dimmed page beside it, close it too
      await menu.click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(menu).toBeFocused();
      await menu.click();
      await page.mouse.click(10, 400);
      await expect(drawer).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });
  });
}

/** How far the page reaches past the viewport's right edge (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('long languages on the desktop header', () => {
  for (const width of [1024, 1280, 1440]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('the logo, every menu entry and the language box stay on the page; the bar docks below', async ({
        page,
        server,
      }) => {
        for (const locale of ['en', 'fr', 'vi', 'ru']) {
          await open(page, `${server}${locale === 'en' ? '' : `/${locale}`}/blocked-account`);
          const header = page.locator('header.cs-header');
          // the logo was squeezed to 0 px and the language box pushed off the page (ru 1,544 px wide at 1440)
          expect((await box(header.locator('.cs-logo img'))).width, locale).toBeGreaterThan(100);
          expect(await overflow(page), locale).toBe(0);
          for (const item of await header.locator('a:visible, button:visible, select:visible').all()) {
            const b = await box(item);
            expect(b.x, locale).toBeGreaterThanOrEqual(0);
            expect(b.x + b.width, `${locale}: ${await item.textContent()}`).toBeLessThanOrEqual(width);
          }
          // a header grown to two lines still has the package bar right below it
          await page.locator('section[data-block-type="RoadmapBanner"]').scrollIntoViewIfNeeded();
          const bar = page.getByTestId('package-sticky-bar');
          await expect(bar).toBeVisible();
          await expect
            .poll(async () => Math.abs((await box(bar)).y - ((await box(header)).y + (await box(header)).height)))
            .toBeLessThan(1);
        }
      });
    });
  }
});

test.describe('long words on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('no page scrolls sideways, and every tab is in sight', async ({ page, server }) => {
    for (const path of [
      '/de/blog/finding-a-room/',
      '/de/blocked-account',
      '/de/health-insurance',
      '/ru/studyportal/search?category_ids=computer-science',
      '/vi/studyportal/search?category_ids=computer-science',
    ]) {
      await open(page, `${server}${path}`);
      // German compounds in headings ("Finanzierungsnachweis", "Reisekrankenversicherung") widened the page
      expect(await overflow(page), path).toBe(0);
      for (const tab of await page.locator('.cs-tab').all()) {
        const b = await box(tab);
        expect(b.x + b.width, `${path}: ${await tab.textContent()}`).toBeLessThanOrEqual(375);
      }
    }
  });

  test("a booking link opens its form in the page's language", async ({ page, server }) => {
    await open(page, `${server}/de/blog/finding-a-room/`);
    await page.locator('a[href^="/booking/blocked-account"]').first().click();
    await expect(page).toHaveURL(/\/forms\/blocked-account\?lang=de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('the header as the window changes, and places links lead to', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('English and German fit one line from 1280 px; a header grown for a narrow window shrinks back', async ({
    page,
    server,
  }) => {
    const header = page.locator('header.cs-header');
    for (const path of ['/blocked-account', '/de/blocked-account']) {
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, `${server}${path}`);
        // "Open the app" went alone to a second line at every width (101 px)
        expect((await box(header)).height, `${path} at ${width}`).toBeLessThan(70);
      }
    }
    await page.setViewportSize({ width: 1024, height: 800 });
    await open(page, `${server}/fr/blocked-account`);
    const tall = (await box(header)).height;
    expect(tall).toBeGreaterThan(70);
    // the header's measured height fed its own least height: it only grew, 233 px after a visit to 800 px
    await page.setViewportSize({ width: 800, height: 800 });
    await expect.poll(async () => (await box(header)).height).toBeLessThan(70);
    await page.setViewportSize({ width: 1920, height: 800 });
    await expect.poll(async () => (await box(header)).height).toBeLessThan(tall);
    await page.locator('section[data-block-type="RoadmapBanner"]').scrollIntoViewIfNeeded();
    const bar = page.getByTestId('package-sticky-bar');
    await expect
      .poll(async () => Math.abs((await box(bar)).y - ((await box(header)).y + (await box(header)).height)))
      .toBeLessThan(1);
  });

  test("an article's headings show below the header: from its table of contents, and opened by address", async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await open(page, `${server}/fr/blog/finding-a-room/`);
    const header = page.locator('header.cs-header');
    const below = async (heading: Locator) => {
      const h = await box(header);
      await expect.poll(async () => (await box(heading)).y).toBeGreaterThanOrEqual(h.y + h.height);
      expect((await box(heading)).y).toBeLessThan(768);
    };
    const toc = page.getByRole('navigation', { name: 'Table des matières' });
    const link = toc.getByRole('link').nth(1);
    const id = (await link.getAttribute('href'))?.slice(1) ?? '';
    await link.click();
    await below(page.locator(`[id="${id}"]`));
    // opened from elsewhere: the page scrolls to it once the article has drawn it (it stayed at the top)
    await page.goto('about:blank');
    await page.goto(`${server}/fr/blog/finding-a-room/#${id}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await below(page.locator(`[id="${id}"]`));
  });

  test('a menu closed by Escape gives the focus back to its button; leaving it by Tab closes it', async ({
    page,
    server,
  }) => {
    await open(page, `${server}/`);
    const button = page.locator('header.cs-header').getByRole('button', { name: 'Study guide' });
    await button.click();
    const entry = page.getByRole('link', { name: 'Living in Germany' });
    await entry.focus();
    await page.keyboard.press('Escape');
    await expect(entry).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(entry).toBeVisible();
    const entries = await button.locator('xpath=..').getByRole('link').count();
    for (let i = 0; i <= entries; i++) await page.keyboard.press('Tab');
    await expect(entry).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('tabs on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('share one row, a long label on two lines', async ({ page, server }) => {
    for (const path of ['/ru/studyportal/search', '/de/blocked-account']) {
      await open(page, `${server}${path}`);
      const tops = await page
        .locator('.cs-tabs')
        .first()
        .locator('.cs-tab')
        .evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
      expect(tops.length, path).toBeGreaterThan(1);
      // the tabs went one under another, the active one's line between them
      expect(new Set(tops).size, path).toBe(1);
    }
  });
});
