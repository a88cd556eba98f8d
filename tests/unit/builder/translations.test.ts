import { describe, expect, it } from 'vitest';
import { missingLocales, setTextAt, textEntries } from '../../../packages/core/src/builder/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { LOCALES } from '../../../packages/core/src/dsl/types.js';
import { realForms, textPointersByHand } from './translations-forms.js';

/** A definition with a text in every place the DSL has one. */
const every: FormDefinition = {
  id: 'every',
  title: 'Every text',
  description: { en: 'All of them', de: 'Alle' },
  version: 1,
  wizard: { labels: { previous: 'Back', next: 'Onwards', done: 'Finish' } },
  texts: { 'own.hello': { en: 'Hello', fr: 'Bonjour' } },
  steps: [
    {
      id: 'rental',
      title: 'Rental',
      headline: 'Your rental',
      subText: 'Tell us',
      tooltip: 'Why we ask',
      failureMessage: 'Fix the fields',
      labels: { next: 'Go on' },
      submit: {
        endpoint: '/x',
        errorMessage: 'It failed',
        messageMap: [{ contains: 'dup', message: 'Already booked' }],
        requiresStorage: [{ key: 'leadId', message: 'Start again' }],
      },
      sections: [
        {
          headline: 'Dates',
          description: 'When',
          failureMessage: 'Check the dates',
          fields: [
            {
              name: 'start',
              type: 'date',
              label: 'Start date',
              labelIf: [{ if: { field: 'kind', equals: 'b' }, label: 'Begin' }],
              placeholder: 'DD/MM/YYYY',
              description: 'The first day',
              tooltip: 'Inclusive',
              requiredMessage: 'Need a start',
              rules: [{ after: 'today', message: 'In the future, please' }],
            },
          ],
        },
      ],
      fields: [
        { name: 'mail', type: 'email', label: 'Mail', invalidMessage: 'Not an address' },
        {
          name: 'kind',
          type: 'select',
          label: { key: 'own.hello' },
          options: [{ value: 'a', label: 'Apartment', description: 'A flat' }],
        },
        {
          name: 'doc',
          type: 'upload',
          label: 'Document',
          hint: 'PDF only',
          messages: { type: 'Wrong type', size: 'Too big', count: 'Too many', failed: 'Upload failed' },
        },
        { name: 'face', type: 'faceCapture', acceptRequiredMessage: 'Pass the check' },
        { name: 'ok', type: 'agreement', content: 'I agree' },
        { name: 'note', type: 'info', content: 'Read this' },
        {
          name: 'code',
          type: 'otp',
          label: 'Code',
          send: { endpoint: '/otp', errorMessage: 'No code sent' },
        },
        {
          name: 'payers',
          type: 'payers',
          label: 'Payers',
          itemFields: [{ name: 'payerName', type: 'text', label: 'Payer name' }],
        },
      ],
    },
  ],
  submit: { endpoint: '/done', errorMessage: 'Not sent' },
  results: {
    success: { title: 'Done', mobileTitle: 'Done!', subTitle: 'Thanks', link: { label: 'Home', href: '/' } },
    failure: { title: 'Sorry' },
  },
};

