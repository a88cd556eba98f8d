/**
 * `stepPartNames`: the widgets and fields a step draws, by the names the engine's registries key them, read from the
 * compiled UI schema (nested ones too). The engine loads their code before a step shows; the server announces it
 * with a page it draws (issue 19), so both must name the same parts.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { stepPartNames } from '../../../packages/core/src/wizard/wizard.js';
import { compileSchemaFile } from '../../fixtures/forms/compile.js';

describe('stepPartNames', () => {
  it('names the widgets and fields of the health-insurance booking’s first step, and only those', () => {
    const form = compileSchemaFile('health-insurance/health-insurance-booking.form.json');
    const first = stepPartNames(form, 0);
    expect(first.widgets.sort()).toEqual(['country', 'date', 'radio', 'select', 'text']);
    expect(first.fields).toEqual([]);
    // the third step's university search is not the first step's
    expect(stepPartNames(form, 2).widgets).toContain('searchSelect');
    expect(first.widgets).not.toContain('searchSelect');
  });

  it('names fields drawn by a field of their own (phone, country) apart from widgets', () => {
    const form = compileSchemaFile('blocked-account/blocked-account.form.json');
    const first = stepPartNames(form, 0);
    expect(first.fields.sort()).toEqual(['country', 'phone']);
    expect(first.widgets).toContain('agreement');
    expect(stepPartNames(form, 1).fields).toContain('passportUpload');
  });

  it('finds parts nested in list items and dialogs, each name once, and none past the last step', () => {
    const form = {
      steps: [{ fields: ['payers', 'note'] }],
      uiSchema: {
        payers: {
          'ui:field': 'payers',
          items: { country: { 'ui:field': 'country' }, amount: { 'ui:widget': 'currency' } },
        },
        note: { 'ui:widget': 'textarea', 'ui:options': { dialog: [{ 'ui:widget': 'currency' }] } },
      },
    } as unknown as CompiledForm;
    expect(stepPartNames(form, 0)).toEqual({ widgets: ['currency', 'textarea'], fields: ['payers', 'country'] });
    expect(stepPartNames(form, 1)).toEqual({ widgets: [], fields: [] });
  });
});
