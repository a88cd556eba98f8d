import { render, screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition } from '../runner/forms.js';

const DRAFT_KEY = 'BLOCKED_ACCOUNT_BOOKING_V2';

/**
 * A one-step form with the blocked-account payer fields (some made required here, to see item errors; the
 * names capitalised and the ID proof uploaded to the lead as in the blocked-account form).
 */
const definition = {
  id: 'payers-demo',
  title: { en: 'Payers demo' },
  version: 1,
  draft: { storageKey: DRAFT_KEY, storage: 'local', resumePrompt: true },
  submit: { endpoint: '/api/demo', method: 'POST', encoding: 'json' },
  steps: [
    {
      id: 'payers',
      title: { en: 'Payers' },
      headline: { en: 'Payers' },
      sections: [
        {
          fields: [
            {
              name: 'payers',
              type: 'payers',
              label: { en: 'Payers' },
              uniqueBy: 'email',
              maxItems: 2,
              itemFields: [
                { name: 'payerId', type: 'text', label: { en: 'Payer id' }, readOnly: true },
                {
                  name: 'title',
                  type: 'select',
                  label: { en: 'Title' },
                  options: [
                    { value: 'Mr.', label: { en: 'Mr.' } },
                    { value: 'Ms.', label: { en: 'Ms.' } },
                  ],
                },
                {
                  name: 'firstName',
                  type: 'text',
                  label: { en: 'First name' },
                  required: true,
                  transform: ['capitalizeFirst'],
                },
                {
                  name: 'lastName',
                  type: 'text',
                  label: { en: 'Last name' },
                  required: true,
                  transform: ['capitalizeFirst', 'trim'],
                },
                {
                  name: 'email',
                  type: 'email',
                  label: { en: 'Email' },
                  required: true,
                  invalidMessage: 'Please enter a valid email address!',
                },
                { name: 'phoneNumber', type: 'phone', label: { en: 'Phone number' }, validateForCountry: false },
                { name: 'country', type: 'country', label: { en: 'Country' } },
                { name: 'relationshipWithApplicant', type: 'text', label: { en: 'Relationship with the applicant' } },
                { name: 'transferedAmount', type: 'currency', label: { en: 'Transferred amount' }, currency: 'EUR' },
                { name: 'dateOfBirth', type: 'date', label: { en: 'Date of birth' } },
                {
                  name: 'idProofFrontUpload',
                  type: 'upload',
                  label: { en: 'ID proof (front)' },
                  maxFiles: 1,
                  docKey: 'payer_id_front',
                  target: 'lead',
                },
              ],
            },
          ],
        },
      ],
    },
  ],
} as unknown as FormDefinition;

const form = compileDefinition(definition);

const ben = {
  payerId: '7',
  firstName: 'Ben',
  lastName: 'Smith',
  email: 'ben@example.com',
  relationshipWithApplicant: 'Father',
  transferedAmount: 5000,
};
const cleo = { firstName: 'Cleo', lastName: 'Park', email: 'cleo@example.com', relationshipWithApplicant: 'Aunt' };

/** user-event without its pointer-events check, which walks antd's styles for every ancestor on each click. */
const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/**
 * Buttons are found by their accessible name as a person reads it (the aria-label, else the text), not with
 * `getByRole(…, { name })`: jsdom recomputes antd's whole stylesheet, and every ancestor's style, for each
 * node a name is computed from, which takes minutes inside the dialog. Fields are found by their labels, the
 * table by its name (aria-labelledby, a short walk).
 */
function buttons(name: string | RegExp, container: HTMLElement): HTMLButtonElement[] {
  const nameOf = (b: HTMLButtonElement) => b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '';
  return [...container.querySelectorAll('button')].filter((b) =>
    typeof name === 'string' ? nameOf(b) === name : name.test(nameOf(b)),
  );
}
function button(name: string | RegExp, container: HTMLElement = document.body): HTMLButtonElement {
  const found = buttons(name, container);
  if (found.length !== 1) throw new Error(`expected one button named ${name}, found ${found.length}`);
  return found[0];
}
const payersTable = () => screen.getByRole('table', { name: 'Payers', hidden: true });

