/**
 * Lighthouse (the `lighthouse` npm package, mobile profile: its default emulated Moto G Power with
 * simulated slow 4G and 4× CPU slowdown) on the content site's home page, one seeded article and the
 * health-insurance booking, against Debian's Chromium. Builds the web app into a folder of its own and starts the real server
 * (embedded PGlite), as the browser tests do, then prints a table per page.
 * Target (issues 6 and 7): performance and accessibility at least 90. Scores are printed, not asserted: the
 * run fails only when something crashes.
 *
 * Run: npm run bench:lighthouse
 *   options: --pages /,/blog/student-visa-checklist/ (paths, comma-separated), --runs <n> (1; the
 *   median performance run of each page is shown), --json <file> (the full Lighthouse reports),
 *   --summary <file> (the printed rows as JSON)
 *   CHROMIUM_PATH (default /usr/bin/chromium) picks the browser.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { buildWebApp, type RunningServer, startServer } from '../integration/server/durability/harness.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const PAGES = arg('pages', '/,/blog/student-visa-checklist/,/forms/health-insurance-booking').split(',');
const RUNS = Math.max(1, Number(arg('runs', '1')));
const JSON_OUT = arg('json', '');
const SUMMARY_OUT = arg('summary', '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET = 90;

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points in the two target categories, for the reader of a missed target. */
  failing: string[];
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function rowOf(path: string, lhr: Result): Row {
  const failing: string[] = [];
  for (const category of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        failing.push(`${category}: ${ref.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`);
      }
    }
  }
  return {
    page: path,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    failing,
  };
}

function printTable(rows: Row[]): void {
  const header = ['page', 'performance', 'accessibility', 'best-practices', 'SEO', 'LCP', 'TBT', 'CLS'];
  const lines = rows.map((r) => [
    r.page,
    `${r.performance}${r.performance < TARGET ? ' (< 90)' : ''}`,
    `${r.accessibility}${r.accessibility < TARGET ? ' (< 90)' : ''}`,
    String(r.bestPractices),
    String(r.seo),
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(r.tbtMs)} ms`,
    r.cls.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const l of lines) console.log(fmt(l));
  for (const r of rows) {
    if (r.failing.length) console.log(`\n${r.page} — audits under 90:\n  ${r.failing.join('\n  ')}`);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-lighthouse-'));
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const webRoot = buildWebApp(join(dataDir, 'web'));
    server = await startServer({ dataDir, env: { WEB_ROOT: webRoot, LOG_LEVEL: 'warn' } });
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
    const rows: Row[] = [];
    const reports: Record<string, Result[]> = {};
    for (const path of PAGES) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.base}${path}`, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      rows.push(rowOf(path, runs[Math.floor(runs.length / 2)]));
      reports[path] = runs;
    }
    console.log(
      `\nLighthouse ${reports[PAGES[0]][0].lighthouseVersion}, mobile profile, ${chrome.pid ? CHROMIUM : ''}, ` +
        `${RUNS} run${RUNS > 1 ? 's (median performance shown)' : ''} a page, ${new Date().toISOString().slice(0, 10)}\n`,
    );
    printTable(rows);
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(reports));
    if (SUMMARY_OUT) writeFileSync(SUMMARY_OUT, JSON.stringify(rows, null, 2));
  } finally {
    chrome?.kill();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
