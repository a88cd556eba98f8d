/**
 * The university review form from the content service (schemas/review/university-review.cms.json; spec 001 §2,
 * §3 review definition, §4 review status, §5 review rules, §7 calls 9 and 10, §8): every review field type
 * (uni-select, program-select, uni-location-select, datepicker, input, rate, select, radiogroup, checkbutton,
 * textarea, currency, checkbox), answers posted to the form's action with X-Language, the configured success
 * and error messages. Filled as a person would; the stored answers are read back.
 */
import type { Page } from '@playwright/test';
import {
  accessible,
  button,
  choose,
  expectMessage,
  field,
  headline,
  INVALID,
  pick,
  REQUIRED,
  typeDate,
} from './filling.js';
import { expect, latestSubmission, test } from './fixtures.js';

const FORM = 'review-your-university';
const ACTION = '**/api/reviews/university';

/** The form's texts a person reads and fills by, in English and German (the CMS definition's `translations`). */
const WORDS = {
  en: {
    headline: 'Which university?',
    university: 'University',
    tum: 'Technical University of Munich',
    program: 'Program',
    informatics: 'Informatics',
    campus: 'Campus',
    start: 'Start of studies',
    overall: 'Overall',
    semester: 'Semester',
    second: 'Second',
    country: 'Country of origin',
    recommend: 'Would you recommend it?',
    yes: 'Yes',
    liked: 'What did you like?',
    city: 'City',
    experience: 'Your experience',
    rent: 'Monthly rent',
    consent: 'I agree to publish',
    success: 'Thanks for your review!',
    failure: 'Your review could not be sent.',
  },
  de: {
    headline: 'Welche Hochschule?',
    university: 'Hochschule',
    tum: 'Technische Universität München',
    program: 'Studiengang',
    informatics: 'Informatik',
    campus: 'Campus',
    start: 'Studienbeginn',
    overall: 'Gesamt',
    semester: 'Semester',
    second: 'Zweites',
    country: 'Herkunftsland',
    recommend: 'Würdest du sie empfehlen?',
    // the CMS's 'Yes' is the catalogue's 'Yes', so it speaks the page's language without a translation of its own
    yes: 'Ja',
    liked: 'Was hat dir gefallen?',
    city: 'Stadt',
    experience: 'Deine Erfahrungen',
    rent: 'Monatsmiete',
    consent: 'Ich bin mit der Veröffentlichung einverstanden',
    success: 'Danke für deine Bewertung!',
    failure: 'Deine Bewertung konnte nicht gesendet werden.',
  },
};
type Words = (typeof WORDS)['en'];
const EN = WORDS.en;
const SUCCESS = EN.success;

async function open(page: Page, server: string, query = '', words: Words = EN): Promise<void> {
  await page.goto(`${server}/forms/${FORM}${query}`);
  await expect(headline(page, new RegExp(`^${words.headline.replace('?', '\\?')}`))).toBeVisible();
}

/**
 * Step 1: the university from the content service's records, a program and a campus of it (named in the
 * page's language by the search), the start.
 */
async function fillUniversity(page: Page, words: Words = EN): Promise<void> {
  await choose(page, words.university, words.tum);
  await choose(page, words.program, words.informatics, 'inform');
  await choose(page, words.campus, 'Garching');
  await typeDate(page, words.start, '10/2024');
}

/** Step 2: four stars, a semester, a country typed in (no choices given), a recommendation, two likes. */
async function fillRatings(page: Page, words: Words = EN): Promise<void> {
  await page.getByRole('list', { name: words.overall }).getByRole('radio').nth(3).click();
  await choose(page, words.semester, words.second);
  await choose(page, words.country, 'Vietnam', 'Vietnam');
  await pick(page, words.recommend, words.yes);
  const liked = page.getByRole('group', { name: words.liked });
  await liked.getByRole('checkbox', { name: words.campus }).check();
  await liked.getByRole('checkbox', { name: words.city }).check();
}

/** Step 3: the experience, the rent in euros, the consent. */
async function fillDetails(page: Page, words: Words = EN): Promise<void> {
  await field(page, words.experience).fill('Great labs and helpful tutors.');
  await field(page, words.rent).fill('420');
  await page.getByRole('checkbox', { name: words.consent }).check();
}

