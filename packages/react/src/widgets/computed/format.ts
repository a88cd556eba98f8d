export type ComputedFormat = 'text' | 'number' | 'currency' | 'date';

/**
 * A computed value as text: numbers and amounts in the page's language (`locale`, a BCP 47 tag such as the
 * runner's `en` or `de`; amounts in euro with 2 decimals, e.g. '€6,150.40' in English, '6.150,40 €' in German),
 * ISO dates as DD/MM/YYYY.
 */
export function formatComputed(value: unknown, format: ComputedFormat = 'text', locale = 'en'): string {
  if (value === undefined || value === null || value === '') return '';
  if (format === 'number' || format === 'currency') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return String(value);
    return format === 'currency' ? formatMoney(n, locale) : new Intl.NumberFormat(locale).format(n);
  }
  if (format === 'date') {
    const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(String(value));
    if (!m) return String(value);
    return m[3] ? `${m[3]}/${m[2]}/${m[1]}` : `${m[2]}/${m[1]}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The value at a dotted path of the form data. */
export function valueAt(data: unknown, path: string): unknown {
  let node: unknown = data;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** An amount in euro as the page's language writes it, always with 2 decimals. */
export function formatMoney(amount: number, locale = 'en', currency = 'EUR'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A text's amounts (`{{name}}` → euro) as interpolation values written in the page's language. */
export function moneyParams(amounts: unknown, locale: string): Record<string, string> | undefined {
  if (!amounts || typeof amounts !== 'object') return undefined;
  const params: Record<string, string> = {};
  for (const [name, amount] of Object.entries(amounts)) {
    if (typeof amount === 'number' && Number.isFinite(amount)) params[name] = formatMoney(amount, locale);
  }
  return params;
}
