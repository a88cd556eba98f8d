import { describe, expect, it } from 'vitest';
import dslSchema from '../../../packages/core/src/dsl/dsl.schema.json' with { type: 'json' };
import { FIELD_TYPES, RULE_KINDS } from '../../../packages/core/src/dsl/types.js';
import { formFields } from '../../../site/web/studio/assist/formFields.js';
import { plainSentence } from '../../../site/web/studio/assist/plainSentence.js';
import { type SchemaNode, SchemaPlaces } from '../../../site/web/studio/assist/schemaPlaces.js';
import { Suggest } from '../../../site/web/studio/assist/suggest.js';

const places = new SchemaPlaces(dslSchema as SchemaNode);
const suggest = new Suggest(places);

const FORM = {
  id: 'rental',
  title: 'Rental',
  version: 1,
  steps: [
    {
      id: 'one',
      title: 'One',
      fields: [
        { name: 'start', type: 'date', label: 'Start date' },
        {
          name: 'kind',
          type: 'select',
          label: { en: 'Kind', de: 'Art' },
          options: [
            { value: 'car', label: 'Car' },
            { value: 'van', label: 'Van' },
          ],
        },
        { name: 'licence', type: 'upload', label: 'Licence', visibleIf: { field: 'kind', equals: 'van' } },
      ],
    },
    {
      id: 'two',
      title: 'Two',
      sections: [{ fields: [{ name: 'terms', type: 'checkbox', rules: [{}], transform: [''] }] }],
    },
  ],
};
const field = (i: number) => ['steps', 0, 'fields', i];

describe('the JSON view’s assistance (pure parts, on the real meta-schema)', () => {
  it('offers every field type, each with its own one-line description, at a field’s "type"', () => {
    const doc = structuredClone(FORM);
    (doc.steps[0].fields?.[0] as { type: string }).type = '';
    const offers = suggest.suggestions(doc, { kind: 'value', path: [...field(0), 'type'] });
    expect(offers.map((o) => o.value)).toEqual([...FIELD_TYPES]);
    expect(offers.every((o) => o.kind === 'fieldType')).toBe(true);
    const select = offers.find((o) => o.value === 'select');
    expect(select?.description).toBe('Field type: a single choice.');
  });

  it('offers the form’s other fields with their labels in a condition, however deep', () => {
    const offers = suggest.suggestions(FORM, { kind: 'value', path: [...field(2), 'visibleIf', 'field'] });
    // the field whose condition it is never names itself
    expect(offers.map((o) => [o.value, o.detail])).toEqual([
      ['start', 'Start date'],
      ['kind', 'Kind'],
      ['terms', 'checkbox'],
    ]);
    const doc = structuredClone(FORM) as Record<string, unknown>;
    const licence = (doc as typeof FORM).steps[0].fields?.[2] as Record<string, unknown>;
    licence.requiredIf = { all: [{ not: { field: '' } }] };
    const nested = suggest.suggestions(doc, {
      kind: 'value',
      path: [...field(2), 'requiredIf', 'all', 0, 'not', 'field'],
    });
    expect(nested.map((o) => o.value)).toContain('kind');
  });

  it('offers the tested field’s option values in equals and in, true / false for a checkbox', () => {
    const equals = suggest.suggestions(FORM, { kind: 'value', path: [...field(2), 'visibleIf', 'equals'] });
    expect(equals.map((o) => [o.value, o.detail])).toEqual([
      ['car', 'Car'],
      ['van', 'Van'],
    ]);
    const doc = structuredClone(FORM);
    (doc.steps[0].fields?.[2] as Record<string, unknown>).visibleIf = { field: 'terms', in: [''] };
    const inList = suggest.suggestions(doc, { kind: 'value', path: [...field(2), 'visibleIf', 'in', 0] });
    expect(inList.map((o) => o.value)).toEqual([true, false]);
  });

  it('offers the rule names, described, as the keys of a rules item', () => {
    const offers = suggest.suggestions(FORM, {
      kind: 'key',
      path: ['steps', 1, 'sections', 0, 'fields', 0, 'rules', 0],
    });
    const rules = offers.filter((o) => o.kind === 'rule').map((o) => o.value);
    expect(rules).toEqual([...RULE_KINDS]);
    expect(offers.find((o) => o.value === 'minLength')?.description).toBe('At least this many characters.');
  });

  it('offers enum values (display, transforms) and leaves out keys already written', () => {
    const doc = structuredClone(FORM);
    (doc.steps[0].fields?.[1] as Record<string, unknown>).display = '';
    const display = suggest.suggestions(doc, { kind: 'value', path: [...field(1), 'display'] });
    expect(display.map((o) => o.value)).toEqual(['dropdown', 'radio', 'slider', 'searchable', 'buttons']);
    const transforms = suggest.suggestions(FORM, {
      kind: 'value',
      path: ['steps', 1, 'sections', 0, 'fields', 0, 'transform', 0],
    });
    expect(transforms.map((o) => o.value)).toContain('capitalizeWords');
    const keys = suggest.suggestions(FORM, { kind: 'key', path: field(1), key: 'dis' }).map((o) => o.value);
    expect(keys).toContain('display');
    expect(keys).toContain('visibleIf');
    expect(keys).not.toContain('label');
  });

  it('describes a property or a value in one plain sentence, never in schema terms', () => {
    const texts = [
      suggest.describe(FORM, { kind: 'key', path: field(2), key: 'visibleIf' }),
      suggest.describe(FORM, { kind: 'key', path: field(0), key: 'required' }),
      suggest.describe(FORM, { kind: 'key', path: ['steps', 0], key: 'fields' }),
      suggest.describe(FORM, { kind: 'key', path: [], key: 'steps' }),
      suggest.describe(FORM, { kind: 'value', path: [...field(1), 'type'] }),
      suggest.describe(FORM, { kind: 'key', path: [...field(2), 'visibleIf'], key: 'field' }),
    ];
    expect(texts[0]?.text).toBe(
      'The field is present only while this condition holds (e.g. semester only for students); while hidden it is not required.',
    );
    expect(texts[1]?.text).toBe('The field must have a value.');
    expect(texts[4]).toEqual({ text: 'Field type: a single choice.', fieldType: 'select' });
    for (const t of texts) {
      expect(t?.text).toMatch(/^[A-Z].*[.!?]$/);
      expect(t?.text).not.toMatch(/anyOf|oneOf|#\/|definitions|\$ref|`/);
    }
  });

  it('takes the first sentence, keeping abbreviations and parentheses whole', () => {
    expect(plainSentence('Sort the options by label.')).toBe('Sort the options by label.');
    expect(plainSentence('Options (e.g. `faceVerification`). More here.')).toBe('Options (e.g. faceVerification).');
    expect(plainSentence('Width, e.g. `60%` (default) or `720px`')).toBe('Width, e.g. 60% (default) or 720px.');
    expect(plainSentence("Defaults to 'This field is required!'. Then more.")).toBe(
      "Defaults to 'This field is required!'.",
    );
  });

  it('reads the fields of a half-written form', () => {
    expect(formFields({ steps: [{ fields: [{ name: 'a' }, { type: 'text' }, 7] }, null] })).toEqual([{ name: 'a' }]);
    expect(formFields('nothing')).toEqual([]);
  });
});
