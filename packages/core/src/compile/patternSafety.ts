/**
 * Which regular expressions a published form may hold (issue 17): a pattern that can backtrack catastrophically
 * lets one anonymous submission of 30 characters stall the server for seconds or hours (`^(a+)+$`). The analysis
 * itself is recheck's (makenowjust-labs), which needs Node: the server and the CLI run it and hand its verdicts
 * here, so both judge a pattern by the same rule. Pure.
 */
import { type PatternSite, PUBLISH_LIMITS } from './publishLimits.js';
import type { Diagnostic } from './types.js';

/** What a ReDoS checker found about one pattern: recheck's `Diagnostics`, as far as it is read here. */
export type RegexCheck =
  | { status: 'safe' }
  | {
      status: 'vulnerable';
      complexity: { type: 'exponential' } | { type: 'polynomial'; degree: number };
      /** An input that shows it, as a JavaScript expression (`'a'.repeat(31) + '\x00'`). */
      attack?: { pattern: string };
    }
  | { status: 'unknown'; error: { kind: string; message?: string } };

/** Checks one pattern, as JSON Schema validators run it (JavaScript, flag `u`). */
export type RegexChecker = (pattern: string) => RegexCheck;

/** Parameters of the check (recheck's `Parameters`): 10 s for one pattern at most. */
export const REGEX_CHECK_PARAMS = { timeout: 10_000 } as const;

/**
 * `check` with its verdicts kept (at most `kept` patterns): a form checked again, or many fields with one pattern,
 * cost nothing more. A check that ran out of time is not kept: it may pass on a quieter machine.
 */
export function keptVerdicts(check: RegexChecker, kept = 1000): RegexChecker {
  const verdicts = new Map<string, RegexCheck>();
  return (pattern) => {
    const known = verdicts.get(pattern);
    if (known) return known;
    const verdict = check(pattern);
    if (verdict.status === 'unknown') return verdict;
    if (verdicts.size >= kept) verdicts.clear();
    verdicts.set(pattern, verdict);
    return verdict;
  };
}

const HINT =
  'let no part of a text be matched in more than one way: no quantifier inside a quantifier over the same ' +
  'characters (`^[a-z]+$`, not `^([a-z]+)+$`), no alternatives that match the same text (`(a|ab)*`), no two ' +
  'adjacent repetitions that can take the same characters';

const ORDINAL: Record<number, string> = { 2: 'square', 3: 'cube' };

/** Why the server may not run `pattern`, by the checker's verdict, or undefined when it may. */
export function unsafePatternReason(check: RegexCheck): string | undefined {
  if (check.status === 'safe') return undefined;
  if (check.status === 'unknown') {
    const why = check.error.message ? `${check.error.kind}: ${check.error.message}` : check.error.kind;
    return `could not be shown to be safe from catastrophic backtracking (${why}); simplify it`;
  }
  const example = check.attack ? ` (for example on ${check.attack.pattern})` : '';
  if (check.complexity.type === 'exponential')
    return `can take exponential time to fail on some texts${example}, which would stall the server`;
  const { degree } = check.complexity;
  if (degree <= PUBLISH_LIMITS.patternDegree) return undefined;
  const growth = ORDINAL[degree] ?? `power ${degree}`;
  return `can take time growing with the ${growth} of the text's length${example}: on the ${PUBLISH_LIMITS.patternInput.toLocaleString('en-US')} characters the server takes that would stall it`;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Characters a probe repeats: letters, digits, blanks and the punctuation names and codes are made of. */
const PROBE_UNITS = ['a', 'A', '1', ' ', '-', '.', '_', 'a ', 'aA1'];
/** What a probe ends with, so that the pattern fails at the end and backtracks through all of it. */
const PROBE_ENDS = ['!', '\u0000', ''];
/** Longest probe, in repetitions, and the time one probe may take before the pattern counts as slow. */
const PROBE_REPEATS = 120;
const PROBE_SLOW_MS = 50;

/**
 * A second opinion, by running the pattern: the checker judges how time grows with a text's length, so a pattern
 * whose repetitions are bounded (`^(?:[A-Za-z]{1,10} ?){1,10}$`) counts as safe although it takes seconds to fail
 * on 36 characters. The pattern is run on texts of growing length made of one unit each (`aaa…!`); when one run
 * takes longer than 50 ms, the pattern is slow, and the text is the example. Growing two repetitions at a time, a
 * slow pattern is caught before a run takes long. Safe patterns take a few milliseconds for all of it.
 */
export function slowOnProbe(pattern: string): string | undefined {
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  for (let repeats = 2; repeats <= PROBE_REPEATS; repeats += 2) {
    for (const unit of PROBE_UNITS) {
      for (const end of PROBE_ENDS) {
        const text = unit.repeat(repeats) + end;
        if (runTime(expression, text) > PROBE_SLOW_MS && fastestOf3(expression, text) > PROBE_SLOW_MS) {
          const example = `${JSON.stringify(unit)}.repeat(${repeats})${end ? ` + ${JSON.stringify(end)}` : ''}`;
          return `takes too long to fail on short texts (for example on ${example}), which would stall the server`;
        }
      }
    }
  }
  return undefined;
}

function runTime(expression: RegExp, text: string): number {
  const started = performance.now();
  expression.test(text);
  return performance.now() - started;
}

/** The fastest of three more runs: a pause of the machine (a busy CI runner, a garbage collection) is not the pattern's. */
function fastestOf3(expression: RegExp, text: string): number {
  return Math.min(runTime(expression, text), runTime(expression, text), runTime(expression, text));
}

/** One error per pattern rule whose expression the checker finds unsafe, at the rule's `pattern`. */
export function patternDiagnostics(sites: readonly PatternSite[], check: RegexChecker): Diagnostic[] {
  const reasons = new Map<string, string | undefined>();
  const out: Diagnostic[] = [];
  for (const site of sites) {
    // one that is no expression under flag u is reported as such by the compiler or importer
    if (!reasons.has(site.pattern) && !compiles(site.pattern)) reasons.set(site.pattern, undefined);
    if (!reasons.has(site.pattern)) {
      reasons.set(site.pattern, unsafePatternReason(check(site.pattern)) ?? slowOnProbe(site.pattern));
    }
    const reason = reasons.get(site.pattern);
    if (reason === undefined) continue;
    out.push({
      severity: 'error',
      code: 'unsafe-regex',
      message: `pattern ${JSON.stringify(site.pattern)} ${reason}`,
      hint: HINT,
      pointer: site.pointer,
    });
  }
  return out;
}
