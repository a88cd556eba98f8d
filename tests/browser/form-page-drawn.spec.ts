/**
 * Form pages drawn on the server (issue 19): the first step's HTML comes in the page, in its language, and the
 * browser hydrates it. An applicant on a phone reads and sees the fields before any script has run; once the
 * scripts are there nothing moves, nothing is drawn twice, and the form works as before.
 */
import http from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { choose, field, headline, itemOf } from './filling.js';
import { expect, test } from './fixtures.js';

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** The page's HTML as the server sends it, once it carries a drawing (a form is drawn once, in the background). */
async function drawnHtml(request: APIRequestContext, url: string, agent = DESKTOP_AGENT): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await request.get(url, { headers: { 'User-Agent': agent } })).text();
        return html.includes('id="antrag-form-page"');
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return html;
}

/** GET with the path sent byte for byte (no encoding by a client library), once the page is drawn. */
async function rawGet(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const path = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  let body = '';
  await expect
    .poll(
      async () => {
        body = await new Promise<string>((resolve, reject) => {
          const request = http.request({ hostname, port, path, method: 'GET' }, (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve(text));
          });
          request.on('error', reject);
          request.end();
        });
        return body.includes('id="antrag-form-page"');
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return body;
}

/** The `#root` element's content as sent. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="antrag-form-page"'));

test.describe('a form page as the server sends it', () => {
  test('holds the first step in the page language, and what the browser needs to hydrate it', async ({
    request,
    server,
  }) => {
    const en = rootOf(await drawnHtml(request, `${server}/forms/health-insurance-booking`));
    expect(en).toContain('Tell us about yourself');
    expect(en).toMatch(/<label for="root_firstName"[^>]*>First name<\/label>/);
    expect(en).toContain('id="root_firstName"');

    const deHtml = await drawnHtml(request, `${server}/forms/health-insurance-booking?lang=de`);
    expect(deHtml).toMatch(/<html lang="de"/);
    expect(rootOf(deHtml)).toMatch(/<label for="root_firstName"[^>]*>Vorname<\/label>/);
    // antd's styles of what is drawn come in the head, so nothing is unstyled before the scripts run
    expect(deHtml.slice(0, deHtml.indexOf('</head>'))).toMatch(/<style[^>]*data-rc-order|<style[^>]*data-css-hash/);
  });

  test('draws the phone layout for a phone', async ({ request, server }) => {
    const phone = rootOf(await drawnHtml(request, `${server}/forms/health-insurance-booking`, PHONE_AGENT));
    const desktop = rootOf(await drawnHtml(request, `${server}/forms/health-insurance-booking`, DESKTOP_AGENT));
    // on a phone the step count stands in the headline; a wide screen has the numbered steps instead
    expect(phone).toContain('(1/9)');
    expect(desktop).not.toContain('(1/9)');
    expect(desktop).toContain('ant-steps');
  });

  test('leaves to the browser a variant it chooses there, and keeps a hostile address inert', async ({
    request,
    server,
  }) => {
    // the contact form's variant depends on the viewport; a named option picks another variant
    await drawnHtml(request, `${server}/forms/blocked-account`);
    for (const path of ['/forms/contact-enquiry', '/forms/blocked-account?faceVerification=false']) {
      const html = await (await request.get(`${server}${path}`)).text();
      expect(html, path).not.toContain('id="antrag-form-page"');
      expect(html, path).toContain('<div id="root"></div>');
    }
    // the address as a browser sends it, and with its '<' unencoded as a hand-made request may
    for (const query of [
      '?lang=%3Cscript%3E&x=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E',
      '?lang=<script>&x=</script><script>alert(1)</script>',
    ]) {
      const hostile = await rawGet(`${server}/forms/health-insurance-booking${query}`);
      expect(hostile, query).toMatch(/<html lang="en"/);
      expect(hostile, query).not.toContain('<script>alert(1)');
      expect(hostile, query).not.toContain('<script>&x');
    }
  });
});

test.describe('a drawn form page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: PHONE_AGENT });

  for (const form of ['health-insurance-booking', 'blocked-account']) {
    test(`/forms/${form} asks for no code before its first screen, then for all its first step needs at once`, async ({
      page,
      request,
      server,
    }) => {
      const html = await drawnHtml(request, `${server}/forms/${form}`, PHONE_AGENT);
      const head = html.slice(0, html.indexOf('</head>'));
      // the head holds styles only: nothing the first screen waits for but them
      expect(head).not.toMatch(/<script|modulepreload/);
      const announced = new Set(
        [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
      );
      // the first step's validators and the runtime they import are among what the page announces
      expect([...announced].some((href) => href.startsWith(`/api/forms/${form}/validators/0.js`))).toBe(true);
      expect(announced.has('/assets/validation-runtime.js')).toBe(true);

      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          if (!document.querySelector('#root[data-hydrated]')) return;
          (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
      });
      await page.goto(`${server}/forms/${form}`);
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      const seen = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
        hydratedAt: (window as unknown as { __hydratedAt: number }).__hydratedAt,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(\?|$)/.test(new URL(entry.name).pathname + new URL(entry.name).search))
          .map((entry) => ({
            path: new URL(entry.name).pathname + new URL(entry.name).search,
            start: entry.startTime,
          })),
      }));
      const beforeHydration = seen.scripts.filter((s) => s.start < seen.hydratedAt);
      expect(beforeHydration.length).toBeGreaterThan(0);
      // no script was asked for before the screen was first drawn
      for (const script of seen.scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(seen.firstPaint);
      // and every script the hydration waited for was announced with the page: one round, no chain of requests
      // (the engine, then the step's widgets, then the validation runtime)
      expect(beforeHydration.map((s) => s.path).filter((path) => !announced.has(path))).toEqual([]);
    });
  }
});

test.describe('a drawn form page whose code cannot be loaded', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: PHONE_AGENT });

  for (const [what, pattern] of [
    ['any of its code', '**/assets/*.js'],
    ['the form page’s chunk', '**/assets/FormPage-*.js'],
  ] as const) {
    test(`says so when ${what} fails, in the page's language, and Try again loads it`, async ({
      page,
      request,
      server,
    }) => {
      await drawnHtml(request, `${server}/forms/health-insurance-booking?lang=de`, PHONE_AGENT);
      await page.route(pattern, (route) => route.abort('internetdisconnected'));
      await page.goto(`${server}/forms/health-insurance-booking?lang=de`);
      const alert = page.getByRole('alert').filter({ hasText: 'Dieses Formular konnte nicht geladen werden' });
      await expect(alert).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Vorname' })).toBeDisabled();
      // the app's own request for the chunk made and refused too: back online before it, the page would load after
      // all and rightly take the notice down (the loader shows it at the first failed preload)
      await page.waitForLoadState('networkidle');
      await expect(alert).toBeVisible();
      // back online: the link asks for the page again, which then works
      await page.unroute(pattern);
      await alert.getByRole('link', { name: 'Erneut versuchen' }).click();
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      await expect(page.getByRole('textbox', { name: 'Vorname' })).toBeEnabled();
      await expect(alert).toBeHidden();
    });
  }
});

