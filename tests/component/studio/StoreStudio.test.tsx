/**
 * The studio over the form store (issue 18), with `fetch` answered in the test as the staff API answers
 * (routes/admin.ts, routes/drafts.ts): a session that ends mid-edit is said with a way to sign in again; signing
 * out with unsaved changes asks first; a viewer is told what the account cannot do; a draft's "saved" says whether
 * applicants see a version at all.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreBackend } from '../../../site/web/studio/backend.js';
import { BufferStore } from '../../../site/web/studio/buffers.js';
import { StudioTContext, studioT } from '../../../site/web/studio/i18n.js';
import { StoreStudio } from '../../../site/web/studio/StoreStudio.js';
import { adminCall, onSessionEnded, type StaffRole, staffApi } from '../../../site/web/studio/staffApi.js';

const definition = {
  id: 'rental',
  title: 'Rental',
  version: 1,
  steps: [{ id: 'about', title: 'About you', fields: [{ name: 'fullName', type: 'text', label: 'Full name' }] }],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The staff API with one form at version 1; after `end()` every call answers 401 as an expired session does. */
function fakeStaffApi() {
  let ended = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (ended)
        return json({ ok: false, message: 'Sign in as staff, or send the admin token as a bearer credential.' }, 401);
      if (url === '/api/admin/forms')
        return json({ forms: [{ id: 'rental', version: 1, publishedAt: '2024-01-01T00:00:00Z' }] });
      if (url === '/api/admin/drafts') return json({ drafts: [] });
      if (url === '/api/admin/forms/rental/versions')
        return json({
          versions: [
            {
              version: 1,
              origin: 'studio',
              publishedBy: 'staff:ann@example.org',
              publishedAt: '2024-01-01T00:00:00Z',
              current: true,
            },
          ],
        });
      if (url === '/api/admin/forms/rental/versions/1') return json({ definition });
      return json({ ok: false, message: `No route ${url}` }, 404);
    }),
  );
  return { end: () => (ended = true) };
}

function renderStore(
  role: StaffRole,
  extra: { onSignOut?: () => void; onSignInAgain?: () => void } = {},
  locale = 'en',
) {
  const t = studioT(locale as 'en');
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <StudioTContext.Provider value={t}>
        <StoreStudio
          role={role}
          account={{ email: 'ann@example.org', onSignOut: extra.onSignOut ?? (() => {}) }}
          onSignInAgain={extra.onSignInAgain}
        />
      </StudioTContext.Provider>
    </ConfigProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the studio over the form store', () => {
  it('says when the session has ended and offers to sign in again', async () => {
    const api = fakeStaffApi();
    const onSignInAgain = vi.fn();
    const user = userEvent.setup();
    renderStore('publisher', { onSignInAgain });
    await screen.findByRole('button', { name: 'History' }, { timeout: 5000 });
    api.end();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const ended = await screen.findByText(
      'Your session has ended. Sign in again — what you typed is kept in this browser.',
    );
    const alert = ended.closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
  });

  it('says the ended session in the studio language', async () => {
    const api = fakeStaffApi();
    const user = userEvent.setup();
    renderStore('publisher', {}, 'de');
    await screen.findByRole('button', { name: 'Verlauf' }, { timeout: 5000 });
    api.end();
    await user.click(screen.getByRole('button', { name: 'Verlauf' }));
    expect(
      await screen.findByText(
        'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an – was Sie eingegeben haben, bleibt in diesem Browser erhalten.',
      ),
    ).toBeTruthy();
  });

  it('asks before signing out with unsaved changes, and signs out at once without', async () => {
    fakeStaffApi();
    const onSignOut = vi.fn();
    const user = userEvent.setup();
    const view = renderStore('publisher', { onSignOut });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 5000 }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    view.unmount();

    // a form made in the studio and never saved, kept as the studio keeps what is typed
    new BufferStore(localStorage, `store:${window.location.host}:ann@example.org`).keep(
      'fresh.form.json',
      JSON.stringify({ ...definition, id: 'fresh' }),
      undefined,
    );
    onSignOut.mockClear();
    renderStore('publisher', { onSignOut });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'You have unsaved changes. They stay in this browser and are offered back when you sign in again. Sign out?',
    );
    expect(onSignOut).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSignOut).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('tells a viewer what the account cannot do, and a publisher nothing of it', async () => {
    fakeStaffApi();
    const view = renderStore('viewer');
    expect(
      await screen.findByText(
        'You can read and try out forms here, but not save or publish them.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    view.unmount();
    renderStore('publisher');
    await screen.findByRole('button', { name: 'History' }, { timeout: 5000 });
    expect(screen.queryByText('You can read and try out forms here, but not save or publish them.')).toBeNull();
  });
});

describe('the end of a session', () => {
  it('is any 401 of the staff API but a sign-in’s (a wrong password)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ok: false, message: 'no' }, 401)),
    );
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(staffApi.signIn('ann@example.org', 'wrong')).rejects.toThrow('no');
    expect(ended).not.toHaveBeenCalled();
    await expect(adminCall('/api/admin/forms')).rejects.toThrow('no');
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
    await expect(adminCall('/api/admin/forms')).rejects.toThrow('no');
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('a saved draft', () => {
  it('says applicants still get the published version only when there is one', async () => {
    const t = studioT('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/admin/forms/fresh/draft') return json({ text: '{}', etag: 'e1', basedOn: null });
        if (url === '/api/admin/forms/rental/draft') return json({ text: '{}', etag: 'e2', basedOn: 1 });
        return json({ ok: false, message: `No route ${url}` }, 404);
      }),
    );
    const backend = new StoreBackend(t, 'publisher');
    await backend.open('fresh.form.json');
    await backend.open('rental.form.json');
    expect(backend.draftSavedText('fresh.form.json')).toBe(
      'Draft of “fresh” saved. Applicants do not see it until you publish it.',
    );
    expect(backend.draftSavedText('rental.form.json')).toBe(
      'Draft of “rental” saved. Applicants still get the published version.',
    );
    // a form made in the studio and never opened from the store has no version either
    expect(backend.draftSavedText('brand-new.form.json')).toBe(
      'Draft of “brand-new” saved. Applicants do not see it until you publish it.',
    );
  });
});
