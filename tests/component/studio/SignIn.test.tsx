/**
 * The studio's sign-in page on the main server (issue 18), with `fetch` answered in the test as the staff API
 * answers (routes/admin.ts: 401 for a wrong password, 423 with Retry-After for a lock-out): labelled fields with
 * autocomplete for password managers, the error said in an alert that takes the focus, in the page's language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studioT } from '../../../site/web/studio/i18n.js';
import { SignIn } from '../../../site/web/studio/SignIn.js';
import StudioPage from '../../../site/web/studio/StudioPage.js';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

async function fillIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the studio sign-in page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has labelled fields a password manager fills, and signs in with what was typed', async () => {
    const fetch = vi.fn(async () => answer(200, { ok: true, email: 'ann@example.org', role: 'publisher' }));
    vi.stubGlobal('fetch', fetch);
    const onSignedIn = vi.fn();
    render(<SignIn t={studioT('en')} onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { name: 'Sign in to the form studio' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');

    await fillIn(' ann@example.org ', 'correct horse');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/sign-in');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ann@example.org', password: 'correct horse' });
  });

  it('says a wrong password in an alert that takes the focus, and empties the password', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { ok: false, message: 'The e-mail address or password is wrong.' })),
    );
    const onSignedIn = vi.fn();
    render(<SignIn t={studioT('en')} onSignedIn={onSignedIn} />);
    await fillIn('ann@example.org', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The e-mail address or password is wrong.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says how long a lock-out lasts, from Retry-After, in the page language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(423, { ok: false, message: 'Too many failed sign-ins' }, { 'Retry-After': '840' })),
    );
    render(<SignIn t={studioT('de')} onSignedIn={() => {}} />);
    await userEvent.type(screen.getByLabelText('E-Mail-Adresse'), 'ann@example.org');
    await userEvent.type(screen.getByLabelText('Passwort'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Zu viele fehlgeschlagene Anmeldungen: Versuchen Sie es in 14 Minuten erneut.',
    );
  });

  it('says a rate limit (429) in the page language, with the seconds from Retry-After, never the raw English', async () => {
    const raw = { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 38 seconds' };
    const expected: Record<string, string> = {
      en: 'Too many sign-in attempts from here: try again in 38 seconds.',
      de: 'Zu viele Anmeldeversuche von hier: Versuchen Sie es in 38 Sekunden erneut.',
      ru: 'Слишком много попыток входа отсюда: попробуйте снова через 38 секунд.',
    };
    for (const [locale, text] of Object.entries(expected)) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(429, raw, { 'Retry-After': '38' })),
      );
      const t = studioT(locale as 'en');
      const view = render(<SignIn t={t} onSignedIn={() => {}} />);
      await userEvent.type(screen.getByLabelText(t('signIn.email')), 'ann@example.org');
      await userEvent.type(screen.getByLabelText(t('signIn.password')), 'whatever');
      await userEvent.click(screen.getByRole('button', { name: t('signIn.submit') }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      view.unmount();
    }
    // without Retry-After: a minute
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(429, raw)),
    );
    render(<SignIn t={studioT('en')} onSignedIn={() => {}} />);
    await fillIn('ann@example.org', 'whatever');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts from here: try again in 60 seconds.',
    );
  });

  it('is set in the studio’s font, not the browser’s serif default', () => {
    const css = readFileSync(join(process.cwd(), 'site/web/studio/studio.css'), 'utf8');
    const fontOf = (selector: RegExp) =>
      new RegExp(`${selector.source}[^{]*\\{[^}]*font-family:\\s*([^;]+);`).exec(css)?.[1];
    const studioFont = fontOf(/\.antrag-studio\s*,?/);
    expect(studioFont).toMatch(/system-ui/);
    render(<SignIn t={studioT('en')} onSignedIn={() => {}} />);
    const page = screen.getByRole('main');
    const classes = [...page.classList];
    expect(classes.some((c) => fontOf(new RegExp(`\\.${c}\\b`)) === studioFont)).toBe(true);
  });

  it('asks for both fields before it calls the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<SignIn t={studioT('en')} onSignedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your e-mail address and your password.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is what /studio shows on the main server to someone not signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/me'
          ? answer(401, { ok: false, message: 'Sign in as staff' })
          : answer(404, { ok: false, message: `No route GET ${url}` }),
      ),
    );
    render(<StudioPage path="/" locale="en" />);
    expect(await screen.findByRole('heading', { name: 'Sign in to the form studio' })).toBeTruthy();
  });
});
