/**
 * What an export lost: the definition is compared with the import of its export, value by value, and every value
 * that does not come back is reported at its pointer in the definition. So nothing is dropped silently, whatever
 * the builder or a hand edit put in the definition; values the import adds (its defaults) are not losses.
 */
import type { Diagnostic } from '../compile/types.js';
import type { Field, FormDefinition, Section, Step, ValueSource } from '../dsl/types.js';
import type { CmsKind } from '../import/cms-types.js';
import { escapeSegment } from '../json/pointer.js';
import { stepFields } from './fields.js';
import { isTextObject } from './text.js';
import { KIND_NAMES } from './types.js';

const CONDITIONS = new Set(['visibleIf', 'requiredIf', 'disabledIf', 'labelIf', 'includeIf']);
/** Not content: the editor's schema hint. */
const SKIPPED = new Set(['$schema']);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

class Comparison {
  readonly diagnostics: Diagnostic[] = [];
  private readonly name: string;

  constructor(
    kind: CmsKind,
    private readonly reported: Set<string>,
  ) {
    this.name = KIND_NAMES[kind];
  }

  private skip(at: string): boolean {
    for (const done of this.reported) if (at === done || at.startsWith(`${done}/`)) return true;
    return false;
  }

  private report(code: string, at: string, message: string): void {
    this.diagnostics.push({ severity: 'warning', code, message: `${at}: ${message}`, pointer: at });
    this.reported.add(at);
  }

  /** Reports where `back` (from the import of the export) does not give `original` again. */
  value(original: unknown, back: unknown, at: string): void {
    if (original === undefined || this.skip(at) || equal(original, back)) return;
    // a plain English text that comes back translated (another text with the same English has translations): kept
    if (typeof original === 'string' && isTextObject(back) && 'en' in back && back.en === original) return;
    const key = at.slice(at.lastIndexOf('/') + 1);
    if (CONDITIONS.has(key)) {
      this.report(
        'export-condition-dropped',
        at,
        `${this.name} documents cannot state conditions; this '${key}' ${preview(original)} is not exported.`,
      );
    } else if (isTextObject(original)) {
      this.text(original, back, at);
    } else if (back === undefined) {
      this.report(
        'export-dropped',
        at,
        `${this.name} documents have no place for '${key}' here; ${preview(original)} is not exported.`,
      );
    } else if (original !== null && back !== null && typeof original === 'object' && typeof back === 'object') {
      if (Array.isArray(original) !== Array.isArray(back)) {
        this.changed(original, back, at);
      } else if (Array.isArray(original)) {
        for (const [i, item] of original.entries()) this.value(item, (back as unknown[])[i], `${at}/${i}`);
      } else {
        this.object(original as Record<string, unknown>, back as Record<string, unknown>, at);
      }
    } else {
      this.changed(original, back, at);
    }
  }

  object(original: object, back: object | undefined, at: string, except: string[] = []): void {
    for (const [key, entry] of Object.entries(original)) {
      if (except.includes(key) || SKIPPED.has(key)) continue;
      this.value(entry, (back as Record<string, unknown> | undefined)?.[key], `${at}/${escapeSegment(key)}`);
    }
  }

  missingField(field: Field, at: string): void {
    if (this.skip(at)) return;
    this.report(
      'export-dropped',
      at,
      `the field '${field.name}' does not come back from the ${this.name} document; it is not exported.`,
    );
  }

  private changed(original: unknown, back: unknown, at: string): void {
    this.report(
      'export-changed',
      at,
      `${this.name} documents cannot hold ${preview(original)} here; the export gives ${preview(back)} instead.`,
    );
  }

  private text(original: object, back: unknown, at: string): void {
    if ('key' in original) {
      this.report(
        'export-text-key',
        at,
        `${this.name} documents hold plain text, not the text key '${String(original.key)}'; ${back === undefined ? 'it is not exported' : `${preview(back)} is exported`}.`,
      );
      return;
    }
    const locales = Object.keys(original).filter((l) => l !== 'en');
    if (back === (original as { en: string }).en && locales.length > 0) {
      this.report(
        'export-translation-dropped',
        at,
        `${this.name} documents have no place for translations; only the English text is exported, the ${locales.join(', ')} ${locales.length === 1 ? 'translation is' : 'translations are'} not.`,
      );
    } else if (back === undefined) {
      this.report('export-dropped', at, `${this.name} documents have no place for this text; it is not exported.`);
    } else {
      this.changed(original, back, at);
    }
  }
}

function sectionsOf(step: Step | undefined): Section[] {
  if (!step) return [];
  return step.sections ?? [{ fields: step.fields ?? [] }];
}

/** Fields by name, in order (a name used twice, which the import reports, is matched by its occurrence). */
function fieldsByName(definition: FormDefinition): Map<string, Field[]> {
  const out = new Map<string, Field[]>();
  definition.steps.forEach((step, i) => {
    for (const { field } of stepFields(step, i)) out.set(field.name, [...(out.get(field.name) ?? []), field]);
  });
  return out;
}

/** Set entries of a request template, keyed by the field they read, without their place in the template. */
function setsByField(definition: FormDefinition): Map<string, ValueSource> {
  const out = new Map<string, ValueSource>();
  for (const { pointer: _place, ...entry } of definition.submit?.payload?.set ?? []) {
    if (typeof entry.from === 'string') out.set(entry.from, entry);
  }
  return out;
}

/**
 * Warnings for everything of `definition` that `back` (the import of its export) does not give again, skipping
 * `reported` places (and what lies under them).
 */
export function lostInExport(
  kind: CmsKind,
  definition: FormDefinition,
  back: FormDefinition,
  reported: Set<string>,
): Diagnostic[] {
  const compare = new Comparison(kind, reported);
  // The bookings' request template mirrors the CMS document the import read; the export is the new document,
  // so only what a template entry does with a field (format, conversion) is compared, by field.
  const templated = definition.submit?.payload?.mode === 'template';
  const { submit, ...rest } = definition;
  compare.object(rest, back, '', ['steps']);
  if (submit) {
    const { payload, ...call } = submit;
    compare.object(call, back.submit, '/submit');
    if (payload && templated) {
      compare.object(payload, back.submit?.payload, '/submit/payload', ['template', 'set']);
      const backSets = setsByField(back);
      const fields = fieldsByName(definition);
      (payload.set ?? []).forEach(({ pointer: _place, ...entry }, i) => {
        if (typeof entry.from !== 'string' || !fields.has(entry.from)) return; // stale: its field is gone or renamed
        compare.object(entry, backSets.get(entry.from), `/submit/payload/set/${i}`);
      });
    } else if (payload) {
      compare.value(payload, back.submit?.payload, '/submit/payload');
    }
  }

  const backFields = fieldsByName(back);
  const seen = new Map<string, number>();
  definition.steps.forEach((step, i) => {
    const backStep = back.steps[i];
    compare.object(step, backStep, `/steps/${i}`, ['fields', 'sections']);
    // sections are compared by place (a plain field list counts as one untitled section), fields by name
    const backSections = sectionsOf(backStep);
    if (step.sections) {
      step.sections.forEach((section, k) => {
        compare.object(section, backSections[k], `/steps/${i}/sections/${k}`, ['fields']);
      });
    }
    for (const { field, at } of stepFields(step, i)) {
      const n = seen.get(field.name) ?? 0;
      seen.set(field.name, n + 1);
      const backField = backFields.get(field.name)?.[n];
      if (backField) compare.object(field, backField, at);
      else compare.missingField(field, at);
    }
  });
  return compare.diagnostics;
}
