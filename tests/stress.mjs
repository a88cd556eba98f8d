#!/usr/bin/env node
/**
 * Runs the test suites again and again, with CPU-bound processes beside them, and prints how often each test failed:
 * the way to find a test that fails by chance before CI does (tests/README.md).
 *
 *   npm run test:stress                         # unit and component suites, 3 runs, one busy process per core
 *   npm run test:stress -- --suite browser      # the browser suite
 *   npm run test:stress -- --runs 5 --load 0 tests/component/widgets   # files or folders narrow a run
 *
 * Options: --suite unit|browser|all (default unit), --runs N (3), --load N busy processes (one per core).
 * Exits 1 when any test failed in any run. Reports stay in .test-results/stress/.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
function option(name, fallback) {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}
const suite = option('suite', 'unit');
const runs = Number(option('runs', '3'));
const load = Number(option('load', String(availableParallelism())));
const filters = args;
if (!['unit', 'browser', 'all'].includes(suite)) throw new Error(`--suite must be unit, browser or all, not ${suite}`);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
if (!Number.isInteger(load) || load < 0) throw new Error('--load must be a whole number ≥ 0');

const out = '.test-results/stress';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** Busy processes, one a core by default: a loaded CI machine, where timing races show. */
function startLoad() {
  return Array.from({ length: load }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random())'], { stdio: 'ignore' }),
  );
}

/** Runs a command, echoing its output to a log file only; resolves with its exit code and what it printed. */
function run(command, commandArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}

/** A run's JSON report, or undefined when the run wrote none (it crashed or was stopped). */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report: each test's full name and status; errors outside tests count against their file. */
function vitestResults(file, output) {
  const report = readReport(file);
  const results = new Map();
  if (!report) return results.set('(the run wrote no report)', 'failed');
  for (const testFile of report.testResults ?? []) {
    const name = testFile.name.replace(`${process.cwd()}/`, '');
    if (testFile.status === 'failed' && testFile.assertionResults.every((t) => t.status !== 'failed'))
      results.set(`${name} (outside any test: ${firstLine(testFile.message)})`, 'failed');
    for (const test of testFile.assertionResults)
      results.set(`${name} › ${test.fullName}`, test.status === 'failed' ? 'failed' : 'passed');
  }
  // errors Vitest reports apart from tests (an unhandled rejection, React work after jsdom went away)
  const unhandled = output.match(/Unhandled (Error|Rejection)[^\n]*\n[^\n]*\n?[^\n]*/g) ?? [];
  for (const error of unhandled) results.set(`(unhandled) ${error.replace(/\s+/g, ' ').slice(0, 160)}`, 'failed');
  return results;
}

/** Playwright's JSON report: each test by file and title path. */
function playwrightResults(file) {
  const report = readReport(file);
  const results = new Map();
  if (!report) return results.set('(the run wrote no report)', 'failed');
  const walk = (suiteNode, titles) => {
    for (const spec of suiteNode.specs ?? []) {
      const name = `${spec.file} › ${[...titles, spec.title].join(' › ')}`;
      const failed = spec.tests.some((t) => t.results.some((r) => r.status !== 'passed' && r.status !== 'skipped'));
      results.set(name, failed ? 'failed' : 'passed');
    }
    for (const child of suiteNode.suites ?? []) walk(child, suiteNode.title ? [...titles, child.title] : titles);
  };
  for (const top of report.suites ?? []) walk(top, []);
  for (const error of report.errors ?? []) results.set(`(outside any test) ${firstLine(error.message)}`, 'failed');
  return results;
}

function copyReport(from, to) {
  if (existsSync(from)) copyFileSync(from, to);
  rmSync(from, { force: true });
}

function lastLine(text) {
  return text.split('\n').findLast((line) => line.trim()) ?? '';
}

function firstLine(text) {
  return (text ?? '').split('\n').find((line) => line.trim()) ?? '';
}

const failures = new Map();
const seen = new Set();
const minutes = [];
const suites = suite === 'all' ? ['unit', 'browser'] : [suite];
const busy = startLoad();
const stop = () => {
  for (const child of busy) child.kill();
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
console.log(
  `stress: ${suites.join(' + ')}, ${runs} run(s), ${load} busy process(es) on ${availableParallelism()} cores`,
);
try {
  for (let i = 1; i <= runs; i++) {
    for (const which of suites) {
      const report = join(out, `${which}-${i}.json`);
      const started = Date.now();
      const result =
        which === 'unit'
          ? await run('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${report}`, ...filters], {})
          : await run('npx', ['playwright', 'test', ...filters], {});
      // playwright.config.ts writes its JSON report to .test-results/browser.json: kept once per run
      // and the failing tests' screenshots (and traces with PW_TRACE=1), which the next run's output would replace
      if (which === 'browser') {
        copyReport('.test-results/browser.json', report);
        if (existsSync('.test-results/browser'))
          cpSync('.test-results/browser', join(out, `browser-${i}-artifacts`), { recursive: true });
      }
      const results = which === 'unit' ? vitestResults(report, result.text) : playwrightResults(report);
      if (result.code !== 0 && [...results.values()].every((s) => s === 'passed'))
        results.set(`(${which} run exited ${result.code}) ${lastLine(result.text)}`, 'failed');
      let failed = 0;
      for (const [name, status] of results) {
        seen.add(name);
        if (status === 'failed') {
          failed++;
          failures.set(name, (failures.get(name) ?? 0) + 1);
        }
      }
      const took = (Date.now() - started) / 60_000;
      minutes.push(took);
      const [one] = loadavg();
      console.log(
        `run ${i} ${which}: ${results.size - failed} passed, ${failed} failed in ${took.toFixed(1)} min (load ${one.toFixed(1)})`,
      );
      for (const [name, status] of results) if (status === 'failed') console.log(`  ✗ ${name}`);
    }
  }
} finally {
  stop();
}

console.log(`\n${seen.size} tests, ${runs} run(s) each; failures by test:`);
if (failures.size === 0) console.log('  none');
for (const [name, count] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${count}/${runs}  ${name}`);
const total = [...failures.values()].reduce((a, b) => a + b, 0);
console.log(`stress: ${seen.size * runs - total} passed, ${total} failed`);
process.exitCode = failures.size ? 1 : 0;
