import { describe, expect, it } from 'vitest';
import { compilerFor, FIELD_COMPILERS } from '../../../packages/core/src/compile/fields/table.js';
import type { FieldCompilers } from '../../../packages/core/src/compile/fields/types.js';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { FIELD_TYPES } from '../../../packages/core/src/dsl/types.js';

describe('the table of field compilers', () => {
  it('has one entry for each field type of the DSL, and no other', () => {
    expect(Object.keys(FIELD_COMPILERS).sort()).toEqual([...FIELD_TYPES].sort());
    for (const type of FIELD_TYPES) expect(typeof compilerFor(type).compile).toBe('function');
  });

  it('does not type-check without an entry for a field type', () => {
    const { info: _info, ...withoutInfo } = FIELD_COMPILERS;
    // @ts-expect-error: `info` is missing; tsc (`npm run typecheck`) fails if this stops being an error
    const incomplete: FieldCompilers = withoutInfo;
    expect(Object.keys(incomplete)).not.toContain('info');
  });

  it('compiles a field through its type module and the shared tail', () => {
    const result = compileForm({
      id: 'table',
      title: 'Table',
      version: 1,
      steps: [
        {
          id: 'one',
          title: 'One',
          fields: [{ name: 'when', type: 'date', label: 'When', required: true, rules: [{ notAfter: 'today' }] }],
        },
      ],
    });
    expect(result.diagnostics).toEqual([]);
    // the date module's part: type, format, its message and what required adds; the tail's: title, the rule's entry
    const properties = result.form?.schema.properties as Record<string, unknown> | undefined;
    expect(properties?.when).toMatchObject({
      type: 'string',
      format: 'date',
      title: 'When',
      errorMessage: { type: 'validation.date', format: 'validation.date' },
      allOf: [
        { dateRule: { relation: 'notAfter', ref: 'today' }, errorMessage: 'validation.dateNotInFuture' },
        { minLength: 1, pattern: '\\S', errorMessage: 'validation.required', $comment: 'required' },
      ],
    });
    expect(result.form?.uiSchema.when).toMatchObject({
      'ui:widget': 'date',
      'ui:title': 'forms.table.fields.when.label',
      'ui:options': { fieldType: 'date', displayFormat: 'DD/MM/YYYY' },
    });
  });
});
