/** Two options of one field with the same value: a stored answer could not tell them apart. */
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { Field, FormDefinition } from '../../../packages/core/src/dsl/types.js';

function oneStep(fields: Field[]): FormDefinition {
  return { id: 'options', title: 'Options', version: 1, steps: [{ id: 'only', title: 'Only', fields }] };
}

const duplicates = (def: FormDefinition) => compileForm(def).diagnostics.filter((d) => d.code === 'duplicate-option');

describe('duplicate option values', () => {
  it.each(['select', 'multiselect'] as const)('are an error of a %s at the second option’s value', (type) => {
    const def = oneStep([
      { name: 'ok', type: 'select', options: [{ value: 'a', label: 'A' }] },
      {
        name: 'colour',
        type,
        options: [
          { value: 'red', label: 'Red' },
          { value: 'blue', label: 'Blue' },
          { value: 'red', label: 'Crimson' },
        ],
      } as Field,
    ]);
    const result = compileForm(def);
    expect(result.form).toBeUndefined();
    expect(duplicates(def)).toEqual([
      {
        severity: 'error',
        code: 'duplicate-option',
        message: "option value 'red' is already used by option 0 of this field",
        pointer: '/steps/0/fields/1/options/2/value',
      },
    ]);
  });

  it('tell a number from the string of its digits, and report each repeat once', () => {
    const def = oneStep([
      {
        name: 'n',
        type: 'select',
        options: [
          { value: 1, label: 'One' },
          { value: '1', label: 'One as text' },
          { value: 1, label: 'Again' },
          { value: 1, label: 'And again' },
        ],
      },
    ]);
    expect(duplicates(def).map((d) => d.pointer)).toEqual([
      '/steps/0/fields/0/options/2/value',
      '/steps/0/fields/0/options/3/value',
    ]);
  });

  it('are found in sections and in a payer’s item fields, with the pointer of the document as written', () => {
    const twice = [
      { value: 'x', label: 'X' },
      { value: 'x', label: 'Y' },
    ];
    const def: FormDefinition = {
      id: 'options',
      title: 'Options',
      version: 1,
      steps: [
        {
          id: 'only',
          title: 'Only',
          sections: [
            { id: 'a', fields: [{ name: 'pick', type: 'select', options: twice }] },
            {
              id: 'b',
              fields: [
                {
                  name: 'payers',
                  type: 'payers',
                  itemFields: [
                    { name: 'first', type: 'text' },
                    { name: 'kind', type: 'select', options: twice },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(duplicates(def).map((d) => d.pointer)).toEqual([
      '/steps/0/sections/0/fields/0/options/1/value',
      '/steps/0/sections/1/fields/0/itemFields/1/options/1/value',
    ]);
  });

  it('are no problem across fields', () => {
    const opts = [{ value: 'a', label: 'A' }];
    expect(
      duplicates(
        oneStep([
          { name: 'x', type: 'select', options: opts },
          { name: 'y', type: 'multiselect', options: opts },
        ]),
      ),
    ).toEqual([]);
  });
});
