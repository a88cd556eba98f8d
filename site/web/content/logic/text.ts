/**
 * Small text helpers of the content blocks (spec 002, sections 2.5 and 9): the ordinal suffix, the two-digit ranking
 * number, the copyright year placeholder, dates and the dashed-case block schema name.
 */

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 111th. */
export function ordinal(n: number): string {
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13
      ? 'th'
      : abs % 10 === 1
        ? 'st'
        : abs % 10 === 2
          ? 'nd'
          : abs % 10 === 3
            ? 'rd'
            : 'th';
  return `${Math.trunc(n)}${suffix}`;
}

/** Ranking numbers: padded to two digits below 10 (01, 02 … 09, 10, 11). */
export function rankNumber(n: number): string {
  return n >= 0 && n < 10 ? `0${n}` : String(n);
}

/** The footer's current-year placeholder. */
export const CURRENT_YEAR_PLACEHOLDER = '{currentYear}';

/** The copyright line with every `{currentYear}` replaced by the year of `now`. */
export function copyrightText(text: string, now: Date = new Date()): string {
  return text.split(CURRENT_YEAR_PLACEHOLDER).join(String(now.getFullYear()));
}

/** DD.MM.YYYY for an ISO date (suggested blogs); the text as it is when it is no date. */
export function formatShortDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** The full date in the active language ('Last updated'): 2 March 2026, 2. März 2026, 2026年3月2日 … */
export function formatLongDate(iso: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** `HealthInsuranceCalculatorV2` → `health-insurance-calculator-v2`: the schema name a block's section carries. */
export function dashedName(typename: string): string {
  return typename.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The icons a block may name (spec 2.2); any other name shows no icon. */
export const ICON_NAMES = [
  'people',
  'pin',
  'degree',
  'globe',
  'institution',
  'coin',
  'rank',
  'calendar',
  'file-upload',
  'globe-person',
  'pdf',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export function iconName(name: unknown): IconName | undefined {
  return typeof name === 'string' && (ICON_NAMES as readonly string[]).includes(name) ? (name as IconName) : undefined;
}
