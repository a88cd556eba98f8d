/**
 * The studio's route (`/studio`, `/studio/…`), loaded lazily and kept tiny: it shares no module with the form or
 * content routes beyond the router's own, so adding it changed none of their chunks. The studio itself (CodeMirror,
 * the compiler, the engine for the preview) is a bundle of its own (`vite.config.ts` beside this file, built into
 * `dist/studio` and served at `/studio-app/` by `antrag studio` only), mounted here.
 *
 * Served by `antrag studio`, the page edits that command's folder. Served by the main server (issue 18), it asks
 * who is signed in: staff get the studio over the form store (the server gives them the bundle and a page policy
 * that lets it run), everyone else the sign-in page. A server without the staff API says how to start the studio
 * locally.
 */

import type { Locale } from '@antrag/core/dsl/types';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../Spinner.js';
import { StudioApiError, type StudioFolderInfo, studioApi } from './api.js';
import type { StudioApp } from './app.js';
import { type StudioT, studioT } from './i18n.js';
import { SignIn } from './SignIn.js';
import { emailOf, type StaffMember, staffApi } from './staffApi.js';
import './studio.css';

/** Where `antrag studio`, and the main server to signed-in staff, serve the studio's own bundle. */
export const STUDIO_APP_URL = '/studio-app/studio-app.js';

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; app: StudioApp; info?: StudioFolderInfo; staff?: StaffMember }
  | { state: 'signIn' }
  | { state: 'site' }
  | { state: 'failed'; message: string };

async function load(preview: boolean): Promise<Loaded> {
  let info: StudioFolderInfo | undefined;
  let staff: StaffMember | undefined;
  if (!preview) {
    try {
      info = await studioApi.files();
    } catch (e) {
      // the main server: no folder API there (404, or its page shell instead of JSON); its staff sign in
      if (!(e instanceof StudioApiError && (e.status === 404 || e.status === 200))) {
        return { state: 'failed', message: (e as Error).message };
      }
      try {
        staff = await staffApi.me();
      } catch (m) {
        const status = m instanceof StudioApiError ? m.status : 0;
        if (status === 401 || status === 403) return { state: 'signIn' };
        if (status === 404 || status === 200) return { state: 'site' };
        return { state: 'failed', message: (m as Error).message };
      }
    }
  }
  try {
    const app = (await import(/* @vite-ignore */ STUDIO_APP_URL)) as StudioApp;
    return { state: 'ready', app, info, staff };
  } catch (e) {
    return preview ? { state: 'site' } : { state: 'failed', message: (e as Error).message };
  }
}

export default function StudioPage({ path, locale }: { path: string; locale: Locale }) {
  const t = useMemo(() => studioT(locale), [locale]);
  const preview = path === '/preview';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const host = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    void load(preview).then((next) => current && setLoaded(next));
    return () => {
      current = false;
    };
  }, [preview, attempt]);

  useEffect(() => {
    if (!preview) document.title = `${t('studio.title')} · Antrag`;
  }, [t, preview]);

  useEffect(() => {
    if (loaded.state !== 'ready' || !host.current) return;
    const { staff } = loaded;
    return loaded.app.mount(host.current, {
      view: preview ? 'preview' : 'studio',
      locale,
      info: loaded.info,
      ...(staff && {
        staff: {
          email: emailOf(staff),
          role: staff.role,
          // a fresh page: the server gives it the policy of someone signed out
          onSignOut: () => void staffApi.signOut().finally(() => window.location.reload()),
        },
      }),
    });
  }, [loaded, preview, locale]);

  if (loaded.state === 'loading') return <Centered>{<Spinner large label={t('studio.loading')} />}</Centered>;
  if (loaded.state === 'site') return <LocalOnly t={t} />;
  // signed in, the page is asked for again: the server lets the studio's code run only on a staff member's page
  if (loaded.state === 'signIn') return <SignIn t={t} onSignedIn={() => window.location.reload()} />;
  if (loaded.state === 'failed') {
    return (
      <Centered>
        <div role="alert" className="antrag-studio-failure">
          <p>{t('folder.failed', { message: loaded.message })}</p>
          <button type="button" className="antrag-studio-plain-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('action.retry')}
          </button>
        </div>
      </Centered>
    );
  }
  return <div ref={host} />;
}

function Centered({ children }: { children: ReactNode }) {
  return <main className="antrag-studio-centered">{children}</main>;
}

function LocalOnly({ t }: { t: StudioT }) {
  return (
    <Centered>
      <section className="antrag-studio-local-only">
        <h1>{t('localOnly.title')}</h1>
        <p>{t('localOnly.text')}</p>
        <pre>
          <code>npx antrag studio schemas</code>
        </pre>
        <p>{t('localOnly.then')}</p>
      </section>
    </Centered>
  );
}
