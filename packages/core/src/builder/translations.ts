/**
 * Every translatable text of a form definition, by language, for the builder's translations view and for the
 * translators' files (`csv.ts`, `xliff.ts`). A text is found by where it sits in the DSL, walking the definition
 * in its own key order, so the list reads as the document does. Pure: no DOM, no Node.
 */
import { TEXT_SHAPES as SHAPES, type TextShapeName as ShapeName } from '../dsl/textPlaces.js';
import type { FormDefinition, Locale, LocalizedText, Text } from '../dsl/types.js';
import { LOCALES } from '../dsl/types.js';
import { catalogues, keyForEnglish, lookup } from '../i18n/index.js';
import { isObject } from '../json/object.js';
import { escapeSegment, parsePointer } from '../json/pointer.js';

/**
 * Most characters one text may have in an imported file. The DSL sets no length on texts; this is the compiler's
 * longest typed text (a text area, `TEXT_LIMITS.text`), far above any label or message that ships.
 */
export const MAX_TEXT_LENGTH = 5000;

/** A place in the form a text belongs to, outermost first; the view words each kind in its own language. */
export interface TextPlace {
  kind: 'form' | 'step' | 'section' | 'field' | 'option' | 'rule' | 'result' | 'text';
  /** The place's English name (a step's title, a field's label or name, a rule's kind, a `texts` key). */
  name: string;
}

export interface TextEntry {
  /** JSON Pointer of the text in the definition. */
  pointer: string;
  /** A readable place in English, e.g. `Step "Rental" › Start date › label`. */
  context: string;
  /** The same place as parts, for a view that words it in another language. */
  place: TextPlace[];
  /** The DSL property under the innermost place (`label`, `messages.size`, `submit.errorMessage`). */
  property: string;
  /** The text in each language it has (a plain string is English only; a catalogue text shows its translations). */
  values: Partial<Record<Locale, string>>;
  /**
   * A `{ key }` reference: the key it names. Shown, not editable here (a key of the form's own `texts` is edited
   * at its `/texts/<key>` entry).
   */
  catalogue?: string;
  /**
   * A plain English string the compiler links to this shared catalogue key, and so to its translations (shown in
   * `values`). Setting another language writes them all out inline, so none is lost.
   */
  linked?: string;
}

type Visit = (pointer: string, place: TextPlace[], property: string, text: unknown) => void;

/** Shapes that open a new place in the context; the others add to the property path. */
const PLACES: Partial<Record<ShapeName, TextPlace['kind']>> = {
  step: 'step',
  section: 'section',
  field: 'field',
  option: 'option',
  rule: 'rule',
  result: 'result',
};

const NAME_LENGTH = 40;

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > NAME_LENGTH ? `${line.slice(0, NAME_LENGTH - 1)}…` : line;
}

function isLocalized(value: unknown): value is LocalizedText {
  return isObject(value) && typeof value.en === 'string' && !('key' in value);
}

function isRef(value: unknown): value is { key: string } {
  return isObject(value) && typeof value.key === 'string';
}

/** A text's English, for naming its place: a reference is read from the form's texts, then the catalogue. */
function englishOf(text: unknown, own: FormDefinition['texts']): string | undefined {
  if (typeof text === 'string') return text;
  if (isLocalized(text)) return text.en;
  if (isRef(text)) return own?.[text.key]?.en ?? lookup(catalogues.en, text.key);
  return undefined;
}

function placeName(shape: ShapeName, node: Record<string, unknown>, index: number, own: FormDefinition['texts']) {
  const named = (text: unknown, fallback: unknown) => short(englishOf(text, own) || String(fallback ?? index + 1));
  if (shape === 'step') return named(node.title, node.id);
  if (shape === 'section') return named(node.headline, node.id);
  if (shape === 'field') return named(node.label, node.name);
  if (shape === 'option') return named(node.label, node.value);
  if (shape === 'rule') return Object.keys(node).find((k) => k !== 'message') ?? String(index + 1);
  return '';
}

