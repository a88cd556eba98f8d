import { describe, expect, it } from 'vitest';
import { listFields, referencesTo, renameField } from '../../../packages/core/src/builder/index.js';
import type { FormDefinition, JsonValue } from '../../../packages/core/src/dsl/types.js';
import { everyReference } from '../../fixtures/builder/every-reference.js';
import { DSL_FORMS, deepFrozen, errorsOf, loadForm } from './helpers.js';

/** Every place of the fixture that names the country field `a`, one of each kind the DSL has. */
const REFERENCES_TO_A = [
  '/computed/fromGermany/expression/and/0/==/0/var',
  '/computed/fromGermany/expression/and/1/!/missing/0',
  '/computed/fromGermany/expression/and/2/!/missing_some/1/1',
  '/wizard/doneRequires/0',
  '/steps/0/sections/0/storageFields/country',
  '/steps/0/sections/1/visibleIf/any/0/field',
  '/steps/0/sections/1/fields/0/defaultFrom/var',
  '/steps/0/sections/1/fields/1/visibleIf/field',
  '/steps/0/sections/1/fields/1/requiredIf/all/0/field',
  '/steps/0/sections/1/fields/1/disabledIf/any/1/field',
  '/steps/0/sections/1/fields/1/labelIf/0/if/field',
  '/steps/0/sections/1/fields/1/rules/0/postalCodeFor',
  '/steps/0/sections/1/fields/1/rules/1/requires',
  '/steps/0/sections/1/fields/2/rules/0/phoneFor',
  '/steps/0/sections/1/fields/3/options/0/visibleIf/field',
  '/steps/0/submit/payload/set/0/from',
  '/steps/1/fields/2/dependsOn',
  '/steps/1/fields/3/docKeyFrom',
  '/steps/1/fields/4/fills/a',
  '/steps/1/fields/4/clearsStorage/0',
  '/steps/1/fields/5/fills/country',
  '/steps/1/fields/6/send/payload/fields/country',
  '/submit/payload/fields/country',
  '/submit/payload/fields/whole/from',
  '/submit/payload/omit/0',
  '/submit/headers/X-Country/from',
  '/submit/storeData/country',
  '/submit/storeData/detail/from',
];

describe('referencesTo', () => {
  it('finds every kind of place that names a field', () => {
    expect(referencesTo(everyReference(), 'a').sort()).toEqual([...REFERENCES_TO_A].sort());
  });

  it('does not take a name for the start of another (a vs ab, a2), nor a literal', () => {
    const refs = referencesTo(everyReference(), 'ab');
    expect(refs).toContain('/computed/fromGermany/expression/and/3/!=/0/var/0');
    expect(refs).toContain('/submit/payload/fields/a/from');
    // `{ var: ['ab', 'a'] }`: 'a' is the default value; `X-Literal: 'a'` is a header's text; 'a' as an option's value
    expect(REFERENCES_TO_A).not.toContain('/computed/fromGermany/expression/and/3/!=/0/var/1');
    expect(referencesTo(everyReference(), 'a2')).toEqual(
      expect.arrayContaining(['/wizard/doneRequires/1', '/steps/1/fields/4/clearsStorage/2', '/submit/payload/omit/1']),
    );
  });

  it('finds date references to another field', () => {
    expect(referencesTo(everyReference(), 'arrival')).toEqual(['/steps/1/fields/1/rules/0/after/field']);
  });

  it('does not count the field’s own name, nor names in a payer’s item fields', () => {
    const def = everyReference();
    def.steps[1].fields?.push({
      name: 'payers',
      type: 'payers',
      uniqueBy: 'email',
      itemFields: [
        { name: 'email', type: 'email' },
        { name: 'confirm', type: 'email', rules: [{ sameAs: 'email' }], visibleIf: { field: 'email', filled: true } },
      ],
    });
    def.steps[1].fields?.push({ name: 'email', type: 'email' });
    expect(referencesTo(def, 'email')).toEqual([]);
    expect(referencesTo(def, 'payers')).toEqual([]);
  });
});

