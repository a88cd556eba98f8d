import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { createRunnerI18n } from '../../../packages/react/src/engine/i18n.js';
import { localizeUiSchema } from '../../../packages/react/src/engine/localize.js';

const booking = compileForm(
  JSON.parse(readFileSync('schemas/health-insurance/health-insurance-booking.form.json', 'utf8')) as FormDefinition,
).form!;

describe('localizeUiSchema', () => {
  const i18n = createRunnerI18n('en', booking.texts);
  const t = (key: string | undefined) => (key ? i18n.t(key) : '');
  const titleOf = (data: Record<string, unknown>) =>
    (localizeUiSchema(booking, t, data).universityOrCompanyInGermany as Record<string, unknown>)['ui:title'];

  it("shows the label of the first labelIf entry whose condition holds, else the field's label", () => {
    expect(titleOf({ profession: 'Student' })).toBe('Name of the university');
    expect(titleOf({ profession: 'Vocational Trainee' })).toBe('Name of the training company');
    expect(titleOf({})).toBe('Name of the university or company');
  });

  it('follows the language', () => {
    const de = createRunnerI18n('de', booking.texts);
    const ui = localizeUiSchema(booking, (k) => (k ? de.t(k) : ''), { profession: 'Vocational Trainee' });
    expect((ui.universityOrCompanyInGermany as Record<string, unknown>)['ui:title']).toBe(
      'Name des Ausbildungsbetriebs',
    );
  });
});