function walk(
  shape: ShapeName,
  node: unknown,
  pointer: string,
  place: TextPlace[],
  property: string,
  own: FormDefinition['texts'],
  visit: Visit,
) {
  if (!isObject(node)) return;
  const spec = SHAPES[shape];
  for (const key of Object.keys(node)) {
    const how = spec[key];
    if (how === undefined) continue;
    const at = `${pointer}/${escapeSegment(key)}`;
    const prop = property ? `${property}.${key}` : key;
    const value = node[key];
    if (how === 'text') visit(at, place, prop, value);
    else if ('one' in how) {
      const kind = PLACES[how.one];
      if (kind) walk(how.one, value, at, [...place, { kind, name: key }], '', own, visit);
      else walk(how.one, value, at, place, prop, own, visit);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const kind = PLACES[how.many];
        if (kind && isObject(item)) {
          const inner = [...place, { kind, name: placeName(how.many, item, i, own) }];
          walk(how.many, item, `${at}/${i}`, inner, '', own, visit);
        } else walk(how.many, item, `${at}/${i}`, place, `${prop}.${i}`, own, visit);
      });
    }
  }
}

const PLACE_WORDS: Record<TextPlace['kind'], string> = {
  form: 'Form',
  step: 'Step',
  section: 'Section',
  field: '',
  option: 'Option',
  rule: 'Rule',
  result: 'Result',
  text: 'Text',
};

/** `Step "Rental" › Start date › label`: a field goes by its name alone, the other places by kind and name. */
export function contextOf(place: TextPlace[], property: string): string {
  const parts = place.map((p) => (p.kind === 'field' ? p.name : `${PLACE_WORDS[p.kind]} "${p.name}"`));
  return [...parts, property].join(' › ');
}

function catalogueValues(key: string): Partial<Record<Locale, string>> {
  const values: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const catalogue = catalogues[locale];
    const text = catalogue && lookup(catalogue, key);
    if (text !== undefined) values[locale] = text;
  }
  return values;
}

function localizedValues(text: LocalizedText): Partial<Record<Locale, string>> {
  const values: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) if (typeof text[locale] === 'string') values[locale] = text[locale];
  return values;
}

function entryOf(pointer: string, place: TextPlace[], property: string, text: unknown, def: FormDefinition) {
  const base = { pointer, context: contextOf(place, property), place, property };
  if (typeof text === 'string') {
    const linked = keyForEnglish(text);
    if (linked) return { ...base, values: { ...catalogueValues(linked), en: text }, linked };
    return { ...base, values: { en: text } };
  }
  if (isLocalized(text)) return { ...base, values: localizedValues(text) };
  if (isRef(text)) {
    const own = def.texts?.[text.key];
    return { ...base, values: own ? localizedValues(own) : catalogueValues(text.key), catalogue: text.key };
  }
  return undefined;
}

/** Every translatable text of a definition, in document order, the form's own `texts` included. */
export function textEntries(def: FormDefinition): TextEntry[] {
  const entries: TextEntry[] = [];
  const formPlace: TextPlace[] = [{ kind: 'form', name: short(String(def.id)) }];
  const visit: Visit = (pointer, place, property, text) => {
    const entry = entryOf(pointer, place.length ? place : formPlace, property, text, def);
    if (entry) entries.push(entry);
  };
  const root = def as unknown as Record<string, unknown>;
  for (const key of Object.keys(root)) {
    if (key === 'texts' && isObject(def.texts)) {
      for (const [name, text] of Object.entries(def.texts)) {
        visit(`/texts/${escapeSegment(name)}`, [{ kind: 'text', name }], 'texts', text);
      }
    } else if (key in SHAPES.form) {
      walk('form', { [key]: root[key] }, '', [], '', def.texts, visit);
    }
  }
  return entries;
}

/** The languages an entry has no text in (an empty or blank text counts as missing). */
export function missingLocales(entry: Pick<TextEntry, 'values'>): Locale[] {
  return LOCALES.filter((locale) => !entry.values[locale]?.trim());
}

/** The value at a pointer, or undefined when the pointer names nothing. */
export function valueAt(def: unknown, pointer: string): unknown {
  let node: unknown = def;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(segment)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** A copy of `node` with the value at `segments` replaced; every object on the way is copied, nothing else. */
function replaceAt(node: unknown, segments: string[], next: (old: unknown) => unknown): unknown {
  if (segments.length === 0) return next(node);
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(head)] = replaceAt(node[Number(head)], rest, next);
    return copy;
  }
  const record = node as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, next) };
}