describe('renameField', () => {
  it('updates every reference, keeps dotted paths’ rest, and the form still compiles', () => {
    const input = deepFrozen(everyReference());
    expect(errorsOf(input)).toEqual([]);
    const out = renameField(input, 'a', 'homeCountry');
    expect(out.steps[0].sections?.[0].fields[0].name).toBe('homeCountry');
    expect(referencesTo(out, 'a')).toEqual([]);
    expect(referencesTo(out, 'homeCountry').sort()).toEqual(
      REFERENCES_TO_A.map((p) => p.replace('/fills/a', '/fills/homeCountry')).sort(),
    );
    expect(errorsOf(out)).toEqual([]);
    const steps = out.steps;
    expect(steps[0].sections?.[1].fields[1].visibleIf).toEqual({ field: 'homeCountry.iso', equals: 'DE' });
    expect(steps[0].sections?.[1].fields[0].defaultFrom).toEqual({ var: 'homeCountry.name' });
    expect(out.computed?.fromGermany.expression).toEqual({
      and: [
        { '==': [{ var: 'homeCountry.iso' }, 'DE'] },
        { '!': { missing: ['homeCountry', 'a2'] } },
        { '!': { missing_some: [1, ['ab', 'homeCountry']] } },
        { '!=': [{ var: ['ab', 'a'] }, ''] },
      ],
    });
    expect(steps[1].fields?.[4]).toMatchObject({
      fills: { homeCountry: 'Nationality', ab: 'Surname' },
      clearsStorage: ['homeCountry', 'passport_id', 'a2'],
    });
    // the order of `fills` is kept
    const passport = steps[1].fields?.[4];
    expect(passport?.type === 'passportUpload' && Object.keys(passport.fills ?? {})).toEqual(['homeCountry', 'ab']);
  });

  it('keeps the payload’s output keys, literal headers and other names', () => {
    const out = renameField(everyReference(), 'a', 'homeCountry');
    expect(out.submit).toEqual({
      endpoint: '/api/submit',
      headers: { 'X-Country': { from: 'homeCountry.iso' }, 'X-Literal': 'a' },
      payload: {
        mode: 'all',
        omit: ['homeCountry', 'a2', 'ab'],
        fields: {
          a: { from: 'ab' },
          country: 'homeCountry.iso',
          whole: { from: 'homeCountry', as: 'json' },
          second: 'a2',
        },
      },
      storeData: { country: 'homeCountry', detail: { from: 'homeCountry.name' }, other: 'ab' },
    });
    expect(out.wizard?.doneRequires).toEqual(['homeCountry', 'a2', 'consent']);
    expect(out.steps[0].sections?.[0].storageFields).toEqual({ country: 'homeCountry', other: 'ab' });
    expect(referencesTo(out, 'ab')).toEqual(referencesTo(everyReference(), 'ab'));
    expect(referencesTo(out, 'a2')).toEqual(referencesTo(everyReference(), 'a2'));
  });

  it('renames a date reference', () => {
    const out = renameField(everyReference(), 'arrival', 'arrivalDate');
    expect(out.steps[1].fields?.[1].rules).toEqual([{ after: { field: 'arrivalDate' } }]);
    expect(errorsOf(out)).toEqual([]);
  });

  it('leaves `var` alone where it reads the items of map, filter, reduce and the like', () => {
    const def = everyReference();
    const expression: JsonValue = {
      '+': [
        { reduce: [{ var: 'a' }, { '+': [{ var: 'current' }, { var: 'a' }] }, { var: 'a' }] },
        { map: [{ var: 'a.list' }, { var: 'a' }] },
        { some: [{ var: 'a' }, { '==': [{ var: 'a' }, 1] }] },
      ],
    };
    def.computed = { sum: { type: 'number', expression } };
    expect(renameField(def, 'a', 'b').computed?.sum.expression).toEqual({
      '+': [
        { reduce: [{ var: 'b' }, { '+': [{ var: 'current' }, { var: 'a' }] }, { var: 'b' }] },
        { map: [{ var: 'b.list' }, { var: 'a' }] },
        { some: [{ var: 'b' }, { '==': [{ var: 'a' }, 1] }] },
      ],
    });
  });

  it('renames the computed value a computed field shows, with the field', () => {
    const def: FormDefinition = {
      id: 'computed',
      title: 'Computed',
      version: 1,
      computed: { total: { type: 'number', expression: { '*': [{ var: 'months' }, 100] } } },
      steps: [
        {
          id: 'one',
          title: 'One',
          fields: [
            { name: 'months', type: 'number', label: 'Months' },
            { name: 'total', type: 'computed', value: 'total', format: 'currency' },
            { name: 'note', type: 'text', visibleIf: { field: 'total', notEquals: 0 } },
          ],
        },
      ],
      submit: { endpoint: '/x', payload: { mode: 'mapped', fields: { amount: 'total', months: 'months' } } },
    };
    expect(errorsOf(def)).toEqual([]);
    const out = renameField(def, 'total', 'sum');
    expect(out.computed).toEqual({ sum: def.computed?.total });
    expect(out.steps[0].fields?.[1]).toEqual({ name: 'sum', type: 'computed', value: 'sum', format: 'currency' });
    expect(out.submit?.payload?.fields).toEqual({ amount: 'sum', months: 'months' });
    expect(errorsOf(out)).toEqual([]);
    const months = renameField(def, 'months', 'durationMonths');
    expect(months.computed?.total.expression).toEqual({ '*': [{ var: 'durationMonths' }, 100] });
    expect(months.submit?.payload?.fields).toEqual({ amount: 'total', months: 'durationMonths' });
  });

  it('refuses an unknown field and a bad new name, and returns a copy for the same name', () => {
    const def = everyReference();
    expect(() => renameField(def, 'nobody', 'x')).toThrow(/no field 'nobody'/);
    expect(() => renameField(def, 'a', 'ab')).toThrow(/taken/);
    expect(() => renameField(def, 'a', 'fromGermany')).toThrow(/taken/);
    expect(() => renameField(def, 'a', 'a.b')).toThrow(/pattern/);
    expect(() => renameField(def, 'a', '__proto__')).toThrow(/reserved/);
    expect(() => renameField(def, 'a', '')).toThrow(/empty/);
    const same = renameField(def, 'a', 'a');
    expect(same).toEqual(def);
    expect(same).not.toBe(def);
  });
});

