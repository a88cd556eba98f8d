/**
 * The studio's own bundle (built by `vite.config.ts` beside this file, served at `/studio-app/` by `antrag
 * studio`, and by the main server to signed-in staff): the route `StudioPage` mounts it into its page. It brings its own React, antd, CodeMirror, compiler and
 * form engine, so none of them changes how the site's form and content routes are split into chunks.
 */

import type { Locale } from '@antrag/core/dsl/types';
import { Loading } from '@antrag/react/engine/Loading';
import { accessibleTheme } from '@antrag/react/engine/theme';
import { ConfigProvider } from 'antd';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import type { StudioFolderInfo } from './api.js';
import { FolderBackend } from './backend.js';
import { BufferStore, browserStorage } from './buffers.js';
import { StudioTContext, studioT } from './i18n.js';
import type { StaffRole } from './staffApi.js';

const Studio = lazy(() => import('./Studio.js').then((m) => ({ default: m.Studio })));
const StoreStudio = lazy(() => import('./StoreStudio.js').then((m) => ({ default: m.StoreStudio })));
const PreviewFrame = lazy(() => import('./PreviewFrame.js'));

export interface MountOptions {
  /** `studio`: the editor over the folder `info` describes; `preview`: the live preview's frame. */
  view: 'studio' | 'preview';
  locale: Locale;
  info?: StudioFolderInfo;
  /**
   * On the main server: the signed-in staff member, whose studio works on the form store (drafts, publishing);
   * without it the studio works on the folder `info` describes (`antrag studio`).
   */
  staff?: { email: string; role: StaffRole; onSignOut(): void };
}

/** What `StudioPage` loads from `/studio-app/studio-app.js`. */
export interface StudioApp {
  /** Renders the studio into `element`; returns the function that removes it again. */
  mount(element: HTMLElement, options: MountOptions): () => void;
}

export function mount(element: HTMLElement, { view, locale, info, staff }: MountOptions): () => void {
  const t = studioT(locale);
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <StudioTContext.Provider value={t}>
        <ConfigProvider theme={accessibleTheme}>
          <Suspense
            fallback={
              <div className="antrag-studio-centered">
                <Loading size="large" label={t('studio.loading')} />
              </div>
            }
          >
            {view === 'preview' ? (
              <PreviewFrame />
            ) : staff ? (
              <main>
                <StoreStudio role={staff.role} account={{ email: staff.email, onSignOut: staff.onSignOut }} />
              </main>
            ) : info ? (
              <main>
                <Studio
                  info={info}
                  store={new BufferStore(browserStorage(), info.folder)}
                  backend={new FolderBackend()}
                />
              </main>
            ) : null}
          </Suspense>
        </ConfigProvider>
      </StudioTContext.Provider>
    </StrictMode>,
  );
  return () => root.unmount();
}