describe('textEntries', () => {
  it('finds a text in every place the DSL has one, in document order, with a readable context', () => {
    const entries = textEntries(every);
    const pointers = entries.map((e) => e.pointer);
    expect([...pointers].sort()).toEqual(textPointersByHand(every).sort());
    expect(entries).toHaveLength(49);
    // the definition's own order: `texts` is written before the steps, a field's labelIf right after its label
    expect(pointers.slice(0, 6)).toEqual([
      '/title',
      '/description',
      '/wizard/labels/previous',
      '/wizard/labels/next',
      '/wizard/labels/done',
      '/texts/own.hello',
    ]);
    const label = pointers.indexOf('/steps/0/sections/0/fields/0/label');
    expect(pointers[label + 1]).toBe('/steps/0/sections/0/fields/0/labelIf/0/label');
    const byPointer = new Map(entries.map((e) => [e.pointer, e]));
    expect(byPointer.get('/steps/0/sections/0/fields/0/label')?.context).toBe(
      'Step "Rental" › Section "Dates" › Start date › label',
    );
    expect(byPointer.get('/steps/0/fields/2/messages/size')?.context).toBe('Step "Rental" › Document › messages.size');
    expect(byPointer.get('/steps/0/submit/messageMap/0/message')?.context).toBe(
      'Step "Rental" › submit.messageMap.0.message',
    );
    expect(byPointer.get('/steps/0/sections/0/fields/0/rules/0/message')?.context).toBe(
      'Step "Rental" › Section "Dates" › Start date › Rule "after" › message',
    );
    expect(byPointer.get('/steps/0/fields/7/itemFields/0/label')?.context).toBe(
      'Step "Rental" › Payers › Payer name › label',
    );
    expect(byPointer.get('/results/success/link/label')?.context).toBe('Result "success" › link.label');
    expect(byPointer.get('/title')?.context).toBe('Form "every" › title');
    expect(byPointer.get('/texts/own.hello')).toMatchObject({ values: { en: 'Hello', fr: 'Bonjour' } });
  });

  it('shows a { key } reference with the texts it names, marked as not editable here', () => {
    const ref = textEntries(every).find((e) => e.pointer === '/steps/0/fields/1/label');
    expect(ref).toMatchObject({ catalogue: 'own.hello', values: { en: 'Hello', fr: 'Bonjour' } });
    // a field named by a reference is called by its English text
    expect(textEntries(every).find((e) => e.pointer === '/steps/0/fields/1/options/0/label')?.context).toBe(
      'Step "Rental" › Hello › Option "Apartment" › label',
    );
  });

  it('shows a plain string the compiler links to the shared catalogue with the catalogue’s translations', () => {
    const def: FormDefinition = {
      ...every,
      steps: [{ id: 's', title: 'x', fields: [{ name: 'a', type: 'text', label: 'Previous' }] }],
    };
    const linked = textEntries(def).find((e) => e.pointer === '/steps/0/fields/0/label');
    expect(linked?.linked).toBeTruthy();
    expect(linked?.values.en).toBe('Previous');
    expect(missingLocales(linked ?? { values: {} })).toEqual([]);
  });

  it.each(realForms())('finds every text of %s, as a walk by hand does', (_name, def) => {
    const entries = textEntries(def);
    expect(entries.map((e) => e.pointer).sort()).toEqual(textPointersByHand(def).sort());
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      expect(entry.context.length).toBeGreaterThan(0);
      if (entry.catalogue === undefined) expect(typeof entry.values.en).toBe('string');
    }
  });
});

describe('missingLocales', () => {
  it('lists the languages without a text, a blank text counting as none', () => {
    expect(missingLocales({ values: { en: 'Hi', de: 'Hallo', fr: '  ' } })).toEqual(['fr', 'vi', 'es', 'zh', 'ru']);
    expect(missingLocales({ values: Object.fromEntries(LOCALES.map((l) => [l, l])) })).toEqual([]);
  });
});

describe('setTextAt', () => {
  const frozen = structuredClone(every);
  const deepFreeze = (v: unknown): void => {
    if (typeof v === 'object' && v !== null) {
      Object.freeze(v);
      for (const child of Object.values(v)) deepFreeze(child);
    }
  };
  deepFreeze(frozen);

  it('makes a plain string { en, <locale> } and leaves its input unchanged', () => {
    const next = setTextAt(frozen, '/steps/0/title', 'de', 'Miete');
    expect(next.steps[0]?.title).toEqual({ en: 'Rental', de: 'Miete' });
    expect(frozen.steps[0]?.title).toBe('Rental');
    // only the path to the text is copied
    expect(next.steps[0]?.sections).toBe(frozen.steps[0]?.sections);
  });

  it('sets English on a plain string without making it an object', () => {
    expect(setTextAt(frozen, '/title', 'en', 'All texts').title).toBe('All texts');
  });

  it('removes a language cleared, keeping the languages in their usual order', () => {
    const de = setTextAt(frozen, '/description', 'ru', 'Все');
    expect(Object.keys(de.description as object)).toEqual(['en', 'de', 'ru']);
    expect(setTextAt(de, '/description', 'de', '').description).toEqual({ en: 'All of them', ru: 'Все' });
  });

  it('edits the form’s own texts in place', () => {
    const next = setTextAt(frozen, '/texts/own.hello', 'de', 'Hallo');
    expect(next.texts?.['own.hello']).toEqual({ en: 'Hello', de: 'Hallo', fr: 'Bonjour' });
  });

  it('writes out a linked catalogue text’s translations when one language is set, so none is lost', () => {
    const def: FormDefinition = {
      ...every,
      steps: [{ id: 's', title: 'x', fields: [{ name: 'a', type: 'text', label: 'Previous' }] }],
    };
    const before = textEntries(def).find((e) => e.pointer === '/steps/0/fields/0/label');
    const label = setTextAt(def, '/steps/0/fields/0/label', 'de', 'Vorher').steps[0]?.fields?.[0]?.label;
    expect(label).toEqual({ ...before?.values, de: 'Vorher' });
  });

  it('refuses a reference, a non-text and an unknown pointer', () => {
    expect(() => setTextAt(frozen, '/steps/0/fields/1/label', 'de', 'x')).toThrow(/own\.hello/);
    expect(() => setTextAt(frozen, '/steps/0/id', 'de', 'x')).toThrow(/not a text/);
    expect(() => setTextAt(frozen, '/steps/9/title', 'de', 'x')).toThrow(/not a text/);
    expect(() => setTextAt(frozen, '/__proto__/title', 'de', 'x')).toThrow(/not a text/);
  });
});
