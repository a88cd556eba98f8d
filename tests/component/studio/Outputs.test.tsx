import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { PayloadOutput, SchemaOutput } from '../../../site/web/studio/Outputs.js';
import { formText } from '../../../site/web/studio/texts.js';

function compiled(definition: unknown): CompiledForm {
  const result = compileForm(definition);
  if (!result.form) throw new Error(JSON.stringify(result.diagnostics));
  return result.form;
}

const form = compiled({
  id: 'demo',
  title: 'Demo',
  version: 1,
  steps: [
    {
      id: 'one',
      title: 'First',
      fields: [
        { name: 'passport', type: 'text', label: 'Passport', transform: ['upperCase'] },
        { name: 'confirm', type: 'text', label: 'Confirm' },
      ],
      submit: { endpoint: '/api/leads', encoding: 'form-urlencoded', payload: { mode: 'all' } },
    },
    { id: 'two', title: 'Second', fields: [{ name: 'note', type: 'text', label: 'Note' }] },
  ],
  submit: { endpoint: '/api/internal/contact-form', payload: { mode: 'all', omit: ['confirm'] } },
});

describe("the studio's outputs", () => {
  it('shows each request the data would make, encoded as the payload map says, transforms applied', () => {
    render(
      <PayloadOutput form={form} data={{ passport: 'ab12', confirm: 'x', note: 'hi' }} locale="en" textOf={formText} />,
    );
    const step = screen.getByRole('region', { name: 'Step 1: First' });
    expect(within(step).getByText('POST /api/leads')).toBeTruthy();
    expect(within(step).getByLabelText('Step 1: First: Body').textContent).toBe('passport=AB12&confirm=x&note=hi');
    const whole = screen.getByRole('region', { name: 'Form submission' });
    const body = JSON.parse(within(whole).getByLabelText('Form submission: Body').textContent ?? '');
    expect(body).toEqual({ passport: 'AB12', note: 'hi' });
    expect(screen.getByText(/Nothing is sent\./)).toBeTruthy();
  });

  it('shows the whole-form schema, or one step’s', async () => {
    render(<SchemaOutput form={form} textOf={formText} />);
    const schema = () => JSON.parse(screen.getByLabelText('JSON Schema').textContent ?? '');
    expect(Object.keys(schema().properties)).toEqual(expect.arrayContaining(['passport', 'confirm', 'note']));
    expect(screen.getByRole('combobox', { name: 'Schema' })).toBeTruthy();
  });
});