/** A text in one language set (or, for a language other than English, removed when `value` is empty). */
function withLocale(text: string | LocalizedText, locale: Locale, value: string): Text {
  if (typeof text === 'string') {
    if (locale === 'en') return value;
    if (!value) return text;
    // a linked string gets its catalogue translations written out, so setting one language loses none
    const linked = keyForEnglish(text);
    return ordered({ ...(linked ? catalogueValues(linked) : {}), en: text, [locale]: value });
  }
  const next: Partial<Record<Locale, string>> = { ...text, [locale]: value };
  if (!value && locale !== 'en') delete next[locale];
  return ordered(next as LocalizedText);
}

/** The languages in LOCALES order, so a written-out text reads the same way everywhere. */
function ordered(text: Partial<Record<Locale, string>>): LocalizedText {
  const out: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) if (text[locale] !== undefined) out[locale] = text[locale];
  return out as LocalizedText;
}

/**
 * The definition with the text at `pointer` set in `locale` (pure: the argument is not changed). A plain string
 * becomes `{ en, <locale> }` when another language is set; an empty value removes a language other than English.
 * Throws when `pointer` names no editable text (a `{ key }` reference, or no text at all).
 */
export function setTextAt(def: FormDefinition, pointer: string, locale: Locale, value: string): FormDefinition {
  const entry = textEntries(def).find((e) => e.pointer === pointer);
  if (!entry) throw new Error(`${pointer || '/'} is not a text of the form`);
  if (entry.catalogue !== undefined)
    throw new Error(`${pointer} refers to the text '${entry.catalogue}'; edit it there`);
  return writeText(def, pointer, locale, value);
}

/** `setTextAt` for a pointer the caller took from `textEntries` of this definition (the importers: no re-walk). */
export function writeText(def: FormDefinition, pointer: string, locale: Locale, value: string): FormDefinition {
  const current = valueAt(def, pointer);
  if (typeof current !== 'string' && !isLocalized(current)) throw new Error(`${pointer} names no editable text`);
  return replaceAt(def, parsePointer(pointer), () => withLocale(current, locale, value)) as FormDefinition;
}

// ---------------------------------------------------------------------------------------------
// Importing translators' files (CSV, XLIFF): the checks both formats share
// ---------------------------------------------------------------------------------------------

/** Largest translators' file taken, in bytes of UTF-8 (every form that ships exports under 200 kB). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface ImportProblem {
  /** Line of the file (1-based). */
  line: number;
  /** Column (1-based): a CSV cell's column, or the character in an XML line. */
  column?: number;
  /** An error leaves the cell, row or file out; a warning is applied anyway or only informs. */
  severity: 'error' | 'warning';
  message: string;
}

export interface ImportResult {
  definition: FormDefinition;
  /** Texts changed (one per language of one text). */
  applied: number;
  problems: ImportProblem[];
}

/** One text as a translators' file gives it: its pointer, the English it was made from, its translations. */
export interface ImportRow {
  line: number;
  pointer: string;
  /** The English source in the file, when it has one; compared with the form's, never written. */
  english?: { value: string; column?: number };
  values: Array<{ locale: Locale; value: string; column?: number }>;
}

/** Bytes of a string in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A file too large to read, as a result with one problem. */
export function tooLarge(def: FormDefinition, text: string): ImportResult | undefined {
  const bytes = utf8Length(text);
  if (bytes <= MAX_FILE_BYTES) return undefined;
  const message = `the file has ${bytes} bytes; at most ${MAX_FILE_BYTES} (2 MB) are read`;
  return { definition: def, applied: 0, problems: [{ line: 1, severity: 'error', message }] };
}

const quote = (text: string) => JSON.stringify(short(text));

/** A text's kind for matching a moved row: the innermost place's kind and the property (a step's `title`). */
const kindOf = (entry: TextEntry) => `${entry.place.at(-1)?.kind ?? 'form'} ${entry.property}`;

