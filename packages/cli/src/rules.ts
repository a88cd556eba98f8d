/**
 * Stable rule ids of diagnostics (`antrag/unknown-property`, …), as linters name theirs: CI annotations, SARIF
 * and `--format json` key on them. They come from what the checks already say: the diagnostic's `rule` where its
 * `code` is coarse (a meta-schema error), else its `code`, renamed where the code reads poorly as a rule.
 */
import type { Diagnostic } from '@antrag/core/compile/types';

export const RULE_PREFIX = 'antrag/';

/** Codes whose rule has another name. */
const RENAMED: Record<string, string> = {
  'unknown-field-type': 'unknown-type',
  'bad-regex': 'bad-pattern',
  'ref-not-found': 'missing-ref',
  'dsl-shape': 'invalid-shape',
};

/** What each rule checks, for SARIF's rule list; rules not named here are described by their id. */
const DESCRIPTIONS: Record<string, string> = {
  'unknown-property': 'A property the meta-schema does not define (often a misspelt one).',
  'missing-property': 'A required property is missing.',
  'wrong-type': 'A value of the wrong JSON type.',
  'invalid-value': 'A value the meta-schema does not allow.',
  'invalid-shape': 'A value that matches none of the allowed shapes.',
  'unknown-type': 'A field type that is not implemented.',
  'bad-pattern': 'A pattern that is not a valid regular expression.',
  'unknown-field': 'A condition, rule or payload that refers to a field that does not exist.',
  'missing-ref': 'A $ref that points to no file or no value.',
  'bad-ref': 'A $ref that is not a relative file path with a JSON pointer.',
  'ref-cycle': 'A $ref that leads back to itself.',
  'json-syntax': 'A file that is not valid JSON.',
  'unknown-document': 'A file that is neither a DSL nor a CMS definition.',
  'unknown-option': 'An option the form does not define.',
  'duplicate-field': 'A field name used twice.',
  'duplicate-step': 'A step id used twice.',
  'duplicate-option': 'Two options of one field with the same value.',
  'content-shape': 'Site content that does not match its schema.',
  'content-reference': 'Site content that refers to a record that does not exist.',
  'unsafe-regex': 'A pattern that can backtrack catastrophically (exponential or high polynomial time).',
  'pattern-input-too-long': 'A field with a pattern that takes more characters than the server runs a pattern on.',
  'too-many-fields': 'A form with more fields than the server compiles.',
  'too-many-steps': 'A form with more steps than the server compiles.',
  'too-many-options': 'A field with more choices, or a reference list with more records, than the server compiles.',
  'too-many-variants': 'A form whose options make more variants than the server compiles.',
  'too-many-modules': 'A form that compiles into more validator modules than the server makes.',
  'too-many-compiled-fields': 'A form whose fields over all variants are more than the server compiles.',
  'too-many-patterns': 'A form with more different patterns than the server checks.',
};

/** The rule id of a diagnostic, e.g. `antrag/unknown-property`. */
export function ruleId(d: Pick<Diagnostic, 'code' | 'rule'>): string {
  return `${RULE_PREFIX}${d.rule ?? RENAMED[d.code] ?? d.code}`;
}

/** One sentence on what the rule (an id from `ruleId`) checks. */
export function ruleDescription(id: string): string {
  const name = id.startsWith(RULE_PREFIX) ? id.slice(RULE_PREFIX.length) : id;
  return DESCRIPTIONS[name] ?? `Antrag check ${name}.`;
}
