import countries from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode, Metadata } from 'libphonenumber-js/max';
import type { JsonValue, Option, OptionSource } from '../../dsl/types.js';
import type { TextTable } from '../texts.js';
import type { FieldBuild } from './types.js';

/** One choice as the widgets get it: its label a text key, the country of a dial code. A type, not an interface: it is a JsonValue. */
export type Choice = {
  value: string | number | boolean;
  label: string;
  visibleIf?: JsonValue;
  country?: string;
};

/** The choices of a select-like field: its own options, a reference list's records, or a built-in list. */
export function optionList(options: Option[] | OptionSource, b: FieldBuild): Choice[] | undefined {
  const { ctx, pointer } = b;
  if (Array.isArray(options)) {
    return options.map((o, i) => ({
      value: o.value,
      label: ctx.texts.key(o.label, `${ctx.hint}.options.${i}`, `${pointer}/options/${i}/label`),
      ...(o.visibleIf ? { visibleIf: o.visibleIf as JsonValue } : {}),
    }));
  }
  if (options.reference) {
    const list = ctx.reference[options.reference];
    if (!list) {
      ctx.diagnostics.push({
        severity: 'error',
        code: 'unknown-reference',
        message: `options refer to reference list '${options.reference}', which the form does not define`,
        pointer: `${pointer}/options/reference`,
      });
      return undefined;
    }
    const valueProp = options.value ?? 'id';
    const labelProp = options.label ?? 'title';
    return list.map((record, i) => ({
      value: record[valueProp] as string | number,
      label: ctx.texts.key(String(record[labelProp] ?? record[valueProp]), `${ctx.hint}.options.${i}`, pointer),
    }));
  }
  if (options.builtin === 'countries') return COUNTRY_OPTIONS;
  if (options.builtin === 'dialCodes') return DIAL_CODE_OPTIONS;
  // languages: the widget builds the list from the active language; no enum
  return undefined;
}

/** The choices by their English label. */
export function sortedCopy<T extends { label: string }>(list: T[], texts: TextTable): T[] {
  const en = (k: string) => texts.texts[k]?.en ?? k;
  return [...list].sort((a, b) => en(a.label).localeCompare(en(b.label)));
}

/**
 * Country calling codes as dialled ('+49'), one option a country (`country`: ISO 3166 alpha-2), so the widget
 * names each in the page's language ('Germany (+49)'). By code; of the countries sharing one, the code's main
 * country first (US for +1), which a stored '+1' shows as.
 */
const DIAL_CODE_OPTIONS = (() => {
  // the method is there at run time, though the package's types leave it out
  const metadata = new Metadata() as unknown as { getCountryCodesForCallingCode(code: string): string[] | undefined };
  return [...new Set(getCountries().map((c) => getCountryCallingCode(c)))]
    .sort((a, b) => Number(a) - Number(b))
    .flatMap((code) =>
      (metadata.getCountryCodesForCallingCode(code) ?? []).map((country) => ({
        value: `+${code}`,
        label: `+${code}`,
        country,
      })),
    );
})();

export const COUNTRY_CODES = Object.keys(countries.getAlpha2Codes()).sort();
/** English names by code; the widgets show the names of the active language. */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countries.getName(code, 'en') ?? code }));
