export type ComputedFormat = 'text' | 'number' | 'currency' | 'date';

/** A computed value as text: numbers in German grouping, currency as '€ 1.234,56', ISO dates as DD/MM/YYYY. */
export function formatComputed(value: unknown, format: ComputedFormat = 'text'): string {
  if (value === undefined || value === null || value === '') return '';
  if (format === 'number' || format === 'currency') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return String(value);
    const digits = format === 'currency' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {};
    const text = new Intl.NumberFormat('de-DE', digits).format(n);
    return format === 'currency' ? `€ ${text}` : text;
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
