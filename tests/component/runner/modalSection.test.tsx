import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, compileFile } from './forms.js';

const consent: FormDefinition = {
  id: 'runner-modal',
  title: { en: 'Modal' },
  version: 1,
  steps: [
    {
      id: 'blocking',
      title: { en: 'Blocking' },
      headline: { en: 'Blocking details' },
      sections: [
        { fields: [{ name: 'minor', type: 'checkbox', label: { en: 'I am under 18' } }] },
        {
          display: 'modal',
          headline: { en: 'Parental consent' },
          failureMessage: 'Please fill in the guardian details.',
          visibleIf: { field: 'minor', equals: true },
          fields: [
            {
              name: 'guardianName',
              type: 'text',
              label: { en: 'Guardian name' },
              requiredIf: { field: 'minor', equals: true },
            },
          ],
        },
      ],
    },
    { id: 'next', title: { en: 'Next' }, headline: { en: 'Payers' }, fields: [{ name: 'note', type: 'text' }] },
  ],
};

describe('a modal section (the parental consent)', () => {
  it('opens when Next finds its fields failing, cannot be dismissed, and closes by its own Next once they pass', async () => {
    const user = userEvent.setup();
    const form = compileDefinition(consent);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    // not a minor: no dialog, Next advances… first tick the box to become one
    await user.click(screen.getByLabelText(/I am under 18/));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Parental consent')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    // its Next with the guardian missing: the form's message, the dialog stays
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill in the guardian details.')).toBeTruthy();
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/Guardian name/), 'Mai Tran');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    // jsdom never ends antd's closing animation, so the dialog stays in the tree in its leave state
    await waitFor(() => expect(screen.queryByRole('dialog')?.className ?? 'gone').toMatch(/ant-zoom-leave|gone/));
    // the step now passes (its own Next, not the closing dialog's)
    const stepNext = screen.getAllByRole('button', { name: 'Next' }).find((b) => !b.closest('[role="dialog"]'));
    await user.click(stepNext as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Payers' })).toBeTruthy();
  });

  it('keeps its values under its storageKey once its Next succeeds, not before', async () => {
    const user = userEvent.setup();
    const withStorage: FormDefinition = {
      ...consent,
      steps: [
        {
          ...consent.steps[0],
          sections: [
            consent.steps[0].sections![0],
            {
              ...consent.steps[0].sections![1],
              storageKey: 'parentalConsentUpload',
              storageFields: { guardianName: 'guardianName', passport: 'guardianPassport' },
              fields: [
                ...consent.steps[0].sections![1].fields,
                {
                  name: 'guardianPassport',
                  type: 'text',
                  label: { en: 'Guardian passport' },
                  transform: ['upperCase'],
                },
              ],
            },
          ],
        },
        consent.steps[1],
      ],
    };
    const form = compileDefinition(withStorage);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.click(screen.getByLabelText(/I am under 18/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill in the guardian details.')).toBeTruthy();
    expect(localStorage.getItem('parentalConsentUpload')).toBeNull();
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/Guardian name/), 'Mai Tran');
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/Guardian passport/), 'c01x00t47');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(localStorage.getItem('parentalConsentUpload')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('parentalConsentUpload') ?? 'null')).toEqual({
      guardianName: 'Mai Tran',
      passport: 'C01X00T47',
    });
  });

  it('is part of the blocked-account form: the guardian section is a modal with its failure message', () => {
    const form = compileFile('schemas/blocked-account/blocked-account.form.json');
    const guardian = form.steps.flatMap((s) => s.sections).find((s) => s.fields.includes('guardianName'));
    expect(guardian).toMatchObject({ display: 'modal', modal: { width: '60%', fullWidthBelow: 1110 } });
    // the English text is the catalogue's, so it is translated like every message
    expect(guardian?.failureMessage).toBe('errors.guardianDetails');
  });
});
