/**
 * Every text a person types is bounded by default (issue 14, "Text length" and "Characters"): a maximum length by
 * kind, which the DSL can set itself, and the `plainText` rule, which refuses control, invisible and bidi characters.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { TEXT_LIMITS } from '../../../packages/core/src/compile/limits.js';
import type { CompiledForm, JsonSchema } from '../../../packages/core/src/compile/types.js';
import { type Field, type FormDefinition, LOCALES } from '../../../packages/core/src/dsl/types.js';
import {
  createFormValidator,
  formValidatorFrom,
  precompileValidators,
  type ValidateFn,
} from '../../../packages/core/src/validate/index.js';

function compile(fields: Field[], extra: Partial<FormDefinition> = {}): CompiledForm {
  const result = compileForm({
    id: 'bounds',
    title: 'Bounds',
    version: 1,
    steps: [{ id: 'one', title: 'One', fields }],
    ...extra,
  } as FormDefinition);
  if (!result.form) throw new Error(JSON.stringify(result.diagnostics));
  return result.form;
}

const propertyOf = (form: CompiledForm, name: string) =>
  (form.stepSchemas[0].properties as Record<string, JsonSchema>)[name];
const entries = (form: CompiledForm, name: string) => (propertyOf(form, name).allOf ?? []) as JsonSchema[];
const messagesOf = (form: CompiledForm, name: string) =>
  (propertyOf(form, name).errorMessage ?? {}) as Record<string, string>;
/** The field's maximum lengths with their messages: its own bound (on the field schema), then its rules'. */
const maxLengthEntries = (form: CompiledForm, name: string) => {
  const property = propertyOf(form, name);
  const own =
    typeof property.maxLength === 'number'
      ? [{ maxLength: property.maxLength, errorMessage: messagesOf(form, name).maxLength }]
      : [];
  return [...own, ...entries(form, name).filter((e) => 'maxLength' in e)];
};
/** The field's character bound with its message, if it has one. */
const formatEntry = (form: CompiledForm, name: string) => {
  const format = propertyOf(form, name).format;
  return format === 'plain-line' || format === 'plain-text'
    ? { format, errorMessage: messagesOf(form, name).format }
    : undefined;
};
const inputLimit = (form: CompiledForm, name: string) =>
  ((form.uiSchema[name] as JsonSchema)['ui:options'] as { maxLength?: number }).maxLength;

const HOSTILE: Record<string, string> = {
  'CR/LF': 'Anna\r\nBcc: x@example.com',
  NUL: 'Anna\u0000',
  TAB: 'An\tna',
  DEL: 'An\u007Fna',
  'C1 control (NEL)': 'An\u0085na',
  'lone high surrogate': 'Anna\uD800',
  'lone low surrogate': '\uDC00Anna',
  'right-to-left override U+202E': 'Anna\u202Egpj.exe',
  'left-to-right embedding U+202A': '\u202AAnna',
  'first strong isolate U+2068': 'An\u2068na',
  'zero-width space U+200B': 'An\u200Bna',
  'zero-width joiner U+200D at the end': 'Anna\u200D',
  'zero-width joiner U+200D after a pictograph, before a space': 'Anna 😀\u200D b',
  'zero-width non-joiner U+200C after a space': 'Anna \u200Cb',
  'word joiner U+2060': 'An\u2060na',
  'byte order mark U+FEFF': '\uFEFFAnna',
  'line separator U+2028': 'Anna\u2028Bcc',
};
const HARMLESS = [
  // Persian with ZWNJ and Sinhala with ZWJ between letters, as their keyboards type them
  'علی‌رضا محمدی‌نژاد',
  'کوچه‌ی گلستان',
  'ශ්‍රී ලංකා',
  'Anna-Lena O’Brien',
  'Zoë Ñúñez',
  'محمد رضا',
  '山田 太郎',
  'Nguyễn Văn An',
  'Ана Мария',
  'Ana 😀',
  // emoji joined into one: a pictograph with a skin tone, a variation selector, a zero-width joiner
  'Zoë 👩‍🎓',
  'Team 👩🏽‍💻 🏳️‍🌈 👨‍👩‍👧',
  'a\u00A0b',
];

