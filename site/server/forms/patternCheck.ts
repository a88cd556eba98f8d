/**
 * Catastrophic backtracking in a published pattern (issue 17), found by recheck (makenowjust-labs/recheck: an
 * automaton analysis where it can, fuzzing where not) and judged by `@antrag/core/compile/patternSafety`, as the
 * CLI judges it (packages/cli/src/patterns.ts). A publish runs it in the publish worker (forms/publishWorker.ts),
 * so its time counts against FORM_PUBLISH_TIMEOUT_MS. recheck is loaded on first use (3 MB of JavaScript) and
 * runs its pure JavaScript backend: its default would start its native binary or Java as a child process.
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
