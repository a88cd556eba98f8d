/**
 * Dates as text in a display format of day.js tokens (`DD/MM/YYYY`, `MM/YYYY`, `DD.MM.YYYY`, …), read and written
 * without loading day.js, for the light date input: read strictly as day.js reads them (`dayjs(text, format, true)`:
 * the text must be the date written exactly in the format, and a real date). Formats with other tokens (month
 * names, weekdays, escaped text) are not read here: `readable` says so, and the date picker takes over.
 */

export type Picker = 'date' | 'month';

type Token = { kind: 'year' | 'month' | 'day'; width: 1 | 2 | 4 } | { kind: 'text'; text: string };

const TOKEN = /YYYY|MM|M|DD|D|[A-Za-z[\]]|[^A-Za-z[\]]+/g;
const WIDTH = { YYYY: 4, MM: 2, M: 1, DD: 2, D: 1 } as const;

function tokensOf(format: string): Token[] | undefined {
  const tokens: Token[] = [];
  for (const [part] of format.matchAll(TOKEN)) {
    if (part in WIDTH) {
      const width = WIDTH[part as keyof typeof WIDTH];
      tokens.push({ kind: part.startsWith('Y') ? 'year' : part.startsWith('M') ? 'month' : 'day', width });
    } else if (/[A-Za-z[\]]/.test(part)) {
      return undefined;
    } else tokens.push({ kind: 'text', text: part });
  }
  return tokens;
}

/** Whether dates in `format` are read and written here (for `picker`: a month needs its month and year). */
export function readable(format: string, picker: Picker): boolean {
  const tokens = tokensOf(format);
  if (!tokens) return false;
  const kinds = tokens.map((t) => t.kind);
  const needs = picker === 'date' ? ['year', 'month', 'day'] : ['year', 'month'];
  return needs.every((k) => kinds.filter((x) => x === k).length === 1);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The form value (`YYYY-MM-DD`, or `YYYY-MM` for a month) written in `format`; undefined when it is none. */
export function formatDate(value: unknown, format: string, picker: Picker): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value);
  const tokens = tokensOf(format);
  if (!match || !tokens) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3] ?? 1) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysIn(parts.year, parts.month)) {
    return undefined;
  }
  if (picker === 'date' && match[3] === undefined) return undefined;
  return tokens.map((t) => (t.kind === 'text' ? t.text : pad(parts[t.kind], t.width))).join('');
}

/**
 * The form value of `text` read in `format` (`YYYY-MM-DD`, or `YYYY-MM` for a month); undefined unless `text` is a
 * real date written exactly in the format.
 */
export function parseDate(text: string, format: string, picker: Picker): string | undefined {
  const tokens = tokensOf(format);
  if (!tokens || !readable(format, picker)) return undefined;
  const parts: Record<'year' | 'month' | 'day', number> = { year: 0, month: 0, day: 1 };
  let at = 0;
  for (const t of tokens) {
    if (t.kind === 'text') {
      if (!text.startsWith(t.text, at)) return undefined;
      at += t.text.length;
      continue;
    }
    // a one-digit token takes one or two digits, as day.js does
    const digits = /^\d+/.exec(text.slice(at))?.[0] ?? '';
    const taken = t.width === 1 ? digits.slice(0, 2) : digits.slice(0, t.width);
    if (taken.length === 0 || (t.width > 1 && taken.length !== t.width)) return undefined;
    parts[t.kind] = Number(taken);
    at += taken.length;
  }
  if (at !== text.length) return undefined;
  const { year, month, day } = parts;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  const value =
    picker === 'date' ? `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` : `${pad(year, 4)}-${pad(month, 2)}`;
  // strict, as day.js: the date written back in the format is the text ('1/04/2025' is no DD/MM/YYYY)
  return formatDate(value, format, picker) === text ? value : undefined;
}
