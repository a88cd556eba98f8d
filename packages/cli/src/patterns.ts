/**
 * Catastrophic backtracking in a form's patterns, found by recheck and judged by `@antrag/core/compile/patternSafety`
 * exactly as the server judges a published form (site/server/forms/patternCheck.ts): `antrag validate` reports what
 * the server would refuse. recheck is loaded on first use and runs its pure JavaScript backend (its default would
 * start its native binary or Java as a child process).
 */
import { createRequire } from 'node:module';
import { keptVerdicts, REGEX_CHECK_PARAMS } from '@antrag/core/compile/patternSafety';

let recheck: typeof import('recheck') | undefined;

/** recheck's verdict on a pattern as JSON Schema validators run it (flag `u`). */
export const checkPattern = keptVerdicts((pattern) => {
  process.env.RECHECK_SYNC_BACKEND ??= 'pure';
  recheck ??= createRequire(import.meta.url)('recheck') as typeof import('recheck');
  return recheck.checkSync(pattern, 'u', REGEX_CHECK_PARAMS);
});
