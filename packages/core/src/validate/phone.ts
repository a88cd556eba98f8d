/**
 * The phone-number checks of the validation runtime, apart from the rest (`runtimeCore.ts`) because they carry
 * libphonenumber's full metadata (about 40 KB gzip): the browser loads them only for a form that checks a phone
 * number. Pure: no DOM, no Node APIs.
 */
import type { CountryCode } from 'libphonenumber-js/max';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { countryIso, sibling } from './runtimeCore.js';

/**
 * A phone value valid for its country (libphonenumber-js, full metadata). The value is the phone
 * structure `{ countryCode, areaCode?, phoneNumber, isoCode }` or a number string with the country
 * given separately. An empty number passes: requiredness is a separate rule with its own message.
 */
export function isValidPhone(value: unknown, country?: unknown): boolean {
  let number: string | undefined;
  let iso = countryIso(country);
  if (typeof value === 'string') number = value;
  else if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    number = [v.areaCode, v.phoneNumber].filter((p) => typeof p === 'string' && p !== '').join('');
    iso = iso ?? countryIso(v.isoCode);
    const dial = typeof v.countryCode === 'string' ? v.countryCode.replace(/^\+/, '') : undefined;
    if (!iso && dial && number) return isValidPhoneNumber(`+${dial}${number}`);
  }
  if (!number) return true;
  if (number.startsWith('+')) return isValidPhoneNumber(number);
  if (!iso) return false;
  try {
    return isValidPhoneNumber(number, iso as CountryCode);
  } catch {
    return false;
  }
}

export function phoneForSibling(value: unknown, parent: unknown, field: string): boolean {
  return isValidPhone(value, sibling(parent, field));
}
