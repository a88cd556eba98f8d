/** Calling codes named by country in the page's language (spec 001 §3), from the compiler's options. */
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { loadCountryNames } from '../../../packages/react/src/i18n/countryNames.js';
import {
  codeOf,
  countryFor,
  dialChoices,
  isDialOptions,
} from '../../../packages/react/src/widgets/choice/dialCodes.js';

type Options = Array<{ value: string; label: string; country: string }>;

/** A form with one select of the built-in calling codes, compiled. */
function compiled() {
  const { form, diagnostics } = compileForm({
    id: 'dial',
    title: 'Dial',
    version: 1,
    steps: [
      {
        id: 's',
        title: 'S',
        sections: [{ fields: [{ name: 'area', type: 'select', label: 'Area', options: { builtin: 'dialCodes' } }] }],
      },
    ],
  });
  if (!form) throw new Error(JSON.stringify(diagnostics));
  return form;
}

function compiledDialOptions(): Options {
  const ui = compiled().uiSchema as Record<string, { 'ui:options': { options: Options } }>;
  return ui.area['ui:options'].options;
}

describe('calling codes', () => {
  it('come from the compiler one a country, the code main country first, and the enum once a code', () => {
    const options = compiledDialOptions();
    expect(isDialOptions(options)).toBe(true);
    const plusOne = options.filter((o) => o.value === '+1');
    expect(plusOne[0].country).toBe('US');
    expect(plusOne.map((o) => o.country)).toContain('CA');
    const schema = JSON.stringify(compiled().schema);
    expect(schema.match(/"\+1"/g)).toHaveLength(1);
  });

  it('are labelled with the country name in the language, sorted by that label', async () => {
    await loadCountryNames('de');
    const choices = dialChoices(compiledDialOptions(), 'de');
    expect(choices).toContainEqual({ value: 'DE', label: 'Deutschland (+49)' });
    expect(choices.map((c) => c.label)).toEqual(choices.map((c) => c.label).sort((a, b) => a.localeCompare(b, 'de')));
    // every choice is named: no region without a name shows as its bare code ('AC (+247)', found by a user)
    for (const locale of ['en', 'de', 'vi'] as const) {
      await loadCountryNames(locale);
      expect(dialChoices(compiledDialOptions(), locale).filter((c) => /^[A-Z]{2} \(/.test(c.label))).toEqual([]);
    }
  });

  it('show a stored code as the country picked, else as the code main country', () => {
    const options = compiledDialOptions();
    expect(countryFor(options, '+1')).toBe('US');
    expect(countryFor(options, '+1', 'CA')).toBe('CA');
    expect(countryFor(options, '+49', 'CA')).toBe('DE');
    expect(codeOf(options, 'CA')).toBe('+1');
  });
});