describe('maximum lengths by default', () => {
  const form = compile([
    { name: 'firstName', type: 'text', autoComplete: 'given-name' },
    { name: 'guardian', type: 'text', rules: [{ letters: true }] },
    { name: 'maidenName', type: 'text' },
    { name: 'street', type: 'text' },
    { name: 'postalCode', type: 'text' },
    { name: 'mobile', type: 'text', inputMode: 'tel' },
    { name: 'email', type: 'email' },
    { name: 'message', type: 'textarea' },
    { name: 'birthPlace', type: 'place' },
    { name: 'countryName', type: 'country', valueShape: 'name' },
    { name: 'semester', type: 'select', allowCustom: true, options: [{ value: 'ws', label: 'Winter' }] },
    { name: 'university', type: 'universitySelect' },
  ]);

  it.each([
    ['firstName', TEXT_LIMITS.name],
    ['guardian', TEXT_LIMITS.name],
    ['maidenName', TEXT_LIMITS.name],
    ['street', TEXT_LIMITS.line],
    ['postalCode', TEXT_LIMITS.postalCode],
    ['mobile', TEXT_LIMITS.phone],
    ['email', TEXT_LIMITS.email],
    ['message', TEXT_LIMITS.text],
    ['birthPlace', TEXT_LIMITS.line],
    ['countryName', TEXT_LIMITS.name],
    ['semester', TEXT_LIMITS.line],
    ['university', TEXT_LIMITS.line],
  ])('%s: at most %i characters, in the schema (with its message) and for the input', (name, limit) => {
    expect(maxLengthEntries(form, name)).toEqual([{ maxLength: limit, errorMessage: 'validation.maxLength' }]);
    expect(inputLimit(form, name)).toBe(limit);
  });

  it('are a name ~100, a line ~200 and a text area ~5,000, as the issue asks', () => {
    expect(TEXT_LIMITS).toMatchObject({ name: 100, line: 200, email: 254, text: 5000 });
  });

  it('bound the strings inside structures too: phone, place record, country name, files, face outcome', () => {
    const structures = compile([
      { name: 'phone', type: 'phone' },
      { name: 'place', type: 'place', valueShape: 'cityState' },
      { name: 'country', type: 'country' },
      { name: 'file', type: 'upload' },
      { name: 'face', type: 'faceCapture' },
      { name: 'tags', type: 'multiselect', options: { builtin: 'languages' } },
    ]);
    const inner = (name: string, ...path: string[]) =>
      path.reduce((node, key) => (node as Record<string, JsonSchema>)[key], propertyOf(structures, name) as unknown) as
        | JsonSchema
        | undefined;
    expect(inner('phone', 'properties', 'phoneNumber')?.maxLength).toBe(TEXT_LIMITS.phone);
    expect(inner('phone', 'properties', 'areaCode')?.maxLength).toBe(TEXT_LIMITS.code);
    for (const key of ['city', 'state', 'country']) {
      expect(inner('place', 'properties', key)).toMatchObject({ maxLength: TEXT_LIMITS.name, format: 'plain-line' });
    }
    expect(inner('place', 'properties', 'location')).toMatchObject({ maxLength: TEXT_LIMITS.line, minLength: 1 });
    expect(inner('country', 'properties', 'name')?.maxLength).toBe(TEXT_LIMITS.name);
    expect(inner('file', 'items', 'properties', 'name')?.maxLength).toBe(TEXT_LIMITS.fileName);
    expect(inner('file', 'items', 'properties', 'url')?.maxLength).toBe(TEXT_LIMITS.url);
    expect(inner('face', 'properties', 'message')?.maxLength).toBe(TEXT_LIMITS.note);
    expect(inner('tags', 'items')).toMatchObject({ maxLength: TEXT_LIMITS.line, format: 'plain-line' });
  });

  it('leave fixed choices, dates and numbers alone', () => {
    const others = compile([
      { name: 'title', type: 'select', options: [{ value: 'mr', label: 'Mr.' }] },
      { name: 'arrival', type: 'date' },
      { name: 'amount', type: 'number' },
    ]);
    for (const name of ['title', 'arrival', 'amount']) {
      expect(maxLengthEntries(others, name)).toEqual([]);
      expect(formatEntry(others, name)).toBeUndefined();
    }
  });
});

