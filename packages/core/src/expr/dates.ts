/** Calendar arithmetic on ISO `YYYY-MM-DD` strings, in the local calendar of the machine that runs it. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseIsoDate(value: string): { y: number; m: number; d: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return { y, m, d };
}

export function isIsoDate(value: unknown): boolean {
  return typeof value === 'string' && parseIsoDate(value) !== undefined;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function formatIso(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

export function todayIso(now: Date = new Date()): string {
  return formatIso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** Adds years, months and days; a day past the end of the target month is clamped (Jan 31 + 1 month = Feb 28/29). */
export function addPeriod(date: string, period: { years?: number; months?: number; days?: number }): string | null {
  const p = parseIsoDate(date);
  if (!p) return null;
  const totalMonths = p.y * 12 + (p.m - 1) + (period.years ?? 0) * 12 + (period.months ?? 0);
  const y = Math.floor(totalMonths / 12);
  const m = (totalMonths % 12) + 1;
  const d = Math.min(p.d, daysInMonth(y, m));
  const shifted = new Date(Date.UTC(y, m - 1, d + (period.days ?? 0)));
  return formatIso(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Whole years from `from` to `to` (an age at a date); negative when `to` is earlier. */
export function wholeYearsBetween(from: string, to: string): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return null;
  let years = b.y - a.y;
  if (b.m < a.m || (b.m === a.m && b.d < a.d)) years -= 1;
  return years;
}

/** Reformat an ISO date (or `YYYY-MM` month) into an output format. */
export function formatDate(value: string, format: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  const p = parseIsoDate(value) ?? (month ? { y: Number(month[1]), m: Number(month[2]), d: 1 } : undefined);
  if (!p) return value;
  return format.replace('YYYY', pad(p.y, 4)).replace('MM', pad(p.m)).replace('DD', pad(p.d));
}
