/**
 * Bundle size per route: the JavaScript and CSS a browser requests before the route's first screen is drawn and
 * usable, measured in Debian's Chromium (375 × 812 px, a phone) against the real server (embedded PGlite) rather
 * than guessed from the build graph.
 *
 * What counts: every script and stylesheet from the server (the built files and the server's precompiled
 * validators) whose request started no later than the first screen: for a content page, the first DOM change after
 * which its main landmark shows content; for a form, the first DOM change after which the form is visible and none
 * of its fields waits for its code (no `.antrag-field-loading` placeholder, nothing `aria-busy`). The wizard shows a
 * step only once the code of all its widgets and fields and its validators are there (renderer/react/stepCode.ts;
 * the first step's validators load with the form), so this is what the first step needs to be used and validated. What the page asks for
 * after that, the next step's widgets the wizard preloads, does not count. The moment is taken in the page by a
 * MutationObserver, which runs after the DOM change and before the effects that start such preloads; request start
 * times come from the page's resource timing. Sizes are computed from the bodies: gzip (level 6, what the server's
 * compression sends) and brotli (quality 11, what a static pre-compression would send).
 *
 * Last run, 2026-11-25: home 124.0 KB gzip (106.7 brotli), article 171.8 (148.4), health-insurance booking 406.5
 * (351.1), blocked-account wizard 498.3 (431.1).
 *
 * Budgets (issue 7): home ≤ 150 KB gzip, each form route ≤ 300 KB gzip. `--check` (run by `.ci/run`) exits 1 when a
 * route is over its budget; a route whose budget is not met yet has a ceiling — its size when last measured plus a
 * little room — and fails only above that, so it can shrink toward the budget but never grow (README: Performance).
 * The article page has no budget and is printed for reference.
 *
 * Run: npm run bench:bundle [-- --check] [--json <file>] [--web <built web app folder, skips the build>]
 *   CHROMIUM_PATH (default /usr/bin/chromium) picks the browser.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright';
import { buildWebApp, type RunningServer, startServer } from '../integration/server/durability/harness.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const CHECK = process.argv.includes('--check');
const JSON_OUT = arg('json', '');
const PREBUILT = arg('web', '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface RouteCase {
  name: string;
  path: string;
  /** KB gzip; undefined: printed only. */
  budget?: number;
  /** KB gzip: while the budget is missed, the size `--check` holds the route to (last measured + ~3 %). */
  ceiling?: number;
  /**
   * A CSS selector and a condition, run in the page on every DOM change: true once the route's first screen is
   * drawn and can be used (see the header comment).
   */
  ready: { selector: string; settled: string };
}

/** The form's first step: the form is visible and none of its widgets is still waiting for its code. */
const FORM_READY = { selector: 'form', settled: '.antrag-field-loading, [aria-busy="true"]' };
/** A content page: its main landmark has content. */
const CONTENT_READY = { selector: 'main#main section, main#main article', settled: '' };

const ROUTES: RouteCase[] = [
  { name: 'home', path: '/', budget: 150, ready: CONTENT_READY },
  { name: 'article', path: '/blog/student-visa-checklist/', ready: CONTENT_READY },
  {
    name: 'health-insurance booking',
    path: '/forms/health-insurance-booking',
    budget: 300,
    ceiling: 420,
    ready: FORM_READY,
  },
  { name: 'blocked-account wizard', path: '/forms/blocked-account', budget: 300, ceiling: 515, ready: FORM_READY },
];

/**
 * Runs in the page before its own scripts: notes the time (performance.now) of the first DOM change after which an
 * element matching `selector` is visible and holds nothing matching `settled`, as `window.__firstScreenAt`. A
 * MutationObserver's callback runs right after the DOM change that draws the screen, before the effects React runs
 * after it (e.g. the preload of the next step's code). A string, not a function: tsx's transform would add helpers
 * to a function's source that the page does not have.
 */
