/**
 * The form's texts as a CSV file for translators (RFC 4180, UTF-8 with a byte-order mark so that Excel reads it as
 * UTF-8) and back. Columns: pointer, context, then one per language. A cell that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is written after an apostrophe, and so is one that
 * starts with an apostrophe; the import takes one leading apostrophe off, so every text comes back as it was.
 */
import Papa from 'papaparse';
import type { FormDefinition, Locale } from '../dsl/types.js';
import { LOCALES } from '../dsl/types.js';
import {
  applyRows,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
  type TextEntry,
  tooLarge,
} from './translations.js';

const BOM = '\uFEFF';
const FORMULA = /^[=+\-@\t\r']/;
const NEEDS_QUOTES = /[",;\r\n\t]|^\s|\s$/;

function cell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Languages as columns: English first, each once, in LOCALES order. */
function columnsOf(locales: readonly Locale[]): Locale[] {
  return LOCALES.filter((l) => l === 'en' || locales.includes(l));
}

/** The editable texts (not `{ key }` references) as CSV, one row each, with a column per language. */
export function textsToCsv(entries: readonly TextEntry[], locales: readonly Locale[] = LOCALES): string {
  const columns = columnsOf(locales);
  const lines = [['pointer', 'context', ...columns].join(',')];
  for (const entry of entries) {
    if (entry.catalogue !== undefined) continue;
    lines.push([entry.pointer, entry.context, ...columns.map((l) => entry.values[l] ?? '')].map(cell).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

const unguard = (value: string) => (value.startsWith("'") ? value.slice(1) : value);

/** Lines of a text, to turn a parser's character offset into line:column. */
function lineIndex(text: string) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
}

/**
 * Reads a translators' CSV (comma, semicolon or tab separated, as spreadsheets save it; a byte-order mark and CRLF
 * line ends are fine) into the definition. Problems name the line and column; see `applyRows` for what is written.
 */
export function applyCsv(def: FormDefinition, csv: string): ImportResult {
  const refused = tooLarge(def, csv);
  if (refused) return refused;
  const text = csv.startsWith(BOM) ? csv.slice(1) : csv;
  const at = lineIndex(text);
  const problems: ImportProblem[] = [];
  const records: Array<{ cells: string[]; line: number }> = [];
  let start = 0;
  Papa.parse(text, {
    delimitersToGuess: [',', ';', '\t'],
    step: ({ data, errors, meta }) => {
      const bad = errors.filter((e) => e.type !== 'Delimiter');
      for (const e of bad) {
        const { line, column } = at(e.index ?? start);
        problems.push({ line, column, severity: 'error', message: `${e.message}; the row is left out` });
      }
      if (bad.length === 0 && data.some((c) => c.trim() !== '')) records.push({ cells: data, line: at(start).line });
      start = meta.cursor;
    },
  });
  const [header, ...body] = records;
  const fail = (message: string): ImportResult => ({
    definition: def,
    applied: 0,
    problems: [...problems, { line: header?.line ?? 1, severity: 'error', message }],
  });
  if (!header) return fail('the file is empty: it needs a header row with a pointer column and language columns');
  const names = header.cells.map((c) => unguard(c).trim().toLowerCase());
  const pointerColumn = names.indexOf('pointer');
  if (pointerColumn < 0) return fail(`the header row has no "pointer" column (it has: ${names.join(', ')})`);
  const languages = new Map<number, Locale>();
  names.forEach((name, i) => {
    if (i === pointerColumn || name === 'context') return;
    const locale = LOCALES.find((l) => l === name);
    const column = i + 1;
    if (!locale) {
      problems.push({
        line: header.line,
        column,
        severity: 'warning',
        message: `column "${name}" is not a language of the form (${LOCALES.join(', ')}); it is left out`,
      });
    } else if ([...languages.values()].includes(locale)) {
      problems.push({
        line: header.line,
        column,
        severity: 'error',
        message: `language "${name}" has two columns; the second is left out`,
      });
    } else languages.set(i, locale);
  });
  const rows: ImportRow[] = [];
  for (const { cells, line } of body) {
    const pointer = unguard(cells[pointerColumn] ?? '').trim();
    if (!pointer) {
      problems.push({
        line,
        column: pointerColumn + 1,
        severity: 'error',
        message: 'the row has no pointer; it is left out',
      });
      continue;
    }
    const row: ImportRow = { line, pointer, values: [] };
    for (const [i, locale] of languages) {
      const value = unguard(cells[i] ?? '');
      if (locale === 'en') row.english = { value, column: i + 1 };
      else row.values.push({ locale, value, column: i + 1 });
    }
    rows.push(row);
  }
  return applyRows(def, rows, problems);
}