describe('renameField on the forms of schemas/', () => {
  it.each(DSL_FORMS)('%s: each field renamed keeps every reference and compiles as before', (path) => {
    const def = deepFrozen(loadForm(path));
    const before = errorsOf(def);
    const names = listFields(def).map((f) => f.name);
    expect(names.length).toBeGreaterThan(0);
    let renamedReferences = 0;
    for (const name of names) {
      const to = `${name}Renamed`;
      const out = renameField(def, name, to);
      const refs = referencesTo(def, name);
      expect(referencesTo(out, to), `${path}: ${name}`).toHaveLength(refs.length);
      expect(referencesTo(out, name), `${path}: ${name}`).toEqual([]);
      expect(errorsOf(out), `${path}: ${name} → ${to}`).toEqual(before);
      renamedReferences += refs.length;
    }
    // the booking forms refer to their fields in conditions, rules and payloads; the small ones need not
    if (/booking|blocked-account\.form/.test(path)) expect(renamedReferences).toBeGreaterThan(10);
  });

  it('health insurance: every field renamed at once still compiles with the same plan', async () => {
    const { compileForm } = await import('../../../packages/core/src/compile/index.js');
    const def = loadForm('health-insurance/health-insurance-booking.form.json');
    let out = def;
    for (const { name } of listFields(def)) out = renameField(out, name, `x${name}`);
    const a = compileForm(def).form;
    const b = compileForm(out).form;
    expect(b).toBeDefined();
    expect(b?.steps.map((s) => s.fields.length)).toEqual(a?.steps.map((s) => s.fields.length));
    for (const [name, plan] of Object.entries(a?.fields ?? {})) {
      const renamed = b?.fields[`x${name}`];
      expect(renamed?.dependsOn, name).toEqual(plan.dependsOn?.map((d) => `x${d}`));
      expect(JSON.stringify(renamed?.visibleIf ?? null), name).toBe(
        JSON.stringify(plan.visibleIf ?? null).replace(/"field":"([^"]+)"/g, '"field":"x$1"'),
      );
    }
  });
});
