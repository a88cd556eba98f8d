/**
 * The studio's sign-in page on the main server, for staff (issue 17's accounts). Part of the `/studio` route in the
 * site's own build: plain elements, no component library. A wrong password or a lock-out is said in an alert that
 * takes the focus, in the page's language.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { StudioApiError } from './api.js';
import type { StudioT } from './i18n.js';
import { AdminApiError, staffApi } from './staffApi.js';

export function SignIn({ t, onSignedIn }: { t: StudioT; onSignedIn(): void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; at: number } | undefined>(undefined);
  const alert = useRef<HTMLDivElement>(null);

  // every new error takes the focus, so a screen reader says it and the keyboard is where the problem is
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);

  const fail = (text: string) => setError({ text, at: Date.now() });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return fail(t('signIn.missing'));
    setBusy(true);
    setError(undefined);
    try {
      await staffApi.signIn(email.trim(), password);
      onSignedIn();
    } catch (e) {
      const status = e instanceof StudioApiError ? e.status : 0;
      if (status === 401) fail(t('signIn.wrong'));
      else if (status === 423) {
        const seconds = e instanceof AdminApiError && e.retryAfter ? e.retryAfter : 60;
        fail(t.count('signIn.locked', Math.max(1, Math.ceil(seconds / 60))));
      } else if (status === 429) {
        // the rate limit's own answer is English ("Rate limit exceeded, retry in 38 seconds"): said here instead
        const seconds = e instanceof AdminApiError && e.retryAfter ? e.retryAfter : 60;
        fail(t.count('signIn.rateLimited', Math.max(1, Math.ceil(seconds))));
      } else if (status === 400) fail(t('signIn.missing'));
      else fail(t('signIn.failed', { message: (e as Error).message }));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="antrag-studio-centered">
      <form
        className="antrag-studio-sign-in"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <h1 id={`${id}-title`}>{t('signIn.title')}</h1>
        <p>{t('signIn.intro')}</p>
        {error ? (
          <div ref={alert} role="alert" tabIndex={-1} className="antrag-studio-sign-in-error" key={error.at}>
            {error.text}
          </div>
        ) : null}
        <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          maxLength={320}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="antrag-studio-plain-button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
