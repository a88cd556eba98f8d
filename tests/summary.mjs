#!/usr/bin/env node
// Prints the closing line CI reads ('N passed, N failed') from Vitest's JSON report (unit and component
// tests) or, with `--browser`, from Playwright's JSON report.
import { readFileSync } from 'node:fs';

const browser = process.argv[2] === '--browser';
const file = browser
  ? (process.argv[3] ?? '.test-results/browser.json')
  : (process.argv[2] ?? '.test-results/unit.json');
try {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (browser) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
    console.log(
      `browser: ${expected + flaky} passed, ${unexpected} failed${flaky ? ` (${flaky} flaky)` : ''}${skipped ? `, ${skipped} skipped` : ''}`,
    );
  } else {
    const skipped = report.numPendingTests + report.numTodoTests;
    console.log(
      `unit: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
    );
  }
} catch (error) {
  console.error(`no test report at ${file}: ${error.message}`);
  process.exitCode = 1;
}