/** The open dialog titled `title`; its accessible name is that title (aria-labelledby). */
async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog around '${title}'`);
  // antd names every title 'test-id' under test, so the id is looked up inside this dialog
  expect(dialog.querySelector(`[id="${dialog.getAttribute('aria-labelledby')}"]`)?.textContent).toBe(title);
  return dialog;
}

const dialogClosed = () =>
  waitFor(() =>
    expect(screen.queryByText(/^(Add payer|Edit payer|Sworn statement)/, { selector: '.ant-modal-title' })).toBeNull(),
  );
/** The dialog's own buttons (its title bar has a Close button too). */
const footer = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('.ant-modal-footer') ?? dialog;

/** Confirms the Delete of the payer named `name` in its Popconfirm. */
async function confirmDelete(user: ReturnType<typeof setupUser>, name: string) {
  await user.click(button(`Delete ${name}`));
  const question = await screen.findByText(`Remove ${name} from the payers?`);
  const popup = question.closest<HTMLElement>('.ant-popover');
  if (!popup) throw new Error('no confirmation popup');
  await user.click(button('Delete', popup));
}

/** The runner without antd's animations: jsdom never ends them, so a closed message would stay in the page. */
function renderRunner() {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <FormRunner form={form} validation={runtimeValidation(form)} locale="en" />
    </ConfigProvider>,
  );
}

/** Seeds a saved draft (and the stored e-mails) with these payers and resumes it, as a returning applicant. */
async function resumeWith(
  user: ReturnType<typeof setupUser>,
  payers: Array<Record<string, unknown>>,
  shown = payers.map((p) => `${p.firstName} ${p.lastName}`),
) {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ currentStep: 0, data: { payers } }));
  localStorage.setItem('payersEmails', JSON.stringify([...new Set(payers.map((p) => p.email))]));
  renderRunner();
  await user.click(await screen.findByText('Yes'));
  await waitFor(() => expect(rowNames()).toEqual(shown));
}

/** The payer names the table shows, in order (its data rows, not the header or antd's measuring row). */
const rowNames = () =>
  [...payersTable().querySelectorAll('tbody tr.ant-table-row')].map(
    (row) => row.querySelector('td')?.textContent ?? '',
  );

const storedEmails = () => JSON.parse(localStorage.getItem('payersEmails') ?? '[]') as string[];
const draftPayers = () =>
  (JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}') as { data?: { payers?: Array<{ email: string }> } }).data
    ?.payers;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: RequestInit['body'];
}

/** The lead the sign-up step stored (spec §3 `leadId`); payers are saved for it. */
const LEAD_ID = '42';

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The form fields of a urlencoded payer body, bracketed keys as they are. */
const sentFields = (call: Call | undefined) => Object.fromEntries(new URLSearchParams(String(call?.body ?? '')));

/**
 * A fetch double for the token, the payer calls and the lead-level upload (component tests only; the server
 * has its own tests): created payers get ids from 100 on, changed ones keep theirs, uploads answer doc ids
 * from 55 on. `save` answers a save instead, when given.
 */
function stubServer(options: { deleteStatus?: number; save?: (call: Call) => Response | Promise<Response> } = {}) {
  const { deleteStatus = 200, save } = options;
  const calls: Call[] = [];
  let nextPayer = 100;
  let nextDoc = 55;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    };
    calls.push(call);
    if (url.endsWith('/api/get-token')) return answer({ access_token: 'tok-1', valid_until: '2999-01-01T00:00:00Z' });
    if (url.endsWith('/api/v1/lead/upload-file')) return answer({ doc_id: String(nextDoc++) });
    if (call.method === 'POST' || call.method === 'PUT') {
      if (save) return save(call);
      const created = call.method === 'POST';
      return answer({
        status: true,
        message: created ? 'Payer added successfully' : 'Payer updated successfully',
        payer_id: created ? String(nextPayer++) : url.split('/').pop(),
      });
    }
    const ok = deleteStatus === 200;
    return answer({ status: ok, message: ok ? 'Payer removed successfully' : 'Failed to remove payer' }, deleteStatus);
  });
  return calls;
}

const saves = (calls: Call[]) => calls.filter((c) => c.url.includes('/api/v1/lead/payer') && c.method !== 'DELETE');

describe('payers field', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    localStorage.setItem('leadId', LEAD_ID);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds a payer through the dialog, showing the item errors first, and saves it for the lead', async () => {
    const user = setupUser();
    const calls = stubServer();
    renderRunner();
    expect(payersTable()).toBeTruthy();
    expect(screen.getByText('No payers added yet.')).toBeTruthy();
    await user.click(button('Add payer'));
    const dialog = await findDialog('Add payer');
    // the form's own widgets inside the dialog, from the step's registry
    expect(within(dialog).getByText('ID proof (front)')).toBeTruthy();
    expect(button(/Select file/, dialog)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Date of birth/)).toBeTruthy();
    // a new payer has no server id: the read-only field is not offered
    expect(within(dialog).queryByLabelText(/Payer id/)).toBeNull();

    await user.click(button('Add', dialog));
    expect(await within(dialog).findAllByText('This field is required!')).toHaveLength(3);
    await user.type(within(dialog).getByLabelText(/First name/), 'Ann');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Lee');
    await user.type(within(dialog).getByLabelText(/Email/), 'ann@');
    await user.click(button('Add', dialog));
    expect(await within(dialog).findByText('Please enter a valid email address!')).toBeTruthy();
    expect(within(dialog).queryByText('This field is required!')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Email/), 'example.com');
    await user.type(within(dialog).getByLabelText(/Relationship/), 'Mother');
    // a choice of the item (its options sit in an allOf entry of the compiled item schema) is kept
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Title/ }), 'Ms.');
    await user.click(button('Add', dialog));

    await dialogClosed();
    expect(await screen.findByText('Payer added successfully')).toBeTruthy();
    const table = payersTable();
    expect(within(table).getByText('Ann Lee')).toBeTruthy();
    expect(within(table).getByText('ann@example.com')).toBeTruthy();
    expect(within(table).getByText('Mother')).toBeTruthy();
    expect(storedEmails()).toEqual(['ann@example.com']);
    expect(localStorage.getItem('payerId')).toBeNull();

    // created on the server (POST, our call), form-urlencoded under the shared bearer token
    const [create] = saves(calls);
    expect(saves(calls)).toHaveLength(1);
    expect(create).toMatchObject({ url: '/api/v1/lead/payer', method: 'POST' });
    expect(create.headers.Authorization).toBe('Bearer tok-1');
    expect(create.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(sentFields(create)).toMatchObject({
      lead_id: LEAD_ID,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      title: 'Ms.',
    });
    expect(sentFields(create)).not.toHaveProperty('payerId');

    // the answered id is the payer's now: kept in the list (the View button names the payer), not shown
    await user.click(button('View Ann Lee'));
    const view = await findDialog('Sworn statement of Ann Lee');
    const title = within(view).getByRole('combobox', { name: /Title/ }) as HTMLSelectElement;
    expect(title.selectedOptions[0].textContent).toBe('Ms.');
    expect(within(view).queryByLabelText(/Payer id/)).toBeNull();
  });

  it('an empty Add focuses the first field in error (First name), not the last', async () => {
    const user = setupUser();
    stubServer();
    renderRunner();
    await user.click(button('Add payer'));
    const dialog = await findDialog('Add payer');
    await user.click(button('Add', dialog));
    expect(await within(dialog).findAllByText('This field is required!')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/First name/)));
    // with First name filled in, the next one in the dialog
    await user.type(within(dialog).getByLabelText(/First name/), 'Ann');
    await user.click(button('Add', dialog));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/Last name/)));
  });

  it("applies the item fields' transforms as the step applies its own", async () => {
    const user = setupUser();
    const calls = stubServer();
    renderRunner();
    await user.click(button('Add payer'));
    const dialog = await findDialog('Add payer');
    const first = within(dialog).getByLabelText(/First name/) as HTMLInputElement;
    await user.type(first, 'ann');
    // capitalizeFirst while typing (the form takes typed text after the frame that shows it)
    await waitFor(() => expect(first.value).toBe('Ann'));
    const last = within(dialog).getByLabelText(/Last name/) as HTMLInputElement;
    await user.type(last, 'lee ');
    // the space stays while typing (trim is a commit transform) …
    await waitFor(() => expect(last.value).toBe('Lee '));
    await user.type(within(dialog).getByLabelText(/Email/), 'ann@example.com');
    await user.click(button('Add', dialog));
    await dialogClosed();
    // … and goes when the payer is saved
    expect(sentFields(saves(calls)[0])).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect(rowNames()).toEqual(['Ann Lee']);
  });

  it('edits a payer on the server, keeping its id in storage while the dialog is open', async () => {
    const user = setupUser();
    const calls = stubServer();
    await resumeWith(user, [ben]);
    expect(within(payersTable()).getByText('€5,000.00')).toBeTruthy();
    await user.click(button('Edit Ben Smith'));
    const dialog = await findDialog('Edit payer');
    expect(localStorage.getItem('payerId')).toBe('7');
    expect(within(dialog).queryByLabelText(/Payer id/)).toBeNull();
    const email = within(dialog).getByLabelText(/Email/);
    await user.clear(email);
    await user.type(email, 'ben.smith@example.com');
    const relation = within(dialog).getByLabelText(/Relationship/);
    await user.clear(relation);
    await user.type(relation, 'Uncle');
    await user.click(button('Save', dialog));

    await dialogClosed();
    expect(await screen.findByText('Payer updated successfully')).toBeTruthy();
    const update = saves(calls)[0];
    expect(update).toMatchObject({ url: '/api/v1/lead/payer/7', method: 'PUT' });
    expect(sentFields(update)).toMatchObject({
      lead_id: LEAD_ID,
      payerId: '7',
      email: 'ben.smith@example.com',
      relationshipWithApplicant: 'Uncle',
      transferedAmount: '5000',
    });
    const table = payersTable();
    expect(within(table).getByText('Uncle')).toBeTruthy();
    expect(within(table).getByText('ben.smith@example.com')).toBeTruthy();
    expect(storedEmails()).toEqual(['ben.smith@example.com']);
    expect(localStorage.getItem('payerId')).toBeNull();

    // Cancel clears the stored id too and changes nothing
    await user.click(button('Edit Ben Smith'));
    const again = await findDialog('Edit payer');
    expect(localStorage.getItem('payerId')).toBe('7');
    await user.type(within(again).getByLabelText(/Relationship/), ' (mother side)');
    await user.click(button('Cancel', again));
    await dialogClosed();
    expect(localStorage.getItem('payerId')).toBeNull();
    expect(within(payersTable()).getByText('Uncle')).toBeTruthy();
    expect(saves(calls)).toHaveLength(1);
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    const user = setupUser();
    const calls = stubServer({
      save: () =>
        answer(
          {
            status: false,
            message: 'Email: Please enter a valid email address!',
            errors: [{ field: 'email', path: '/email', message: 'Please enter a valid email address!' }],
          },
          400,
        ),
    });
    await resumeWith(user, [ben]);
    await user.click(button('Edit Ben Smith'));
    const dialog = await findDialog('Edit payer');
    const relation = within(dialog).getByLabelText(/Relationship/);
    await user.clear(relation);
    await user.type(relation, 'Uncle');
    await user.click(button('Save', dialog));

    // the server's own words as a toast, its field message at the field; nothing changes in the list
    expect(await screen.findByText('Email: Please enter a valid email address!')).toBeTruthy();
    expect(await within(dialog).findByText('Please enter a valid email address!')).toBeTruthy();
    expect(screen.queryByText(/^Edit payer$/, { selector: '.ant-modal-title' })).toBeTruthy();
    expect(within(payersTable()).getByText('Father')).toBeTruthy();
    expect(localStorage.getItem('payerId')).toBe('7');
    expect(saves(calls)).toHaveLength(1);

    // no answer at all: the catalogue's text
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/api/get-token'))
        return answer({ access_token: 'tok-1', valid_until: '2999-01-01T00:00:00Z' });
      throw new TypeError('Failed to fetch');
    });
    await user.click(button('Save', dialog));
    expect(await screen.findByText('Failed to save payer')).toBeTruthy();
    expect(screen.queryByText(/^Edit payer$/, { selector: '.ant-modal-title' })).toBeTruthy();

    // Cancel still leaves everything as it was and forgets the stored id
    await user.click(button('Cancel', footer(dialog)));
    await dialogClosed();
    expect(within(payersTable()).getByText('Father')).toBeTruthy();
    expect(localStorage.getItem('payerId')).toBeNull();
  });

  it("saves nothing without a lead: the spec's missing-lead message, the dialog stays open", async () => {
    const user = setupUser();
    const calls = stubServer();
    localStorage.removeItem('leadId');
    renderRunner();
    await user.click(button('Add payer'));
    const dialog = await findDialog('Add payer');
    await user.type(within(dialog).getByLabelText(/First name/), 'Ann');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Lee');
    await user.type(within(dialog).getByLabelText(/Email/), 'ann@example.com');
    await user.click(button('Add', dialog));
    expect(await screen.findByText('Missing lead identifier. Please complete Step 1 first.')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
    expect(screen.queryByText(/^Add payer$/, { selector: '.ant-modal-title' })).toBeTruthy();
    expect(screen.getByText('No payers added yet.')).toBeTruthy();
  });

  it("uploads a payer's files to the lead: a new payer's are linked by their doc ids, a known payer's name it", async () => {
    const user = setupUser();
    const calls = stubServer();
    await resumeWith(user, [ben]);
    await user.click(button('Add payer'));
    const dialog = await findDialog('Add payer');
    await user.type(within(dialog).getByLabelText(/First name/), 'Cleo');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Park');
    await user.type(within(dialog).getByLabelText(/Email/), 'cleo@example.com');
    const idFront = new File(['%PDF-1.4'], 'id-front.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('ID proof (front)'), idFront);
    await waitFor(() => expect(within(dialog).getByText('id-front.pdf').closest('li')?.dataset.status).toBe('done'));

    const uploads = () => calls.filter((c) => c.url.endsWith('/api/v1/lead/upload-file'));
    const first = uploads()[0]?.body as FormData;
    expect(first.get('lead_id')).toBe(LEAD_ID);
    expect(first.get('doc_key')).toBe('payer_id_front');
    expect(first.get('payer_id')).toBeNull();
    expect((first.get('file') as File).name).toBe('id-front.pdf');
    // not through the signed storage upload
    expect(calls.some((c) => c.url.includes('/api/upload-file'))).toBe(false);

    await user.click(button('Add', dialog));
    await dialogClosed();
    expect(sentFields(saves(calls)[0])).toMatchObject({
      'idProofFrontUpload[0][docId]': '55',
      'idProofFrontUpload[0][name]': 'id-front.pdf',
      'idProofFrontUpload[0][status]': 'done',
    });

    await user.click(button('Edit Ben Smith'));
    const edit = await findDialog('Edit payer');
    await user.upload(within(edit).getByLabelText('ID proof (front)'), idFront);
    await waitFor(() => expect(uploads()).toHaveLength(2));
    expect((uploads()[1].body as FormData).get('payer_id')).toBe('7');
  });

  it('shows a payer read-only in view mode', async () => {
    const user = setupUser();
    await resumeWith(user, [ben]);
    await user.click(button('View Ben Smith'));
    const dialog = await findDialog('Sworn statement of Ben Smith');
    const first = within(dialog).getByLabelText(/First name/) as HTMLInputElement;
    expect(first.value).toBe('Ben');
    expect(first.readOnly || first.disabled).toBe(true);
    expect(buttons('Save', dialog)[0] ?? null).toBeNull();
    expect(button(/Select file/, dialog).hasAttribute('disabled')).toBe(true);
    expect(localStorage.getItem('payerId')).toBeNull();
    await user.click(button('Close', footer(dialog)));
    await dialogClosed();
    expect(rowNames()).toEqual(['Ben Smith']);
  });

  it('refuses a second payer with the same e-mail address', async () => {
    const user = setupUser();
    stubServer();
    await resumeWith(user, [ben]);
    await user.click(button('Add payer'));
    const dialog = await findDialog('Add payer');
    await user.type(within(dialog).getByLabelText(/First name/), 'Bob');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Smith');
    await user.type(within(dialog).getByLabelText(/Email/), 'Ben@Example.com');
    await user.click(button('Add', dialog));
    expect(await within(dialog).findByText('Email: a payer with this value is already in the list.')).toBeTruthy();
    expect(rowNames()).toEqual(['Ben Smith']);

    const email = within(dialog).getByLabelText(/Email/);
    await user.clear(email);
    await user.type(email, 'bob@example.com');
    // the message goes once the dialog's form has the new address (when typing pauses)
    await waitFor(() =>
      expect(within(dialog).queryByText('Email: a payer with this value is already in the list.')).toBeNull(),
    );
    await user.click(button('Add', dialog));
    await waitFor(() => expect(rowNames()).toEqual(['Ben Smith', 'Bob Smith']));
    expect(storedEmails()).toEqual(['ben@example.com', 'bob@example.com']);
  });

  it('deletes a payer on the server, then from the list, the stored e-mails and the draft', async () => {
    const user = setupUser();
    const calls = stubServer({ deleteStatus: 200 });
    await resumeWith(user, [ben, cleo]);
    await confirmDelete(user, 'Ben Smith');

    expect(await screen.findByText('Payer removed successfully')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Cleo Park']));
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal?.url).toBe('/api/v1/lead/payer/7');
    expect(removal?.headers.Authorization).toBe('Bearer tok-1');
    expect(storedEmails()).toEqual(['cleo@example.com']);
    expect(draftPayers()?.map((p) => p.email)).toEqual(['cleo@example.com']);

    // a payer the server never had (no payerId) goes without a call
    await confirmDelete(user, 'Cleo Park');
    await waitFor(() => expect(rowNames()).toEqual([]));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(storedEmails()).toEqual([]);
    expect(draftPayers()).toEqual([]);
  });

  it("keeps the payer when the server does not remove it: 'Failed to remove payer'", async () => {
    const user = setupUser();
    stubServer({ deleteStatus: 404 });
    await resumeWith(user, [ben, cleo]);
    await confirmDelete(user, 'Ben Smith');

    expect(await screen.findByText('Failed to remove payer')).toBeTruthy();
    expect(rowNames()).toEqual(['Ben Smith', 'Cleo Park']);
    expect(storedEmails()).toEqual(['ben@example.com', 'cleo@example.com']);
    expect(draftPayers()?.map((p) => p.email)).toEqual(['ben@example.com', 'cleo@example.com']);
  });

  it('offers no more payers than maxItems', async () => {
    const user = setupUser();
    await resumeWith(user, [ben, cleo]);
    expect(button('Add payer').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('You can add at most 2 payers.')).toBeTruthy();
  });

  it('shows the list de-duplicated by e-mail', async () => {
    const user = setupUser();
    await resumeWith(
      user,
      [ben, { ...ben, payerId: undefined, firstName: 'Benjamin' }, cleo],
      ['Ben Smith', 'Cleo Park'],
    );
  });

  it("marks a listed payer whose details the step's validation refuses", async () => {
    const user = setupUser();
    // jsdom has no CSS.escape (browsers do); the runner uses it to look for the failing field to focus
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/["\\]/g, '\\$&') });
    stubServer();
    await resumeWith(user, [{ firstName: 'Dan', email: 'dan@example.com' }], ['Dan']);
    await user.click(button('Done'));
    expect(await within(payersTable()).findByText("Please check this payer's details")).toBeTruthy();
    await user.click(button('Edit Dan'));
    const dialog = await findDialog('Edit payer');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Ruiz');
    await user.click(button('Save', dialog));
    await dialogClosed();
    expect(rowNames()).toEqual(['Dan Ruiz']);
  });
});
