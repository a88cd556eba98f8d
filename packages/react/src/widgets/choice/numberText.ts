/**
 * What a number typed into a text box means, read in the page's language, and how a number is shown there.
 * Nothing typed is dropped or guessed at: text that is not a number as the field allows it is `invalid`, and
 * the widget keeps it (the form's data then fails its schema and the field's message shows).
 */

/** What a typed text holds: nothing, a number, or text that is not a number the field accepts. */
export type NumberText = { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'invalid' };

/** The page language's decimal and group separators (spaces of every width count as one space). */
export interface Separators {
  decimal: string;
  group: string;
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;
/** More significant digits than a double holds exactly: the number would change silently. */
const MAX_DIGITS = 15;

const cache = new Map<string, Separators>();

export function separatorsOf(locale: string): Separators {
  let found = cache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
    found = { decimal: part('decimal', '.'), group: part('group', ',').replace(SPACES, ' ') };
    cache.set(locale, found);
  }
  return found;
}

/** Digits in groups of three after a first group of one to three, separated by `group`. */
function groupedDigits(text: string, group: string): string | undefined {
  if (/^\d+$/.test(text)) return text;
  const groups = text.split(group);
  if (!/^\d{1,3}$/.test(groups[0]) || !groups.slice(1).every((g) => /^\d{3}$/.test(g))) return undefined;
  return groups.join('');
}

/** A number from its integer digits and fraction digits, unless it has more digits than a double keeps. */
function numberOf(sign: string, digits: string, fraction: string): NumberText {
  const significant = `${digits}${fraction}`.replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > MAX_DIGITS) return { kind: 'invalid' };
  const value = Number(`${sign}${digits || '0'}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? { kind: 'number', value: value === 0 ? 0 : value } : { kind: 'invalid' };
}

/**
 * Reads `text` as the page's language writes numbers. A whole-number field takes digits only (with a leading
 * minus): '1,000' and '12.5' there are for its message to name. Elsewhere the language's own form counts
 * ('1.234,5' in German, '1,234.5' in English), and a single '.' followed by anything but a group of three
 * digits is a decimal point in every language ('1.5' is one and a half on a German page too); a ',' that is
 * not the language's decimal comma and not a valid group is not guessed at ('1,5' on an English page).
 */
export function parseNumberText(text: string, locale: string, whole: boolean): NumberText {
  const trimmed = text.trim().replace(/^[\u2212\u2012\u2013]/, '-');
  if (trimmed === '') return { kind: 'empty' };
  const signed = /^(-?)(.*)$/s.exec(trimmed) as RegExpExecArray;
  const sign = signed[1];
  const body = signed[2];
  if (whole) return /^\d+$/.test(body) ? numberOf(sign, body, '') : { kind: 'invalid' };
  const { decimal, group } = separatorsOf(locale);
  const spaced = group === ' ' ? body.replace(SPACES, ' ') : body;
  if (!/^[\d., ]+$/.test(spaced) || !/\d$/.test(spaced)) return { kind: 'invalid' };
  // the language's own way: grouped digits, then at most one decimal separator and digits
  const at = spaced.indexOf(decimal);
  if (at === spaced.lastIndexOf(decimal)) {
    const integer = at < 0 ? spaced : spaced.slice(0, at);
    const fraction = at < 0 ? '' : spaced.slice(at + 1);
    const digits = integer === '' && fraction !== '' ? '' : groupedDigits(integer, group);
    if (digits !== undefined && /^\d*$/.test(fraction)) return numberOf(sign, digits, fraction);
  }
  // a decimal point, understood in every language
  const point = /^(\d*)\.(\d+)$/.exec(spaced);
  return point ? numberOf(sign, point[1], point[2]) : { kind: 'invalid' };
}

/** A number as the page's language writes it, without grouping, so that it reads back as the same number. */
export function formatNumberText(value: number, locale: string): string {
  const text = String(value);
  if (/e/i.test(text)) return text;
  return text.replace('.', separatorsOf(locale).decimal);
}
