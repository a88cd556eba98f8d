import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileFile } from './forms.js';

const DRAFT = 'BLOCKED_ACCOUNT_BOOKING_V2';

/** Requests the runner makes (test double of the server: a token, then every submission succeeds). */
const sent: string[] = [];
const fakeFetch = (async (input: RequestInfo | URL) => {
  const url = String(input);
  sent.push(url);
  const body = url.includes('get-token')
    ? { access_token: 't', valid_until: new Date(Date.now() + 3_600_000).toISOString() }
    : { status: true, message: 'ok' };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

/** The blocked-account form reopened on its blocking step (index 3) with `data` in its draft. */
async function openBlockingStep(data: Record<string, unknown>) {
  const form = compileFile('schemas/blocked-account/blocked-account.form.json');
  localStorage.setItem(DRAFT, JSON.stringify({ currentStep: 3, data }));
  // the lead the sign-up made, with its token (a draft of a lead without one is forgotten)
  localStorage.setItem('leadId', '1');
  localStorage.setItem('leadToken', `lt_${'a'.repeat(43)}`);
  const user = userEvent.setup();
  render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" env={{ fetch: fakeFetch }} />);
  await user.click(await screen.findByRole('button', { name: 'Yes' }));
  await screen.findByRole('heading', { name: 'Blocking Details' });
  return user;
}

const blocking = {
  visaType: 1,
  dateOfArrival: '2027-01-20',
  contractDuration: 3,
  visaEligibilityDocument: 'admission_certificate',
  visaEligibilityUpload: [{ uid: 'u1', name: 'admission.pdf', type: 'application/pdf', size: 200_000, status: 'done' }],
};

afterEach(() => {
  localStorage.clear();
  sent.length = 0;
});

/** The consent dialog (jsdom gives every antd dialog the same title id, so it is found by its text). */
const consentDialog = () => screen.queryAllByRole('dialog').find((d) => d.textContent?.includes('Parental consent'));

describe('fields under a condition on a computed value (isMinor of the blocked-account form)', () => {
  it('are rendered, required and empty for a minor: the consent dialog holds the guardian fields', async () => {
    const user = await openBlockingStep({ ...blocking, dateOfBirth: '2009-06-15' });
    const stepNext = screen.getAllByRole('button', { name: 'Next' })[0];
    await user.click(stepNext);
    await waitFor(() => expect(consentDialog()).toBeTruthy());
    const dialog = consentDialog() as HTMLElement;
    // RJSF resolved the `if` on isMinor: the fields exist, marked required, and the upload starts empty
    expect(within(dialog).getByLabelText(/Guardian name/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Guardian passport or ID number/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Select file/ })).toBeTruthy();
    expect(within(dialog).queryByRole('listitem')).toBeNull();
    expect(within(dialog).getAllByText('This field is required!')).toHaveLength(3);
    expect(screen.queryByText(/An unexpected error occurred/)).toBeNull();
    // the step was not submitted
    expect(sent.filter((u) => u.includes('submit-application'))).toEqual([]);
  });

  it('stay away for an adult, whose Next goes on without a dialog', async () => {
    const user = await openBlockingStep({ ...blocking, dateOfBirth: '2000-06-15' });
    expect(screen.queryByText('Minor fee')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]);
    expect(await screen.findByRole('heading', { name: 'Payers' })).toBeTruthy();
    expect(sent.filter((u) => u.includes('submit-application'))).toHaveLength(1);
    expect(consentDialog()).toBeUndefined();
    expect(screen.queryByLabelText(/Guardian name/)).toBeNull();
  });
});
