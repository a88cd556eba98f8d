/**
 * Every performance benchmark of issues 7 and 19 in one run: input latency against plain RJSF, SurveyJS and JSON Forms
 * (`latency.ts`), the bundle a route loads and the smallest page per form library (`bundle.ts`), Lighthouse page speed
 * (`lighthouse.ts`) and validation cost (`validation.bench.ts`).
 * Each prints its own table as it goes; at the end one summary table lists every figure with its target.
 *
 * Run: npm run bench   (options: --only latency,bundle,lighthouse,validation)
 * The figures move with the machine's load: run it on a quiet machine (the tables print the load average).
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(HERE, '../..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const ONLY = arg('only', 'latency,bundle,lighthouse,validation').split(',');

type Summary = Array<{ measure: string; value: string; target: string; verdict: string }>;

/** Runs one benchmark script with its output shown; its figures as JSON from `file`. */
function run(script: string, args: string[], file: string): unknown {
  console.log(`\n=== ${script} ${args.join(' ')}\n`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=antrag:source', '--import', 'tsx', join(HERE, script), ...args],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0 && !existsSync(file)) throw new Error(`${script} failed (exit ${result.status})`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (met: boolean, by: string) => (met ? 'met' : `missed by ${by}`);

const PEER_NAMES: Record<string, string> = { plain: 'plain RJSF', surveyjs: 'SurveyJS', jsonforms: 'JSON Forms' };

function latency(dir: string, summary: Summary): void {
  const file = join(dir, 'latency.json');
  const data = run('latency.ts', ['--json', file], file) as {
    load: { start: string; end: string };
    rows: Array<{ case: string; engine: string; p50: number; p95: number; p99: number; max: number }>;
  };
  const row = (c: string, e: string) => data.rows.find((r) => r.case === c && r.engine === e);
  for (const c of ['generated', 'health']) {
    const ours = row(c, 'antrag');
    if (!ours) continue;
    const name = c === 'generated' ? '300-field form' : 'health-insurance booking';
    summary.push({
      measure: `keystroke p50 / p95 / p99, ${name} (Antrag, after a failed Next)`,
      value: `${ms(ours.p50)} / ${ms(ours.p95)} / ${ms(ours.p99)} (load ${data.load.start} → ${data.load.end})`,
      target: c === 'generated' ? 'p95 < 16 ms' : '-',
      verdict: c === 'generated' ? verdict(ours.p95 < 16, ms(ours.p95 - 16)) : '-',
    });
    for (const [engine, peer] of Object.entries(PEER_NAMES)) {
      const theirs = row(c, engine);
      if (!theirs) continue;
      const ratio = theirs.p95 / ours.p95;
      summary.push({
        measure: `keystroke p95, ${name}: ${peer} / Antrag`,
        value: `${ms(theirs.p95)} / ${ms(ours.p95)} = ${ratio.toFixed(2)}×`,
        target: c === 'generated' ? '≥ 3×' : '-',
        verdict: c === 'generated' ? verdict(ratio >= 3, `${(3 - ratio).toFixed(2)}×`) : '-',
      });
    }
  }
}

function bundle(dir: string, summary: Summary): void {
  const file = join(dir, 'bundle.json');
  const data = run('bundle.ts', ['--json', file], file) as {
    routes: Array<{ name: string; gzip: number; brotli: number; budget?: number }>;
    peers: Array<{ label: string; gzip: number; brotli: number }>;
  };
  const size = (r: { gzip: number; brotli: number }) =>
    `${(r.gzip / 1024).toFixed(1)} KB gzip, ${(r.brotli / 1024).toFixed(1)} KB brotli`;
  for (const r of data.routes) {
    const kb = r.gzip / 1024;
    summary.push({
      measure: `JS + CSS before the first screen, ${r.name}`,
      value: size(r),
      target: r.budget ? `≤ ${r.budget} KB gzip` : '-',
      verdict: r.budget ? verdict(kb <= r.budget, `${(kb - r.budget).toFixed(1)} KB`) : '-',
    });
  }
  for (const p of data.peers) {
    summary.push({ measure: `JS + CSS of a five-field page, ${p.label}`, value: size(p), target: '-', verdict: '-' });
  }
}

function lighthouse(dir: string, summary: Summary): void {
  const file = join(dir, 'lighthouse.json');
  const data = run('lighthouse.ts', ['--summary', file, '--runs', '3'], file) as Array<{
    page: string;
    performance: number;
    accessibility: number;
    bestPractices: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
  }>;
  for (const r of data) {
    const value = `${r.performance} / ${r.accessibility} / ${r.bestPractices}; LCP ${(r.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`;
    const measure = `Lighthouse mobile ${r.page}, median of 3: performance / accessibility / best practices`;
    if (r.page.startsWith('/forms/')) {
      // issue 19's targets for the forms
      const missed = [
        r.performance < 90 && `performance ${r.performance}`,
        r.lcpMs >= 2500 && `LCP ${(r.lcpMs / 1000).toFixed(1)} s`,
        r.tbtMs >= 200 && `TBT ${Math.round(r.tbtMs)} ms`,
        r.cls > 0 && `CLS ${r.cls.toFixed(3)}`,
        r.accessibility < 100 && `accessibility ${r.accessibility}`,
      ].filter(Boolean);
      summary.push({
        measure,
        value,
        target: 'performance ≥ 90, LCP < 2.5 s, TBT < 200 ms, CLS 0, accessibility 100',
        verdict: missed.length ? `missed: ${missed.join(', ')}` : 'met',
      });
      continue;
    }
    const worst = Math.min(r.performance, r.accessibility);
    summary.push({
      measure,
      value,
      target: 'performance, accessibility ≥ 90',
      verdict: verdict(worst >= 90, `${90 - worst} points`),
    });
  }
}

function validation(dir: string, summary: Summary): void {
  const file = join(dir, 'validation.json');
  const data = run('validation.bench.ts', ['--json', file], file) as {
    iterations: number;
    variants: Record<string, { label: string; compileMs: number; totalMs: number; extrapolated?: boolean }>;
  };
  for (const key of ['precompiled-fn', 'runtime-fn', 'cold']) {
    const v = data.variants[key];
    if (!v) continue;
    summary.push({
      measure: `validate a blocked-account application ${data.iterations.toLocaleString('en')}×: ${v.label}`,
      value: `${v.extrapolated ? '~' : ''}${Math.round(v.totalMs).toLocaleString('en')} ms (+ ${ms(v.compileMs)} to be ready)`,
      target: '-',
      verdict: '-',
    });
  }
}

function printSummary(summary: Summary): void {
  const header = ['measure', 'value', 'target', 'verdict'];
  const lines = summary.map((s) => [s.measure, s.value, s.target, s.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n=== summary, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0].toFixed(2)}\n`);
  console.log(fmt(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const l of lines) console.log(fmt(l));
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'antrag-bench-'));
  const summary: Summary = [];
  try {
    const steps = { latency, bundle, lighthouse, validation };
    for (const name of ONLY) {
      const step = steps[name as keyof typeof steps];
      if (!step) throw new Error(`unknown benchmark '${name}' (latency, bundle, lighthouse, validation)`);
      step(dir, summary);
    }
    printSummary(summary);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
