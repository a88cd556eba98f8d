import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition } from './forms.js';

/**
 * Every typed text stops at its maximum length in the browser (issue 14, "Text length"): the compiler's default of
 * the field's kind, or the DSL's own `maxLength`, reaches the input as its `maxLength`.
 */
const limited = compileDefinition({
  id: 'text-limits',
  title: { en: 'Text limits' },
  version: 1,
  draft: { storageKey: 'TEXT_LIMITS', storage: 'local' },
  steps: [
    {
      id: 'one',
      title: { en: 'One' },
      headline: { en: 'About you' },
      fields: [
        { name: 'code', type: 'text', label: { en: 'Code' }, maxLength: 5 },
        { name: 'firstName', type: 'text', label: { en: 'First name' }, autoComplete: 'given-name' },
        { name: 'email', type: 'email', label: { en: 'Email' } },
        { name: 'message', type: 'textarea', label: { en: 'Message' }, maxLength: 12 },
        { name: 'phone', type: 'phone', label: { en: 'Phone' }, defaultCountry: 'DE', validateForCountry: false },
      ],
    },
    { id: 'two', title: { en: 'Two' }, headline: { en: 'Done' }, fields: [{ name: 'note', type: 'text' }] },
  ],
} as FormDefinition);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

describe('text inputs stop at the maximum length', () => {
  it('typing beyond the limit adds nothing, and the form keeps what the input shows', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={limited} validation={runtimeValidation(limited)} locale="en" />);
    await user.type(input('Code'), 'ABCDEFGH');
    expect(input('Code').value).toBe('ABCDE');
    await user.type(input('Message'), 'Hello,\nworld and more');
    expect(input('Message').value).toBe('Hello,\nworld');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Done' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('TEXT_LIMITS') ?? 'null')?.data).toMatchObject({
      code: 'ABCDE',
      message: 'Hello,\nworld',
    });
  });

  it("a phone number's input stops at its bound too", async () => {
    const user = userEvent.setup();
    render(<FormRunner form={limited} validation={runtimeValidation(limited)} locale="en" />);
    await user.type(input('Phone'), '1'.repeat(40));
    expect(input('Phone').value).toBe('1'.repeat(30));
  });

  it('pasting beyond the limit keeps only what fits', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={limited} validation={runtimeValidation(limited)} locale="en" />);
    await user.click(input('Code'));
    await user.paste('1234567890');
    expect(input('Code').value).toBe('12345');
  });

  it('carries the default of its kind where the form sets none: a name 100, an e-mail address 254', () => {
    render(<FormRunner form={limited} validation={runtimeValidation(limited)} locale="en" />);
    expect(input('First name').maxLength).toBe(100);
    expect(input('Email').maxLength).toBe(254);
    expect(input('Message').maxLength).toBe(12);
  });
});