describe('maximum lengths the DSL sets', () => {
  it("a field's own maxLength replaces the default, in the schema and for the input", () => {
    const form = compile([
      { name: 'street', type: 'text', maxLength: 80 },
      { name: 'message', type: 'textarea', maxLength: 12000 },
    ]);
    expect(maxLengthEntries(form, 'street')).toEqual([{ maxLength: 80, errorMessage: 'validation.maxLength' }]);
    expect(inputLimit(form, 'street')).toBe(80);
    expect(maxLengthEntries(form, 'message')).toEqual([{ maxLength: 12000, errorMessage: 'validation.maxLength' }]);
    expect(inputLimit(form, 'message')).toBe(12000);
  });

  it('a maxLength rule replaces the default and keeps its own message; with both, the input stops at the lower', () => {
    const form = compile([
      { name: 'code', type: 'text', rules: [{ maxLength: 8, message: 'Eight characters at most' }] },
      { name: 'both', type: 'text', maxLength: 50, rules: [{ maxLength: 30 }] },
    ]);
    expect(maxLengthEntries(form, 'code')).toEqual([
      { maxLength: 8, errorMessage: 'forms.bounds.fields.code.rules.0' },
    ]);
    expect(inputLimit(form, 'code')).toBe(8);
    expect(maxLengthEntries(form, 'both').map((e) => e.maxLength)).toEqual([50, 30]);
    expect(inputLimit(form, 'both')).toBe(30);
  });
});

