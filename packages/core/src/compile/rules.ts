import type { DateRef, Field, JsonValue, Rule, RuleKind } from '../dsl/types.js';
import { RULE_KINDS } from '../dsl/types.js';
import type { FieldBuild } from './fields/types.js';
import type { JsonSchema } from './types.js';

/** Letters of any language (with their combining marks), spaces, hyphens, apostrophes, and joiners between letters (Persian ZWNJ). */
export const LETTERS_PATTERN = "^[\\p{L}\\p{M}](?:[\\p{L}\\p{M}\\s'’-]|[\\u200C\\u200D](?=[\\p{L}\\p{M}]))*$";

const DEFAULT_RULE_MESSAGE: Record<RuleKind, string> = {
  pattern: 'validation.pattern',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  min: 'validation.min',
  max: 'validation.max',
  wholeNumber: 'validation.wholeNumber',
  letters: 'validation.letters',
  email: 'validation.email',
  plainText: 'validation.plainText',
  sameAs: 'validation.sameAs',
  requires: 'validation.selectFirst',
  postalCodeFor: 'validation.zipInvalid',
  phoneFor: 'validation.phoneInvalid',
  after: 'validation.dateAfter',
  before: 'validation.dateBefore',
  notBefore: 'validation.dateAfter',
  notAfter: 'validation.dateBefore',
};

/** A field's rules as `allOf` entries, and what the text bounds take from them. */
export interface CompiledRules {
  entries: JsonSchema[];
  /** The message of a `plainText` rule of the field's own (placed with the text's bounds). */
  plainTextMessage?: string;
  /** The message of the first `letters` or `pattern` rule: bad characters get it too, so one message shows. */
  shapeMessage?: string;
  /** The lowest `maxLength` rule. */
  maxLength?: number;
}

/** The rules of a field, each an `allOf` entry with its message; `ownRules` are the field type's own business. */
export function compileRules(field: Field, b: FieldBuild, ownRules: readonly RuleKind[] = []): CompiledRules {
  const out: CompiledRules = { entries: [] };
  for (const [i, rule] of (field.rules ?? []).entries()) {
    const kind = ruleKind(rule);
    if (ownRules.includes(kind)) continue;
    const message = rule.message
      ? b.text(rule.message, `rules.${i}`, `rules/${i}/message`)
      : 'notAfter' in rule && rule.notAfter === 'today'
        ? 'validation.dateNotInFuture'
        : DEFAULT_RULE_MESSAGE[kind];
    if ('plainText' in rule) {
      if (rule.message) out.plainTextMessage = message;
      continue; // placed with the text's bounds
    }
    const constraint = ruleConstraint(rule, b, `${b.pointer}/rules/${i}`);
    if (!constraint) continue;
    if (kind === 'letters' || kind === 'pattern') out.shapeMessage ??= message;
    if ('maxLength' in rule) out.maxLength = Math.min(out.maxLength ?? rule.maxLength, rule.maxLength);
    out.entries.push({ ...constraint, errorMessage: message });
  }
  return out;
}

function ruleKind(rule: Rule): RuleKind {
  return RULE_KINDS.find((k) => k in rule) as RuleKind;
}

function dateRefField(ref: DateRef): string | undefined {
  return typeof ref === 'object' && 'field' in ref ? ref.field : undefined;
}

/** The JSON Schema constraints of one rule (placed in its own `allOf` entry with its message). */
function ruleConstraint(rule: Rule, b: FieldBuild, pointer: string): JsonSchema | undefined {
  const refersTo = (path: string, where: string) => b.dependOn(path.split('.')[0], where, pointer);
  if ('pattern' in rule) return patternConstraint(rule.pattern, b, pointer);
  if ('minLength' in rule) return { minLength: rule.minLength };
  if ('maxLength' in rule) return { maxLength: rule.maxLength };
  if ('min' in rule) return { minimum: rule.min };
  if ('max' in rule) return { maximum: rule.max };
  if ('wholeNumber' in rule) return { multipleOf: 1 };
  if ('letters' in rule) return { pattern: LETTERS_PATTERN };
  if ('email' in rule) return { format: 'email' };
  if ('sameAs' in rule) {
    refersTo(rule.sameAs, 'sameAs');
    return { sameAs: rule.sameAs };
  }
  if ('requires' in rule) {
    refersTo(rule.requires, 'requires');
    return { requiresField: rule.requires };
  }
  if ('postalCodeFor' in rule) {
    refersTo(rule.postalCodeFor, 'postalCodeFor');
    return { postalCodeFor: rule.postalCodeFor };
  }
  if ('phoneFor' in rule) {
    refersTo(rule.phoneFor, 'phoneFor');
    return { phoneFor: rule.phoneFor };
  }
  for (const relation of ['after', 'before', 'notBefore', 'notAfter'] as const) {
    if (relation in rule) {
      const ref = (rule as Record<typeof relation, DateRef>)[relation];
      const field = dateRefField(ref);
      if (field) refersTo(field, relation);
      return { dateRule: { relation, ref: ref as JsonValue } };
    }
  }
  return undefined;
}

/** A `pattern` rule's constraint; a pattern that is no regular expression is an error (and checks nothing). */
function patternConstraint(pattern: string, b: FieldBuild, pointer: string): JsonSchema | undefined {
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    b.ctx.diagnostics.push({
      severity: 'error',
      code: 'bad-regex',
      message: `pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${(e as Error).message}`,
      pointer: `${pointer}/pattern`,
    });
    return undefined;
  }
  return { pattern };
}