test.describe('university review form', () => {
  test('validates each step, posts the answers with X-Language and shows the success message', async ({
    page,
    server,
    sql,
  }) => {
    await open(page, server);
    // desktop: no indicator on the first step, dots after it
    await expect(page.locator('.antrag-wizard').getByRole('progressbar')).toHaveCount(0);
    await accessible(page, 'step 1');

    // the program and campus selects wait for a university
    await expect(page.getByRole('combobox', { name: /Program/ })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: /Campus/ })).toBeDisabled();
    await field(page, 'Nickname').fill('Lena_99');
    await button(page, 'Next').click();
    for (const label of ['University', 'Program', 'Start of studies']) await expectMessage(page, label, REQUIRED);
    await expectMessage(page, 'Nickname', INVALID);
    await accessible(page, 'step 1 with its messages');
    await fillUniversity(page);
    await field(page, 'Nickname').fill('lena');
    await button(page, 'Next').click();

    await expect(headline(page, 'Ratings')).toBeVisible();
    await accessible(page, 'step 2');
    await button(page, 'Next').click();
    for (const label of ['Semester', 'Would you recommend it?']) await expectMessage(page, label, REQUIRED);
    await expect(page.getByText(REQUIRED)).toHaveCount(3);
    await fillRatings(page);
    await button(page, 'Next').click();

    await expect(headline(page, 'Details')).toBeVisible();
    await expect(page.getByText('€')).toBeVisible();
    // Previous goes back without validation, and nothing is lost
    await button(page, 'Previous').click();
    await expect(page.getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
    await button(page, 'Next').click();
    // blanks only: no answer, and not what the CMS pattern asks for
    await field(page, 'Your experience').fill('   ');
    await button(page, 'Done').click();
    await expect(field(page, 'Your experience')).toHaveAccessibleDescription(`${REQUIRED} ${INVALID}`);
    await expectMessage(page, 'I agree to publish', REQUIRED);
    await accessible(page, 'step 3 with its messages');
    await fillDetails(page);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/reviews/university'));
    await button(page, 'Done').click();
    const sent = await request;
    expect(sent.headers()['x-language']).toBe('en');
    const answers = {
      university: 'uni-tum',
      program: 'Informatics',
      location: 'Garching',
      startMonth: '2024-10',
      nickname: 'lena',
      overall: 4,
      semester: 2,
      country: 'Vietnam',
      recommend: 'yes',
      liked: ['campus', 3],
      experience: 'Great labs and helpful tutors.',
      rent: 420,
      consent: true,
    };
    expect(sent.postDataJSON()).toMatchObject(answers);

    await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await accessible(page, 'the success page');
    const stored = await latestSubmission(sql, FORM);
    expect(stored?.kind).toBe('review');
    expect(stored?.language).toBe('en');
    expect(stored?.data).toMatchObject(answers);
  });

  test("loads each step's validators a step ahead; when they cannot be loaded, says so, and Try again loads them", async ({
    page,
    server,
  }) => {
    // the network fails for step 2's validators until the test lets them through
    const asked: string[] = [];
    let offline = true;
    await page.route('**/api/forms/*/validators/1.js*', async (route) => {
      asked.push(new URL(route.request().url()).search);
      if (offline) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await open(page, server);
    // asked for once the applicant starts on step 1, while it shows (and failed, which says nothing until step 2
    // opens): the validators of the version the form came in (a publish meanwhile changes nothing for this page)
    await fillUniversity(page);
    await expect.poll(() => asked).toEqual(['?version=1']);
    await button(page, 'Next').click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This step could not be loaded. Please check your connection and try again.');
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeFocused();
    await expect(headline(page, 'Ratings')).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Semester/ })).toHaveCount(0);
    await accessible(page, 'a step whose validators could not be loaded');
    expect(asked).toEqual(['?version=1', '?version=1&retry=1']);

    // back online: the retry asks for another address (older browsers keep a failed module import), and the step checks
    offline = false;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: /Semester/ })).toBeVisible();
    expect(asked).toEqual(['?version=1', '?version=1&retry=1', '?version=1&retry=2']);
    await button(page, 'Next').click();
    for (const label of ['Semester', 'Would you recommend it?']) await expectMessage(page, label, REQUIRED);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('shows the step count and a progress bar, the error message on failure, and scrolls to the top', async ({
      page,
      server,
      sql,
    }) => {
      // the form speaks the page's language: its own texts from the definition's translations, the rest the catalogue's
      const de = WORDS.de;
      await open(page, server, '?lang=de', de);
      await expect(headline(page, 'Welche Hochschule? (1/3)')).toBeVisible();
      await fillUniversity(page, de);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(headline(page, 'Bewertungen (2/3)')).toBeVisible();
      await expect(page.getByRole('progressbar')).toBeVisible();
      await accessible(page, 'step 2 on a phone');
      await fillRatings(page, de);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(headline(page, 'Details (3/3)')).toBeVisible();
      await fillDetails(page, de);

      // the server refuses the answers (a rating above five stars, set on the way): the configured error message
      let language: string | undefined;
      await page.route(ACTION, async (route) => {
        language = route.request().headers()['x-language'];
        await route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), overall: 9 }) });
      });
      await page.getByRole('button', { name: 'Fertig' }).click();
      await expect(page.getByText(de.failure, { exact: true })).toBeVisible();
      expect(language).toBe('de');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await accessible(page, 'the failure page');
      await page.unroute(ACTION);
      const before = (await latestSubmission(sql, FORM))?.id ?? 0;

      // back to the filled form, and this time the answers go through
      await page.getByRole('button', { name: /Formular/ }).click();
      await page.getByRole('button', { name: 'Fertig' }).click();
      await expect(page.getByText(de.success, { exact: true })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const stored = await latestSubmission(sql, FORM);
      expect(stored?.id).toBeGreaterThan(before);
      expect(stored?.language).toBe('de');
    });
  });
});
