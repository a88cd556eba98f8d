/**
 * The form's texts as XLIFF 2.0 for translation tools, one target language per file, and back. English is the
 * source. A unit's `name` is the text's JSON pointer and its `id` the same pointer made an XML name token (as
 * XLIFF 2.0 requires: `/steps/0/title` → `:steps:0:title`); its note says where the text sits in the form.
 * The import reads no DOCTYPE or entity declaration (so no external entities and no entity expansion bombs).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FormDefinition, Locale } from '../dsl/types.js';
import { LOCALES } from '../dsl/types.js';
import { isObject } from '../json/object.js';
import {
  applyRows,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
  type TextEntry,
  tooLarge,
} from './translations.js';

const NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';

/** A pointer as an NMTOKEN: `/` is `:`, letters, digits, `.` and `-` stay, anything else is `_<hex>_`. */
export function unitId(pointer: string): string {
  let out = '';
  for (const char of pointer) {
    if (char === '/') out += ':';
    else if (/[A-Za-z0-9.-]/.test(char)) out += char;
    else out += `_${(char.codePointAt(0) ?? 0).toString(16)}_`;
  }
  return out;
}

/** `unitId` read back. */
export function pointerOfUnitId(id: string): string {
  return id
    .replace(/:/g, '/')
    .replace(/_([0-9a-f]{1,6})_/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

/** Characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed, carriage return; U+FFFE/F). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters XML 1.0 cannot carry
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escaped for element content and attribute values; a carriage return as a reference, as XML would drop it. */
function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/** The editable texts (not `{ key }` references) as an XLIFF 2.0 document from English into `target`. */
export function textsToXliff(entries: readonly TextEntry[], target: Locale, original = 'form'): string {
  if (target === 'en') throw new Error('the target language of a translation cannot be English, its source');
  const units = entries
    .filter((e) => e.catalogue === undefined)
    .map((e) => {
      const translated = e.values[target];
      const state = translated ? 'translated' : 'initial';
      return [
        `    <unit id="${unitId(e.pointer)}" name="${escapeXml(e.pointer)}" canResegment="no" xml:space="preserve">`,
        `      <notes><note category="location">${escapeXml(e.context)}</note></notes>`,
        `      <segment state="${state}">`,
        `        <source>${escapeXml(e.values.en ?? '')}</source>`,
        ...(translated ? [`        <target>${escapeXml(translated)}</target>`] : []),
        '      </segment>',
        '    </unit>',
      ].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${NAMESPACE}" version="2.0" srcLang="en" trgLang="${target}">`,
    `  <file id="f1" original="${escapeXml(original)}">`,
    ...units,
    '  </file>',
    '</xliff>',
    '',
  ].join('\n');
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // numeric character references (the exported carriage returns); no DOCTYPE ever reaches the parser
  htmlEntities: true,
  isArray: (name) => ['file', 'group', 'unit', 'segment'].includes(name),
});

type Node = Record<string, unknown>;

function lineColumn(text: string, offset: number) {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Text of an element that holds only text, or undefined when it holds markup (inline codes are not supported). */
function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (isObject(node)) {
    const keys = Object.keys(node).filter((k) => !k.startsWith('@'));
    if (keys.length === 0) return '';
    if (keys.length === 1 && keys[0] === '#text' && typeof node['#text'] === 'string') return node['#text'];
  }
  return undefined;
}

function unitsOf(container: Node, out: Node[]) {
  for (const unit of (container.unit as unknown[] | undefined) ?? []) if (isObject(unit)) out.push(unit);
  for (const group of (container.group as unknown[] | undefined) ?? []) if (isObject(group)) unitsOf(group, out);
}

/**
 * Reads an XLIFF 2.0 file (from English into one language of the form) into the definition. Malformed XML,
 * another source language, a DOCTYPE and unknown units are reported with their line and column.
 */
export function applyXliff(def: FormDefinition, xml: string): ImportResult {
  const refused = tooLarge(def, xml);
  if (refused) return refused;
  const fail = (message: string, offset = 0): ImportResult => ({
    definition: def,
    applied: 0,
    problems: [{ ...lineColumn(xml, offset), severity: 'error', message }],
  });
  const declaration = xml.search(/<!(DOCTYPE|ENTITY)/i);
  if (declaration >= 0)
    return fail('the file declares a DOCTYPE or entities, which are not read (XLIFF needs none)', declaration);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return {
      definition: def,
      applied: 0,
      problems: [
        {
          line: valid.err.line,
          column: valid.err.col,
          severity: 'error',
          message: `not well-formed XML: ${valid.err.msg}`,
        },
      ],
    };
  }
  const doc = parser.parse(xml) as Node;
  const root = doc.xliff;
  if (!isObject(root)) return fail('this is not an XLIFF file: its root element is not <xliff>');
  const rootAt = xml.indexOf('<xliff');
  if (root['@version'] !== '2.0')
    return fail(`XLIFF version ${String(root['@version'])} is not read; export XLIFF 2.0`, rootAt);
  if (root['@srcLang'] !== 'en')
    return fail(`the source language is "${String(root['@srcLang'])}"; it must be "en" (English)`, rootAt);
  const target = LOCALES.find((l) => l !== 'en' && l === root['@trgLang']);
  if (!target) {
    return fail(
      `the target language "${String(root['@trgLang'] ?? '')}" is none of ${LOCALES.filter((l) => l !== 'en').join(', ')}`,
      rootAt,
    );
  }
  const units: Node[] = [];
  for (const file of (root.file as unknown[] | undefined) ?? []) if (isObject(file)) unitsOf(file, units);
  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  for (const unit of units) {
    const id = typeof unit['@id'] === 'string' ? unit['@id'] : '';
    const found = xml.indexOf(`id="${id}"`);
    const { line, column } = lineColumn(xml, found < 0 ? rootAt : found);
    const name = typeof unit['@name'] === 'string' ? unit['@name'] : undefined;
    const pointer = name?.startsWith('/') ? name : pointerOfUnitId(id);
    const segments = ((unit.segment as unknown[] | undefined) ?? []).filter(isObject);
    const sources = segments.map((s) => textOf(s.source));
    const targets = segments.map((s) => (s.target === undefined ? '' : textOf(s.target)));
    if (sources.includes(undefined) || targets.includes(undefined)) {
      problems.push({
        line,
        column,
        severity: 'error',
        message: `unit ${pointer}: inline markup is not supported; write the text plainly`,
      });
      continue;
    }
    rows.push({
      line,
      pointer,
      english: { value: sources.join(''), column },
      values: [{ locale: target, value: targets.join(''), column }],
    });
  }
  return applyRows(def, rows, problems);
}