/** A draft of the booking's first step in this browser's storage, as a reload finds it. */
async function storeDraft(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem(
      'HEALTH_INSURANCE_BOOKING',
      JSON.stringify({ currentStep: 0, data: { firstName: 'Grace', lastName: 'Hopper' } }),
    );
  });
}

/** Holds back the requests `pattern` matches, as a slow network would, until the function returned is called. */
async function holdRequests(page: Page, pattern: string, onAsked?: () => void): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    onAsked?.();
    await held;
    await route.continue();
  });
  return release;
}

/** Layout shifts and React's complaints, counted from before the page's first byte. */
async function watch(page: Page): Promise<{ complaints: string[] }> {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|redrawn|Minified React error/i.test(message.text())) complaints.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { complaints };
}

for (const [width, height, agent] of [
  [390, 844, PHONE_AGENT],
  [1280, 800, DESKTOP_AGENT],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, userAgent: agent });

    test('the first step reads before any script runs', async ({ browser, request, server }) => {
      await drawnHtml(request, `${server}/forms/health-insurance-booking`, agent);
      const context = await browser.newContext({
        viewport: { width, height },
        userAgent: agent,
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto(`${server}/forms/health-insurance-booking`);
      await expect(page.getByRole('heading', { name: /Tell us about yourself/ })).toBeVisible();
      // and is told the form needs scripts to go on
      await expect(page.getByText(/^This form needs JavaScript\. Please turn it on/)).toBeVisible();
      const first = page.getByRole('textbox', { name: 'First name' });
      await expect(first).toBeVisible();
      // styled as the engine draws it (antd's rounded box, as wide as its column), not a bare browser input
      const radius = await first.evaluate((el) => {
        // the box drawn around the input: the input itself, or the wrapper that carries its border
        let box: Element | null = el;
        while (box && getComputedStyle(box).borderTopLeftRadius === '0px') box = box.parentElement;
        return box ? getComputedStyle(box).borderTopLeftRadius : 'none';
      });
      expect(radius).toBe('6px');
      expect((await first.boundingBox())?.width ?? 0).toBeGreaterThan(300);
      await context.close();
    });

    test('hydrates without moving or redrawing, and works', async ({ page, request, server }) => {
      await drawnHtml(request, `${server}/forms/health-insurance-booking`, agent);
      const { complaints } = await watch(page);
      // the scripts arrive late, as on a slow network: the drawn page shows meanwhile
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await page.goto(`${server}/forms/health-insurance-booking`);
      const first = page.getByRole('textbox', { name: 'First name' });
      const drawn = await first.boundingBox();
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      expect(await first.boundingBox()).toEqual(drawn);
      // no shift anyone could see: Lighthouse shows a layout shift below 0.001 as 0 (the controls' disabled look
      // ending moves nothing by more than a fraction of a pixel)
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.001);
      // hydrated: typing reaches the form, and Next checks the step
      await first.fill('Anna');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('aria-invalid', 'true');
      await expect(first).toHaveValue('Anna');
      expect(complaints).toEqual([]);
    });

    test('shows the step at once but takes input only once the scripts are there', async ({
      page,
      request,
      server,
    }) => {
      await drawnHtml(request, `${server}/forms/health-insurance-booking`, agent);
      const navigations: string[] = [];
      page.on('request', (r) => {
        if (r.isNavigationRequest()) navigations.push(r.url());
      });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server}/forms/health-insurance-booking`, { waitUntil: 'commit' });
      const first = page.getByRole('textbox', { name: 'First name' });
      // readable, but nothing taken that the form could not keep: no typing, no Next sending the page's fields
      await expect(first).toBeVisible();
      await expect(first).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      // and it looks so: the box greyed as a disabled one, not white as if it took the tap
      const boxColour = () =>
        first.evaluate((input) => getComputedStyle(input.closest('.antrag-input') as Element).backgroundColor);
      expect(await boxColour()).toBe('rgba(0, 0, 0, 0.04)');
      release();
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      await expect(first).toBeEnabled();
      await expect.poll(boxColour).toBe('rgb(255, 255, 255)');
      await first.fill('Zoë');
      await page.getByRole('radio', { name: 'Student' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('aria-invalid', 'true');
      await expect(first).not.toHaveAttribute('aria-invalid', 'true');
      await expect(first).toHaveValue('Zoë');
      expect(navigations).toHaveLength(1);
    });

    test('offers a stored draft once hydrated, without redrawing the page', async ({ page, request, server }) => {
      await drawnHtml(request, `${server}/forms/health-insurance-booking`, agent);
      const { complaints } = await watch(page);
      await storeDraft(page);
      const release = await holdRequests(page, '**/assets/*.js');
      await page.goto(`${server}/forms/health-insurance-booking`, { waitUntil: 'commit' });
      await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
      release();
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      // offered once hydrated; the page React took over is the one drawn (no redraw warning)
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(complaints).toEqual([]);
    });

    test('takes no input while a stored draft is still to be offered or answered', async ({
      page,
      request,
      server,
    }) => {
      await drawnHtml(request, `${server}/forms/health-insurance-booking`, agent);
      await storeDraft(page);
      // the offer's code held back, as on a slow network: the page is hydrated, the offer not yet shown
      let asked = false;
      const release = await holdRequests(page, '**/assets/DraftDialog-*.js', () => {
        asked = true;
      });
      await page.goto(`${server}/forms/health-insurance-booking`);
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      await expect.poll(() => asked).toBe(true);
      const lastName = page.getByRole('textbox', { name: 'Last name' });
      // typed here, the offer coming up would take the focus and the next space resume the draft over it
      await expect(lastName).toBeDisabled();
      release();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(lastName).toBeDisabled();
      await page.getByRole('button', { name: 'No, thanks!' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(lastName).toBeEnabled();
      // the focus on the step's headline, not dropped to the page's body
      await expect(page.getByRole('heading', { level: 2 })).toBeFocused();
      await lastName.fill('de la Cruz Santos');
      await expect(lastName).toHaveValue('de la Cruz Santos');
    });
  });
}

test.describe('a drawn form page whose code does not all arrive, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: PHONE_AGENT });

  test('says so where the applicant looks, and loads on trying again', async ({ page, request, server }) => {
    await drawnHtml(request, `${server}/forms/blocked-account`, PHONE_AGENT);
    await page.route('**/assets/framework-*.js', (route) => route.abort());
    await page.goto(`${server}/forms/blocked-account`);
    const notice = page.locator('#antrag-code-failed');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This form could not be loaded.');
    // on the screen, wherever the form below the top left it (it sat 1,891 px down, unseen)
    const box = await notice.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    await page.unroute('**/assets/framework-*.js');
    await notice.getByRole('link', { name: 'Try again' }).click();
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await expect(notice).toBeHidden();
  });

  test('says nothing of a file that failed once and arrived after all', async ({ page, request, server }) => {
    await drawnHtml(request, `${server}/forms/blocked-account`, PHONE_AGENT);
    let failed = 0;
    await page.route('**/assets/TextBox-*.js', (route) => {
      if (failed++ === 0) return route.abort();
      return route.continue();
    });
    await page.goto(`${server}/forms/blocked-account`);
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    expect(failed).toBeGreaterThan(1);
    await expect(page.locator('#antrag-code-failed')).toBeHidden();
    await page.getByRole('textbox', { name: 'First name' }).fill('Zoë');
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Zoë');
  });
});

test.describe('the blocked-account wizard drawn for a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: PHONE_AGENT });

  test('hydrates without the phone-number checks, and Next still refuses a wrong number', async ({
    page,
    request,
    server,
  }) => {
    await drawnHtml(request, `${server}/forms/blocked-account`, PHONE_AGENT);
    // when React took the page over, in the page's clock (before the effects that load anything later)
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('#root[data-hydrated]')) return;
        (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    // libphonenumber's metadata held back: the first step must hydrate and take input without it
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const phoneRuntime: string[] = [];
    await page.route('**/assets/validation-runtime-phone.js*', async (route) => {
      phoneRuntime.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`${server}/forms/blocked-account`);
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await expect(headline(page, 'Get Started with blocked account application')).toBeVisible();
    await choose(page, 'Country code', 'Germany (+49)', 'Germ');
    await field(page, 'Phone number').fill('151234');
    // Next waits for the phone checks rather than pass the number unchecked
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveClass(/antrag-btn-loading/);
    await expect(field(page, 'Phone number')).not.toHaveAttribute('aria-invalid', 'true');
    release();
    await expect(itemOf(page, 'Phone number')).toContainText('Invalid phone number');
    await expect(field(page, 'Phone number')).toHaveAttribute('aria-invalid', 'true');
    await expect(headline(page, 'Get Started with blocked account application')).toBeVisible();
    // asked for once, and only after the page was hydrated
    expect(phoneRuntime).toHaveLength(1);
    const timing = await page.evaluate(() => ({
      hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt,
      requestedAt: performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/assets/validation-runtime-phone.js'))?.startTime,
    }));
    expect(timing.hydratedAt).toBeDefined();
    expect(timing.requestedAt).toBeDefined();
    expect(timing.requestedAt!).toBeGreaterThan(timing.hydratedAt!);
  });
});
