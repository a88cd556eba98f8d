import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, compileFile, threeSteps } from './forms.js';

const demo = compileDefinition(threeSteps);
const booking = compileFile('schemas/health-insurance/health-insurance-booking.form.json');

describe('FormRunner as a wizard', () => {
  it('keeps the booking on its first step and shows messages when Next finds empty fields', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={booking} validation={runtimeValidation(booking)} locale="en" />);
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('This field is required!')).length).toBeGreaterThan(2);
    expect(document.querySelector('[data-step]')?.getAttribute('data-step')).toBe('0');
  });

  it('advances when the step is filled, goes back without validation and writes the draft', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required!')).toBeTruthy();
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    // the draft names the version its answers were given on, and when
    expect(JSON.parse(localStorage.getItem('RUNNER_DEMO') ?? 'null')).toEqual({
      currentStep: 1,
      data: { firstName: 'Ann' },
      version: 1,
      savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'About you' })).toBeTruthy();
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ann');
  });

  it('puts the focus on the new step’s headline after Next and Previous, none on the first one shown', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('About you');
    expect(document.activeElement).toBe(document.body);
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.keyboard('{Enter}');
    const where = await screen.findByRole('heading', { name: 'Where you live' });
    await waitFor(() => expect(document.activeElement).toBe(where));
    // a headline to land on, not a stop of Tab
    expect(where.getAttribute('tabindex')).toBe('-1');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const about = await screen.findByRole('heading', { name: 'About you' });
    await waitFor(() => expect(document.activeElement).toBe(about));
  });

  it('keeps what is typed on a step in the draft before Next: a reload loses nothing', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('RUNNER_DEMO') ?? 'null')).toMatchObject({
        currentStep: 0,
        data: { firstName: 'Ann' },
      }),
    );
    unmount();
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ann'));
  });

  it('writes what is still being typed when the page is hidden, and nothing for a form only looked at', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    await new Promise((resolve) => setTimeout(resolve, 500));
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('RUNNER_DEMO')).toBeNull();
    await user.type(screen.getByLabelText(/First name/), 'Bo');
    // at once, before typing has paused: a phone may drop a hidden tab any moment
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem('RUNNER_DEMO') ?? 'null')).toMatchObject({ data: { firstName: 'Bo' } });
  });

  it('offers the draft on remount: Yes restores it', async () => {
    const user = userEvent.setup();
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    expect(await screen.findByText('You have an in-progress booking!')).toBeTruthy();
    expect(screen.getByText('Do you want to continue to complete it?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
  });

  it('offers the draft with focus on Yes: Enter at once keeps the answers, it never deletes them', async () => {
    const user = userEvent.setup();
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    const yes = await screen.findByRole('button', { name: 'Yes' });
    await waitFor(() => expect(document.activeElement).toBe(yes));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    expect(localStorage.getItem('RUNNER_DEMO')).not.toBeNull();
  });

  it('leaves the focus on the step’s headline once the offer is answered, either way, on the first step too', async () => {
    const user = userEvent.setup();
    for (const answer of ['Yes', 'No, thanks!']) {
      localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 0, data: { firstName: 'Ann' } }));
      const { unmount } = render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
      await user.click(await screen.findByRole('button', { name: answer }));
      const about = await screen.findByRole('heading', { name: 'About you' });
      // not the page's body, where a keyboard or screen reader would have to start again from the top
      await waitFor(() => expect(document.activeElement, answer).toBe(about), { timeout: 3000 });
      unmount();
    }
  });

  it("offers the draft on remount: 'No, thanks!' deletes it", async () => {
    const user = userEvent.setup();
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" />);
    await user.click(await screen.findByRole('button', { name: 'No, thanks!' }));
    expect(localStorage.getItem('RUNNER_DEMO')).toBeNull();
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
  });

  it("'No, thanks!' deletes every value the form keeps, not only the draft (spec: declining clears all)", async () => {
    const user = userEvent.setup();
    const keeping = compileDefinition({
      ...threeSteps,
      steps: [
        {
          ...threeSteps.steps[0],
          submit: { endpoint: '/api/lead', store: { leadId: 'id' }, storeData: { customerName: 'firstName' } },
        },
        {
          ...threeSteps.steps[1],
          sections: [
            ...threeSteps.steps[1].sections!,
            { display: 'modal', storageKey: 'parentalConsentUpload', fields: [{ name: 'guardian', type: 'text' }] },
            { fields: [{ name: 'face', type: 'faceCapture', storageKey: 'customer_face_verification' }] },
          ],
        },
        threeSteps.steps[2],
      ],
    });
    const kept = ['leadId', 'customerName', 'parentalConsentUpload', 'customer_face_verification'];
    for (const key of kept) localStorage.setItem(key, 'x');
    localStorage.setItem('somethingElse', 'stays');
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={keeping} validation={runtimeValidation(keeping)} locale="en" />);
    await user.click(await screen.findByRole('button', { name: 'No, thanks!' }));
    expect(localStorage.getItem('RUNNER_DEMO')).toBeNull();
    for (const key of kept) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('somethingElse')).toBe('stays');
  });

  it("'Yes' keeps the values the form keeps", async () => {
    const user = userEvent.setup();
    const keeping = compileDefinition({
      ...threeSteps,
      steps: [
        { ...threeSteps.steps[0], submit: { endpoint: '/api/lead', store: { leadId: 'id' } } },
        ...threeSteps.steps.slice(1),
      ],
    });
    localStorage.setItem('leadId', '7');
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={keeping} validation={runtimeValidation(keeping)} locale="en" />);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(localStorage.getItem('leadId')).toBe('7');
  });

  it('forgets a draft whose lead has no stored token instead of offering it: every call about it would be refused', async () => {
    const proving = compileDefinition({
      ...threeSteps,
      steps: [
        {
          ...threeSteps.steps[0],
          submit: {
            endpoint: '/api/lead',
            store: { leadId: 'id', leadToken: 'lead_token' },
            headers: { 'X-Lead-Token': { storage: 'leadToken' } },
          },
        },
        ...threeSteps.steps.slice(1),
      ],
    });
    // saved before leads had tokens: an id, no token
    localStorage.setItem('leadId', '7');
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={proving} validation={runtimeValidation(proving)} locale="en" />);
    expect(await screen.findByRole('heading', { name: 'About you' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'No, thanks!' })).toBeNull();
    expect(localStorage.getItem('RUNNER_DEMO')).toBeNull();
    expect(localStorage.getItem('leadId')).toBeNull();
    // with its token the draft is offered as before
    localStorage.setItem('leadId', '8');
    localStorage.setItem('leadToken', 'lt_x');
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 1, data: { firstName: 'Ann' } }));
    render(<FormRunner form={proving} validation={runtimeValidation(proving)} locale="en" />);
    expect(await screen.findByRole('button', { name: 'No, thanks!' })).toBeTruthy();
  });

  it('tells the applicant in their language to start again when a call about the lead is refused', async () => {
    const user = userEvent.setup();
    const proving = compileDefinition({
      ...threeSteps,
      steps: [
        {
          ...threeSteps.steps[0],
          submit: { endpoint: '/api/lead', headers: { 'X-Lead-Token': { storage: 'leadToken' } } },
        },
        ...threeSteps.steps.slice(1),
      ],
    });
    // test double of the server: the lead's token is not this lead's
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ status: false, message: 'The lead token does not belong to this application.' }),
          { status: 403 },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      render(<FormRunner form={proving} validation={runtimeValidation(proving)} locale="de" />);
      await user.type(await screen.findByLabelText(/First name|Vorname/), 'Ann');
      await user.click(screen.getByRole('button', { name: /Next|Weiter/ }));
      expect(
        await screen.findByText(
          'Dieser Antrag kann hier nicht fortgesetzt werden. Bitte beginnen Sie einen neuen Antrag.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText(/lead token/)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('submits on Done and shows the result with the deal id; the draft is cleared', async () => {
    const user = userEvent.setup();
    // a test double for the server: answers the submission with a deal id
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ dealID: 'D-42' }), { status: 200 }),
    );
    const onSubmitted = vi.fn();
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 2, data: { firstName: 'Ann', city: 'Bonn' } }));
    render(
      <FormRunner
        form={demo}
        validation={runtimeValidation(demo)}
        locale="en"
        env={{ fetch }}
        onSubmitted={onSubmitted}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/Your deal id: D-42/)).toBeTruthy();
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({ firstName: 'Ann', city: 'Bonn' });
    expect(localStorage.getItem('RUNNER_DEMO')).toBeNull();
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ ok: true, id: 'D-42' }));
  });

  it("shows the form's message when the server refuses, and stays", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    localStorage.setItem('RUNNER_DEMO', JSON.stringify({ currentStep: 2, data: { firstName: 'Ann', city: 'Bonn' } }));
    render(<FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" env={{ fetch }} />);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('An error occurred while submitting'));
    expect(screen.getByRole('heading', { name: 'Almost done' })).toBeTruthy();
  });
});
