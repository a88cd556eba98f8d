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

/** One error per pattern rule whose expression the checker finds unsafe, at the rule's `pattern`. */
export function patternDiagnostics(sites: readonly PatternSite[], check: RegexChecker): Diagnostic[] {
  const reasons = new Map<string, string | undefined>();
  const out: Diagnostic[] = [];
  for (const site of sites) {
    // one that is no expression under flag u is reported as such by the compiler or importer
    if (!reasons.has(site.pattern) && !compiles(site.pattern)) reasons.set(site.pattern, undefined);
    if (!reasons.has(site.pattern)) reasons.set(site.pattern, unsafePatternReason(check(site.pattern)));
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