describe('the plainText rule', () => {
  it('is on by default: a one-line text refuses line breaks, a text area keeps them', () => {
    const form = compile([
      { name: 'street', type: 'text' },
      { name: 'message', type: 'textarea' },
    ]);
    expect(formatEntry(form, 'street')).toEqual({ format: 'plain-line', errorMessage: 'validation.plainText' });
    expect(formatEntry(form, 'message')).toEqual({ format: 'plain-text', errorMessage: 'validation.plainText' });
  });

  it('can be turned off for a field, and can carry its own message', () => {
    const form = compile([
      { name: 'raw', type: 'text', rules: [{ plainText: false }] },
      { name: 'own', type: 'text', rules: [{ plainText: true, message: 'No hidden characters, please' }] },
    ]);
    expect(formatEntry(form, 'raw')).toBeUndefined();
    // the length stays bounded when the characters are not checked
    expect(maxLengthEntries(form, 'raw')).toHaveLength(1);
    expect(formatEntry(form, 'own')).toEqual({ format: 'plain-line', errorMessage: 'forms.bounds.fields.own.rules.0' });
    expect(form.texts['forms.bounds.fields.own.rules.0'].en).toBe('No hidden characters, please');
  });

  it("takes the spec's message of the field's letters or pattern rule, or of an e-mail field, so one message shows", () => {
    const form = compile([
      {
        name: 'lastName',
        type: 'text',
        rules: [{ letters: true, message: 'This field can only include letters from any language' }],
      },
      {
        name: 'passport',
        type: 'text',
        rules: [{ pattern: '^[A-Z0-9]{6,10}$', message: 'Please enter a valid passport number' }],
      },
      { name: 'email', type: 'email', invalidMessage: 'Please enter a valid email address!' },
    ]);
    expect(formatEntry(form, 'lastName')?.errorMessage).toBe('validation.letters');
    expect(formatEntry(form, 'passport')?.errorMessage).toBe('validation.passportNumber');
    expect(formatEntry(form, 'email')?.errorMessage).toBe('validation.email');
    const validator = createFormValidator(form);
    const errors = validator.validateStep(0, {
      lastName: 'Anna\r\nBcc: x',
      passport: 'AB\u0000123',
      email: 'a@b.de\n',
    }).errors;
    expect(errors.map((e) => [e.field, e.message])).toEqual([
      ['lastName', 'This field can only include letters from any language'],
      ['passport', 'Please enter a valid passport number'],
      ['email', 'Please enter a valid email address!'],
    ]);
  });

  const lines = compile([
    { name: 'name', type: 'text' },
    { name: 'note', type: 'textarea' },
  ]);
  const validator = createFormValidator(lines);

  it.each(Object.entries(HOSTILE))('refuses %s in a one-line text, naming the field', (_what, value) => {
    const result = validator.validateStep(0, { name: value });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({ field: 'name', path: '/name', messageKey: 'validation.plainText' }),
    ]);
  });

  it('refuses in a text area all of them but line breaks, tabs and the joiners words and emoji need', () => {
    const kept = [
      'CR/LF',
      'TAB',
      'line separator U+2028',
      'zero-width joiner U+200D at the end',
      'zero-width joiner U+200D after a pictograph, before a space',
      'zero-width non-joiner U+200C after a space',
    ];
    for (const [what, value] of Object.entries(HOSTILE)) {
      const result = validator.validateStep(0, { note: value });
      expect({ what, valid: result.valid }).toEqual({ what, valid: kept.includes(what) });
    }
    expect(validator.validateStep(0, { note: 'Line one\r\nLine two\n\n\tThanks 👨‍🎓 می‌خواهم' }).valid).toBe(true);
  });

  it.each(HARMLESS)('accepts %s', (value) => {
    expect(validator.validateStep(0, { name: value, note: value }).valid).toBe(true);
  });

  it('lets a letters-only name hold joiners between its letters, and nowhere else', () => {
    const names = createFormValidator(compile([{ name: 'lastName', type: 'text', rules: [{ letters: true }] }]));
    for (const good of ['محمدی‌نژاد', 'علی‌زاده', 'චන්ද්‍රසේකර'])
      expect({ good, valid: names.validateStep(0, { lastName: good }).valid }).toEqual({ good, valid: true });
    for (const bad of ['\u200Cعلی', 'Anna\u200D', 'Anna \u200Cb', 'Anna\u200B'])
      expect({ bad, valid: names.validateStep(0, { lastName: bad }).valid }).toEqual({ bad, valid: false });
  });
});

describe('the messages, in all seven languages', () => {
  const form = compile([
    { name: 'firstName', type: 'text' },
    { name: 'message', type: 'textarea', maxLength: 10 },
  ]);
  const validator = createFormValidator(form);
  const expected: Record<string, { characters: string; length: string }> = {
    en: {
      characters: 'This field contains invisible or control characters that are not allowed',
      length: 'Please enter no more than 10 characters',
    },
    de: {
      characters: 'Dieses Feld enthält unsichtbare Zeichen oder Steuerzeichen, die nicht erlaubt sind',
      length: 'Bitte geben Sie höchstens 10 Zeichen ein',
    },
    fr: {
      characters: 'Ce champ contient des caractères invisibles ou de contrôle qui ne sont pas autorisés',
      length: expect.stringContaining('10') as unknown as string,
    },
    vi: {
      characters: 'Trường này chứa ký tự ẩn hoặc ký tự điều khiển không được phép',
      length: expect.stringContaining('10') as unknown as string,
    },
    es: {
      characters: 'Este campo contiene caracteres invisibles o de control que no están permitidos',
      length: expect.stringContaining('10') as unknown as string,
    },
    zh: {
      characters: '此字段包含不允许使用的不可见字符或控制字符',
      length: expect.stringContaining('10') as unknown as string,
    },
    ru: {
      characters: 'Это поле содержит недопустимые невидимые или управляющие символы',
      length: 'Максимальное количество символов: 10',
    },
  };

  it.each(LOCALES)('%s', (locale) => {
    const result = validator.validateStep(0, { firstName: 'Anna\u202E', message: 'x'.repeat(11) }, { locale });
    expect(result.errors.map((e) => [e.field, e.message])).toEqual([
      ['firstName', expected[locale].characters],
      ['message', expected[locale].length],
    ]);
    // a real translation: not the English text, except in English
    if (locale !== 'en') expect(result.errors[0].message).not.toBe(expected.en.characters);
  });
});

