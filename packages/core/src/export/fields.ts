/** Helpers the three exporters share: walking a step's fields, the importer's stand-ins, patterns, reports. */
import type { Diagnostic } from '../compile/types.js';
import type { Field, FormDefinition, Rule, Step } from '../dsl/types.js';
import type { CmsKind } from '../import/cms-types.js';
import { wholeValuePattern } from '../import/common.js';
import { toPointer } from '../json/pointer.js';
import { english, isTextObject } from './text.js';
import { KIND_NAMES } from './types.js';

/** One field of a step with its JSON pointer into the definition. */
export interface PlacedField {
  field: Field;
  at: string;
}

/** A step's fields in order, whether listed in `fields` or in `sections`, each with its pointer. */
export function stepFields(step: Step, i: number): PlacedField[] {
  const direct = (step.fields ?? []).map((field, j) => ({ field, at: toPointer(['steps', i, 'fields', j]) }));
  const inSections = (step.sections ?? []).flatMap((section, k) =>
    section.fields.map((field, j) => ({ field, at: toPointer(['steps', i, 'sections', k, 'fields', j]) })),
  );
  return [...direct, ...inSections];
}

const NOTICE = /^Field type (.+) is not implemented!$/;

/**
 * The CMS type of a field the importer could not implement: it stands in the definition as a warning notice
 * 'Field type X is not implemented!' (see `notImplementedNotice`), and goes back as a field of type X.
 */
export function noticeType(field: Field): string | undefined {
  if (field.type !== 'info' || field.variant !== 'warning') return undefined;
  // translated (the document's `translations` carry the notice's other languages): its English tells the type
  const content = isTextObject(field.content) && 'en' in field.content ? field.content.en : field.content;
  return typeof content === 'string' ? NOTICE.exec(content)?.[1] : undefined;
}

/** The first `pattern` rule's expression, if any. */
export function patternOf(rules: Rule[] | undefined): string | undefined {
  for (const rule of rules ?? []) if ('pattern' in rule) return rule.pattern;
  return undefined;
}

/**
 * A booking pattern as the CMS writes it: the importer wraps a CMS expression as `^(?:…)$` (the whole value must
 * match), so the wrap is taken off again when that gives the same pattern back.
 */
export function bookingPattern(pattern: string): string {
  if (pattern.startsWith('^(?:') && pattern.endsWith(')$')) {
    const inner = pattern.slice(4, -2);
    if (wholeValuePattern(inner) === pattern) return inner;
  }
  return pattern;
}

/** A field whose type the CMS shape has no equivalent for: left out, reported. */
export function unsupportedField(kind: CmsKind, placed: PlacedField, known: string): Diagnostic {
  const { field, at } = placed;
  const what = field.type === 'info' ? 'an information text (type info)' : `field type '${field.type}'`;
  return {
    severity: 'warning',
    code: 'export-unsupported-field',
    message: `${at}: ${KIND_NAMES[kind]} documents have no equivalent of ${what} (they know ${known}); the field '${field.name}' is not exported.`,
    pointer: at,
  };
}

/** The error for a definition without steps: every CMS shape needs at least one. */
export function noSteps(kind: CmsKind, definition: FormDefinition): Diagnostic | undefined {
  if (Array.isArray(definition.steps) && definition.steps.length > 0) return undefined;
  return {
    severity: 'error',
    code: 'export-no-steps',
    message: `/steps: the definition has no steps; a ${KIND_NAMES[kind]} document needs at least one, so none was made.`,
    pointer: '/steps',
  };
}

/**
 * A warning at each step the export gives without fields (it had none, or only fields the shape lacks, which
 * `reported` holds): the shapes can hold such a step, but it is a page with nothing to fill in, and the import of
 * the document reports it (`empty-step`). A builder's new step is easily left so.
 */
export function emptySteps(kind: CmsKind, definition: FormDefinition, reported: ReadonlySet<string>): Diagnostic[] {
  return definition.steps.flatMap((step, i) => {
    if (stepFields(step, i).some((placed) => !reported.has(placed.at))) return [];
    const at = toPointer(['steps', i]);
    const title = english(step.title, definition.texts) ?? step.id;
    return [
      {
        severity: 'warning' as const,
        code: 'export-empty-step',
        message: `${at}: the step ${JSON.stringify(title)} has no field a ${KIND_NAMES[kind]} document can hold; it is exported as a step without fields, which its import reports as empty.`,
        pointer: at,
      },
    ];
  });
}

/** A deep copy of plain JSON. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A CMS value that the importer reads as "not given": null, '', false or an empty list. */
export function absentLike(value: unknown): boolean {
  return value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}
