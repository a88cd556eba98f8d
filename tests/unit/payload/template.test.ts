import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition, SubmitSettings } from '../../../packages/core/src/dsl/types.js';
import { encodeRequest, unflattenForm } from '../../../packages/core/src/payload/index.js';
import { templateErrors, templateMismatches } from '../../../packages/core/src/payload/template.js';
import { application } from '../../fixtures/forms/blocked-account.js';

const settings: SubmitSettings = {
  endpoint: '/x',
  encoding: 'json',
  payload: {
    mode: 'template',
    template: {
      id: 'b-1',
      steps: [
        { headline: 'A', fields: [{ id: 'name', label: 'Name', value: null }] },
        { headline: 'B', fields: [{ id: 'age', label: 'Age', value: null }] },
      ],
    },
    set: [
      { pointer: '/steps/0/fields/0/value', from: 'name' },
      { pointer: '/steps/1/fields/0/value', from: 'age' },
      { pointer: '/extra/city', from: 'address.city' },
    ],
  },
};

const honest = () => ({
  id: 'b-1',
  steps: [
    { headline: 'A', fields: [{ id: 'name', label: 'Name', value: 'Ana' }] },
    { headline: 'B', fields: [{ id: 'age', label: 'Age', value: 30 }] },
  ],
});

describe('templateMismatches', () => {
  it('accepts the template with any answers in its value slots, and other payload modes untouched', () => {
    expect(templateMismatches(settings, honest())).toEqual([]);
    const answers = honest();
    answers.steps[0].fields[0].value = { any: ['shape'] } as unknown as string;
    expect(templateMismatches(settings, answers)).toEqual([]);
    // a place only a set pointer leads to may be there, with its slots only
    expect(templateMismatches(settings, { ...honest(), extra: { city: 'Berlin' } })).toEqual([]);
    expect(templateMismatches({ endpoint: '/x', payload: { mode: 'all' } }, { anything: 1 })).toEqual([]);
  });

  it('names each departure with its pointer: property, element, missing part, constant, kind', () => {
    const body = honest() as Record<string, unknown> & ReturnType<typeof honest>;
    body.isAdmin = true;
    (body.steps[0].fields[0] as Record<string, unknown>).role = 'admin';
    body.steps[1].fields[0].label = 'Is admin';
    body.steps.push({ headline: 'C', fields: [] });
    delete (body.steps[0] as Partial<(typeof body.steps)[0]>).headline;
    body.extra = { city: 'Berlin', country: 'DE' };
    expect(templateMismatches(settings, body).map((m) => [m.pointer, m.key])).toEqual([
      ['/isAdmin', 'validation.templateProperty'],
      ['/steps/0/headline', 'validation.templateMissing'],
      ['/steps/0/fields/0/role', 'validation.templateProperty'],
      ['/steps/1/fields/0/label', 'validation.templateValue'],
      ['/steps/2', 'validation.templateElement'],
      ['/extra/country', 'validation.templateProperty'],
    ]);
    expect(templateMismatches(settings, { ...honest(), steps: 'x' })).toMatchObject([
      { pointer: '/steps', key: 'validation.templateList' },
    ]);
    expect(templateMismatches(settings, [])).toMatchObject([{ pointer: '', key: 'validation.templateObject' }]);
    // a constant of another JSON type is a change, in JSON
    expect(templateMismatches(settings, { ...honest(), id: ['b-1'] })).toMatchObject([{ pointer: '/id' }]);
  });

  it('reports at most `limit` places for a hostile body', () => {
    const body = { ...honest(), ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) };
    expect(templateMismatches(settings, body)).toHaveLength(20);
    expect(templateMismatches(settings, body, { limit: 3 })).toHaveLength(3);
  });

  it('gives each as a field error in the request language, owned by the field beside it', () => {
    const body = honest();
    body.steps[1].fields[0].label = 'Is admin';
    expect(templateErrors(settings, body, 'en')).toEqual([
      {
        path: '/steps/1/fields/0/label',
        field: 'age',
        messageKey: 'validation.templateValue',
        message: '/steps/1/fields/0/label: must be "Age", as the form defines it',
        params: { pointer: '/steps/1/fields/0/label', expected: '"Age"' },
      },
    ]);
    const extra = { ...honest(), steps: [...honest().steps, { headline: 'X', fields: [] }] };
    expect(templateErrors(settings, extra, 'fr')[0]).toMatchObject({
      field: '/steps/2',
      message: '/steps/2 : le formulaire n’a que 2 entrées ici',
    });
  });
});

describe('a form-encoded template (blocked account, step 2, bracketed keys)', () => {
  const load = (path: string) =>
    JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')) as FormDefinition;
  const blocked = compileForm(load('schemas/blocked-account/blocked-account.form.json')).form as CompiledForm;
  const step = blocked.steps.find((s) => s.submit?.payload?.mode === 'template')!;
  const received = (data: Record<string, unknown>) => {
    const request = encodeRequest(step.submit!, data, { storage: () => '17' }, blocked);
    return unflattenForm(new URLSearchParams(request.body as string));
  };

  it('accepts what the engine sends: text values, empty values left out', () => {
    const body = received(application({ maidenName: '' }));
    expect(body).not.toHaveProperty('diff_maiden_name');
    expect(body.step).toBe('2');
    expect(templateMismatches(step.submit!, body, { textValues: true })).toEqual([]);
  });

  it('refuses an extra key, an extra nested key and a changed step number', () => {
    const body = received(application());
    body.is_admin = '1';
    (body.nationality as Record<string, unknown>).admin = '1';
    body.step = '3';
    expect(templateMismatches(step.submit!, body, { textValues: true }).map((m) => m.pointer)).toEqual([
      '/is_admin',
      '/step',
      '/nationality/admin',
    ]);
  });
});
