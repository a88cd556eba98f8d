/**
 * Money and number formats (spec 002, section 9): symbols $, €, £, ¥, ₽, ₫; 2 decimals by default; thousands
 * separated by '.', decimals by ',' (the German format the site uses in every language).
 */

export const CURRENCY_SYMBOLS = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: '¥',
  RUB: '₽',
  VND: '₫',
} as const;

export type Currency = keyof typeof CURRENCY_SYMBOLS;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCY_SYMBOLS, value);
}

/** '1.234,56' for 1234.56: thousands '.', decimal ',', rounded half away from zero. */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '-';
  const negative = value < 0;
  const factor = 10 ** decimals;
  // the epsilon makes 1.005 round to 1.01 as written, not 1.00 as stored
  const rounded = Math.round(Math.abs(value) * factor + 1e-9 * factor) / factor;
  const [whole, fraction = ''] = rounded.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = decimals > 0 ? `${grouped},${fraction}` : grouped;
  return negative && rounded !== 0 ? `-${text}` : text;
}

/** '€1.234,56': the currency's symbol, then the number (a currency code without symbol is written before it). */
export function formatMoney(value: number, currency: Currency | string = 'EUR', decimals = 2): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency} `;
  const text = formatNumber(value, decimals);
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}