const watchFirstScreen = ({ selector, settled }: RouteCase['ready']) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const settled = ${JSON.stringify(settled)};
  const observer = new MutationObserver(check);
  function check() {
    if (window.__firstScreenAt !== undefined) return;
    const el = document.querySelector(selector);
    if (!el || !el.checkVisibility()) return;
    if (settled && el.querySelector(settled)) return;
    window.__firstScreenAt = performance.now();
    observer.disconnect();
  }
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  check();
})();`;

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

interface RouteResult {
  name: string;
  path: string;
  budget?: number;
  ceiling?: number;
  /** ms after navigation start when the first screen was drawn and usable. */
  firstScreenMs: number;
  files: FileSize[];
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(file: string, bytes: Buffer): FileSize {
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 6 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function measure(page: Page, base: string, route: RouteCase): Promise<RouteResult> {
  const pending: Array<Promise<FileSize | undefined>> = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    // modulepreload links are fetched as 'other': the file extension decides for them
    if (url.origin !== base || !(type === 'script' || type === 'stylesheet' || /\.(m?js|css)$/.test(url.pathname))) {
      return;
    }
    // the body as served, uncompressed: the built files and the server's precompiled validators alike
    pending.push(
      response
        .body()
        .then((bytes) => sizeOf(url.pathname, bytes))
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await page.addInitScript({ content: watchFirstScreen(route.ready) });
  await page.goto(`${base}${route.path}`, { waitUntil: 'load' });
  const at = (await page
    .waitForFunction(() => (window as { __firstScreenAt?: number }).__firstScreenAt, undefined, {
      timeout: 60_000,
    })
    .then((handle) => handle.jsonValue())) as number;
  // what the page asked for before then: the resources whose request started no later
  const requested = new Set(
    await page.evaluate(
      (until) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= until)
          .map((entry) => new URL(entry.name).pathname),
      at,
    ),
  );
  // the bodies of what is still arriving
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const unique = new Map<string, FileSize>();
  for (const size of await Promise.all(pending)) if (size && requested.has(size.file)) unique.set(size.file, size);
  const files = [...unique.values()].sort((a, b) => b.gzip - a.gzip);
  const sum = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((total, f) => total + f[key], 0);
  return {
    name: route.name,
    path: route.path,
    budget: route.budget,
    ceiling: route.ceiling,
    firstScreenMs: Math.round(at),
    files,
    raw: sum('raw'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
  };
}

function printTable(results: RouteResult[]): void {
  const header = ['route', 'files', 'raw KB', 'gzip KB', 'brotli KB', 'budget (gzip)'];
  const lines = results.map((r) => [
    `${r.name} (${r.path})`,
    String(r.files.length),
    kb(r.raw),
    kb(r.gzip),
    kb(r.brotli),
    r.budget === undefined
      ? '-'
      : r.gzip / 1024 <= r.budget
        ? `≤ ${r.budget}: ok`
        : `≤ ${r.budget}: OVER by ${kb(r.gzip - r.budget * 1024)}${r.ceiling ? ` (ceiling ${r.ceiling})` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const l of lines) console.log(fmt(l));
  for (const r of results) {
    console.log(`\n${r.name}: largest files (gzip KB)`);
    for (const f of r.files.slice(0, 6)) console.log(`  ${kb(f.gzip).padStart(7)}  ${f.file}`);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-bundle-'));
  let server: RunningServer | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const webRoot = PREBUILT || join(dataDir, 'web');
    if (!PREBUILT) buildWebApp(webRoot, 'error');
    server = await startServer({ dataDir, env: { WEB_ROOT: webRoot, LOG_LEVEL: 'warn' } });
    const results: RouteResult[] = [];
    for (const route of ROUTES) {
      // a fresh context a route: nothing cached from the one before
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      results.push(await measure(page, server.base, route));
      await context.close();
    }
    console.log(
      `\nBundle per route (JS + CSS loaded before the first screen), ${new Date().toISOString().slice(0, 10)}\n`,
    );
    printTable(results);
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
    const limit = (r: RouteResult) => Math.max(r.budget ?? Number.POSITIVE_INFINITY, r.ceiling ?? 0);
    const over = results.filter((r) => r.budget !== undefined && r.gzip / 1024 > limit(r));
    if (CHECK && over.length) {
      console.error(
        `\nBundle size check failed: ${over.map((r) => `${r.name} ${kb(r.gzip)} KB gzip > ${limit(r)} KB`).join('; ')}`,
      );
      process.exitCode = 1;
    } else if (CHECK) {
      console.log('\nBundle size check passed (budgets, or ceilings where a budget is not met yet).');
    }
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
