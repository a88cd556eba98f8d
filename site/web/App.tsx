/**
 * The web app's router. `/forms/{id}` renders the compiled form from `/api/forms/{id}` (language from `?lang=`, form
 * options from the query); the booking processes `/blocked-account/book` and `/aok-products/book` open their forms;
 * every other path is a page of the content site (`/de/…` in German). The form engine and the content site are
 * separate chunks, loaded only by the routes that need them.
 */

import type { Locale } from '@antrag/core/dsl/types';
import { DEFAULT_LOCALE, isLocale } from '@antrag/core/i18n/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { FORM_MAIN_STYLE } from './forms/layout.js';
import { QUERY_DEFAULTS } from './queryDefaults.js';
import { LOADING, Spinner } from './Spinner.js';

export const queryClient = new QueryClient(QUERY_DEFAULTS);

const FormPage = lazy(() => import('./forms/FormPage.js'));
const ContentSite = lazy(() => import('./content/ContentSite.js'));
const StudioPage = lazy(() => import('./studio/StudioPage.js'));

export interface Route {
  formId?: string;
  locale: Locale;
  /** A content page: its path without the locale prefix. */
  contentPath?: string;
  /** The authoring studio (`/studio`, `/studio/…`): its path below `/studio`. */
  studioPath?: string;
}

/** The booking processes the feature flags lead to, and the form each opens. */
export const PROCESS_FORMS: Record<string, string> = {
  '/blocked-account/book': 'blocked-account',
  '/aok-products/book': 'health-insurance-booking',
};

const CONTENT_LOCALES = ['de', 'fr', 'vi', 'es', 'zh', 'ru'];

export function routeOf(location: { pathname: string; search: string }): Route {
  const lang = new URLSearchParams(location.search).get('lang');
  const match = /^\/forms\/([\w-]+)\/?$/.exec(location.pathname);
  const bare = location.pathname.replace(/\/+$/, '') || '/';
  if (match || PROCESS_FORMS[bare]) {
    return { formId: match?.[1] ?? PROCESS_FORMS[bare], locale: isLocale(lang) ? lang : DEFAULT_LOCALE };
  }
  if (bare === '/studio' || bare.startsWith('/studio/')) {
    return { locale: isLocale(lang) ? lang : DEFAULT_LOCALE, studioPath: bare.slice('/studio'.length) || '/' };
  }
  const first = bare.split('/')[1] ?? '';
  if (CONTENT_LOCALES.includes(first) && isLocale(first)) {
    return { locale: first, contentPath: bare.slice(first.length + 1) || '/' };
  }
  return { locale: isLocale(lang) ? lang : DEFAULT_LOCALE, contentPath: bare };
}

const loading = (locale: Locale) => (
  <div style={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
    <Spinner large label={LOADING[locale]} />
  </div>
);

export function App({ route }: { route: Route }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={loading(route.locale)}>
        {route.studioPath ? (
          <StudioPage path={route.studioPath} locale={route.locale} />
        ) : route.formId ? (
          <main style={FORM_MAIN_STYLE}>
            <FormPage id={route.formId} locale={route.locale} />
          </main>
        ) : (
          <ContentSite path={route.contentPath ?? '/'} locale={route.locale} />
        )}
      </Suspense>
    </QueryClientProvider>
  );
}