/** The form's own English texts (not the catalogue's) grouped by a key. */
function byKey(entries: TextEntry[], keyOf: (entry: TextEntry) => string): Map<string, TextEntry[]> {
  const groups = new Map<string, TextEntry[]>();
  for (const e of entries) {
    if (e.catalogue !== undefined || e.values.en === undefined) continue;
    const key = keyOf(e);
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return groups;
}

/**
 * Where each row is written. A row is matched by pointer; when its English source differs from the form's English
 * there (a step moved since the export shifts every pointer after it), it goes to the one text of the same kind
 * whose English is the file's, unless another row of the file already matches that text as it is. Anything less
 * certain is refused: a translation written onto the wrong text is worse than one not written.
 */
function targetsOf(rows: ImportRow[], entries: TextEntry[]): Array<TextEntry | undefined> {
  const byPointer = new Map(entries.map((e) => [e.pointer, e]));
  const byEnglish = byKey(entries, (e) => `${kindOf(e)}\n${e.values.en}`);
  // a row whose pointer names nothing now (its step moved and the one now there is shorter): matched by the
  // pointer's shape with the numbers left out (`/steps/#/fields/#/options/#/label`) and its English
  const shapeOf = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/#');
  const byShape = byKey(entries, (e) => `${shapeOf(e.pointer)}\n${e.values.en}`);
  const changed = (row: ImportRow, entry: TextEntry) =>
    Boolean(row.english?.value) && row.english?.value !== (entry.values.en ?? '');
  const direct = new Set<string>();
  for (const row of rows) {
    const entry = byPointer.get(row.pointer);
    if (entry && !changed(row, entry)) direct.add(row.pointer);
  }
  return rows.map((row) => {
    const entry = byPointer.get(row.pointer);
    if (!entry) {
      if (!row.english?.value) return undefined;
      const found = byShape.get(`${shapeOf(row.pointer)}\n${row.english.value}`) ?? [];
      return found.length === 1 && found[0] && !direct.has(found[0].pointer) ? found[0] : undefined;
    }
    if (!changed(row, entry)) return entry;
    const found = byEnglish.get(`${kindOf(entry)}\n${row.english?.value}`) ?? [];
    return found.length === 1 && found[0] && !direct.has(found[0].pointer) ? found[0] : undefined;
  });
}

/**
 * Writes the rows' translations into the definition. Only a changed, non-empty translation is written: an empty
 * cell means "not translated", never "delete", so a partial file loses nothing. English is the form's own, never
 * written: a row whose English source differs from the form's at its pointer is written only where `targetsOf`
 * finds its text for certain (a warning says where), else refused; an empty source is not compared. Problems come
 * back in line order.
 */
export function applyRows(def: FormDefinition, rows: ImportRow[], problems: ImportProblem[]): ImportResult {
  const all = textEntries(def);
  const entries = new Map(all.map((e) => [e.pointer, e]));
  const targets = targetsOf(rows, all);
  const seen = new Set<string>();
  let definition = def;
  let applied = 0;
  rows.forEach((row, index) => {
    const problem = (message: string, column?: number, severity: ImportProblem['severity'] = 'error') =>
      problems.push({ line: row.line, ...(column === undefined ? {} : { column }), severity, message });
    const here = entries.get(row.pointer);
    if (!here && !targets[index]) {
      problem(
        valueAt(def, row.pointer) === undefined
          ? `unknown pointer ${row.pointer}: the form has nothing there`
          : `${row.pointer} no longer names a text of the form`,
      );
      return;
    }
    const entry = targets[index];
    const source = row.english?.value ?? '';
    // a stale row with no translation in it would write nothing anywhere: nothing to report either
    if (entry !== here && !row.values.some((v) => v.locale !== 'en' && v.value)) return;
    if (!entry || (entry !== here && seen.has(entry.pointer))) {
      problem(
        `${here?.context ?? row.pointer}: the English text here changed since the export (the file has ${quote(source)}, the form ${quote(here?.values.en ?? '')}): not applied; export again`,
        row.english?.column,
      );
      return;
    }
    if (seen.has(entry.pointer)) {
      problem(`${row.pointer} is given twice; only its first row is read`);
      return;
    }
    seen.add(entry.pointer);
    if (entry !== here) {
      problem(
        `${row.pointer}: ${quote(source)} moved since the export to ${entry.context} (${entry.pointer}); its translations are applied there`,
        row.english?.column,
        'warning',
      );
    }
    for (const { locale, value, column } of row.values) {
      if (locale === 'en' || !value || value === entry.values[locale]) continue;
      if (value.length > MAX_TEXT_LENGTH) {
        problem(`${entry.context} (${locale}): ${value.length} characters; at most ${MAX_TEXT_LENGTH}`, column);
        continue;
      }
      if (entry.catalogue !== undefined) {
        problem(`${entry.context} refers to the text '${entry.catalogue}'; translate it there`, column);
        break;
      }
      definition = writeText(definition, entry.pointer, locale, value);
      applied++;
    }
  });
  problems.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  return { definition, applied, problems };
}
