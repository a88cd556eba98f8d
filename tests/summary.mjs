#!/usr/bin/env node
// Prints the closing line CI reads ('N passed, N failed') from Vitest's JSON report.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.test-results/unit.json';
try {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `unit: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
} catch (error) {
  console.error(`no test report at ${file}: ${error.message}`);
  process.exitCode = 1;
}
