import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition, Locale } from '../../../packages/core/src/dsl/types.js';
import { hasKey, translate } from '../../../packages/core/src/i18n/index.js';

/** The languages besides English every text of the blocked-account forms must have. */
const OTHER_LOCALES: Locale[] = ['de', 'fr', 'vi', 'es', 'zh', 'ru'];

/** Texts that may read the same as English: plain numbers (the contract durations 1–12). */
const sameEverywhere = (english: string) => /^\d+$/.test(english);

/** Keys whose text is one word spelled like the English one in some languages. */
const SAME_WORD: Record<string, Locale[]> = {
  'forms.blocked-account.fields.reviewName.label': ['de'], // Name
  'forms.blocked-account.fields.payers.items.action.label': ['fr'], // Action
  'options.dr': ['de', 'es'], // Dr.
};

function load(file: string): FormDefinition {
  const path = fileURLToPath(new URL(`../../../schemas/blocked-account/${file}`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as FormDefinition;
}

function compile(definition: FormDefinition, options?: Record<string, boolean>): CompiledForm {
  const result = compileForm(definition, options ? { options } : {});
  expect(result.diagnostics).toEqual([]);
  return result.form as CompiledForm;
}

/** Every text key the compiled form refers to (its own texts and shared catalogue keys), outside its `texts` table. */
function keysUsed(form: CompiledForm): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      if (form.texts[node] || hasKey(node)) keys.add(node);
    } else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) walk(value);
  };
  walk({ ...form, texts: undefined });
  return keys;
}

const blockedAccount = load('blocked-account.form.json');
const forms: Array<[string, CompiledForm]> = [
  ['blocked-account (seven steps)', compile(blockedAccount)],
  ['blocked-account (six steps)', compile(blockedAccount, { faceVerification: false })],
  ['kyc-reverification', compile(load('kyc-reverification.form.json'))],
];

describe.each(forms)('%s form: texts in all seven languages', (_, form) => {
  it('every text of the form has all seven languages', () => {
    const missing: string[] = [];
    for (const [key, text] of Object.entries(form.texts)) {
      if (sameEverywhere(text.en)) continue;
      for (const locale of OTHER_LOCALES) {
        if (typeof text[locale] !== 'string' || !text[locale]?.trim()) missing.push(`${key} [${locale}]: ${text.en}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every text it shows, catalogue texts and option labels included, reads differently from English', () => {
    const untranslated: string[] = [];
    for (const key of keysUsed(form)) {
      const english = translate(key, 'en', undefined, form.texts);
      if (sameEverywhere(english)) continue;
      for (const locale of OTHER_LOCALES) {
        if (SAME_WORD[key]?.includes(locale)) continue;
        if (translate(key, locale, undefined, form.texts) === english)
          untranslated.push(`${key} [${locale}]: ${english}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('keeps the {{placeholders}} of every text in every language', () => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const text of Object.values(form.texts)) {
      for (const locale of OTHER_LOCALES) expect(names(text[locale] ?? text.en)).toEqual(names(text.en));
    }
  });
});

describe('blocked-account form: what a German and a Chinese applicant read', () => {
  const [, form] = forms[0];
  const optionLabels = (field: string, locale: Locale) => {
    const options = (form.uiSchema[field] as { 'ui:options': { options: Array<{ label: string }> } })['ui:options'];
    return options.options.map((o) => translate(o.label, locale, undefined, form.texts));
  };

  it('shows the sign-up step, its sections and the gender choices in the page language', () => {
    const signUp = form.steps[0];
    expect(translate(signUp.headline as string, 'de', undefined, form.texts)).toBe(
      'Starten Sie Ihren Antrag auf ein Sperrkonto',
    );
    expect(translate(signUp.headline as string, 'en', undefined, form.texts)).toBe(
      'Get Started with blocked account application',
    );
    expect(translate(signUp.title as string, 'zh', undefined, form.texts)).toBe('注册');
    expect(optionLabels('gender', 'de')).toEqual(['Männlich', 'Weiblich', 'Divers']);
    expect(optionLabels('gender', 'zh')).toEqual(['男', '女', '多元性别']);
    expect(optionLabels('visaType', 'en')).toEqual(['Student', 'Employee', 'Other', 'Vocational trainee']);
  });
});