describe('fields shown under a condition', () => {
  const form = compile(
    [
      { name: 'hasGuardian', type: 'checkbox' },
      { name: 'guardianName', type: 'text', visibleIf: { field: 'hasGuardian', equals: true } },
      { name: 'guardianPhone', type: 'phone', visibleIf: { field: 'hasGuardian', equals: true } },
    ],
    { submit: { endpoint: '/api/bounds' } },
  );

  it('keep their bounds on the server while hidden, so no hidden value escapes them', () => {
    const validator = createFormValidator(form);
    const hidden = {
      hasGuardian: false,
      guardianName: 'x'.repeat(921_600),
      guardianPhone: { phoneNumber: '1'.repeat(5000) },
    };
    expect(validator.validate(hidden).errors.map((e) => [e.path, e.messageKey])).toEqual([
      ['/guardianName', 'validation.maxLength'],
      ['/guardianPhone/phoneNumber', 'validation.maxLength'],
    ]);
    expect(validator.validate({ hasGuardian: false, guardianName: 'Anna\r\nBcc: x' }).errors).toEqual([
      expect.objectContaining({ field: 'guardianName', messageKey: 'validation.plainText' }),
    ]);
    // the submission schema the server checks has them too
    expect((form.submitSchemas!.form!.properties as Record<string, JsonSchema>).guardianName).toEqual({
      maxLength: TEXT_LIMITS.name,
      format: 'plain-line',
      errorMessage: { maxLength: 'validation.maxLength', format: 'validation.plainText' },
    });
  });

  it("while the step schema the browser renders keeps '{}' for them, as RJSF expects", () => {
    expect(propertyOf(form, 'guardianName')).toEqual({});
  });

  it('report one message, not two, while shown', () => {
    const result = createFormValidator(form).validate({ hasGuardian: true, guardianName: 'x'.repeat(101) });
    expect(result.errors.map((e) => [e.path, e.messageKey])).toEqual([['/guardianName', 'validation.maxLength']]);
  });
});

describe('precompiled (no eval) validators', () => {
  it('check lengths and characters as the run-time validator does', async () => {
    const form = compile([
      { name: 'firstName', type: 'text' },
      { name: 'message', type: 'textarea' },
    ]);
    const code = precompileValidators(form, {
      runtimeImport: join(process.cwd(), 'packages/core/src/validate/runtime.ts'),
    });
    expect(code).not.toMatch(/\beval\(|new Function/);
    const dir = mkdtempSync(join(tmpdir(), 'antrag-bounds-'));
    writeFileSync(join(dir, 'validators.mjs'), code);
    const mod = (await import(pathToFileURL(join(dir, 'validators.mjs')).href)) as Record<string, ValidateFn>;
    const precompiled = formValidatorFrom(form, { steps: [mod.step0] });
    const runtime = createFormValidator(form);
    const samples = [
      { firstName: 'Anna', message: 'Hello\nthere' },
      { firstName: 'Anna\r\nBcc: x', message: 'x'.repeat(5001) },
      { firstName: 'x'.repeat(101), message: 'a\u0000b' },
      { firstName: 'Anna\uD800', message: '\u202E' },
    ];
    for (const data of samples) {
      const a = precompiled.validateStep(0, data);
      expect(a.errors).toEqual(runtime.validateStep(0, data).errors);
    }
    expect(precompiled.validateStep(0, samples[1]).errors.map((e) => e.messageKey)).toEqual([
      'validation.plainText',
      'validation.maxLength',
    ]);
  });
});
