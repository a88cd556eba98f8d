/**
 * A form page's whole tree as the server draws it (`serverRender.tsx`) and the browser hydrates it (`hydrate.tsx`):
 * one component, so both render the same. It draws no antd code of its own: a first screen of light controls loads
 * none (the server collects the styles of any antd part it draws, for the page's head, around this tree).
 */

import type { Locale } from '@antrag/core/dsl/types';
import { ScreenGuess } from '@antrag/react/hooks/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useLayoutEffect } from 'react';
import FormPage from './FormPage.js';
import { FORM_MAIN_STYLE } from './layout.js';

/**
 * Marks the page's root `data-hydrated` once React has taken over the server's HTML: the form answers from then on
 * (tests and `bench:bundle` wait for it).
 */
function HydratedMark() {
  // a layout effect: before the effects that preload the next step's code, which the first screen does not need
  useLayoutEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

export function FormApp({
  client,
  id,
  locale,
  narrow,
}: {
  client: QueryClient;
  id: string;
  locale: Locale;
  narrow: boolean;
}) {
  return (
    <StrictMode>
      <ScreenGuess.Provider value={{ narrow }}>
        <QueryClientProvider client={client}>
          <main style={FORM_MAIN_STYLE}>
            <FormPage id={id} locale={locale} />
          </main>
          <HydratedMark />
        </QueryClientProvider>
      </ScreenGuess.Provider>
    </StrictMode>
  );
}
