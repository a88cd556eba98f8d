/**
 * Hydrates a form page the server drew (`serverRender.tsx`): loads what its first render needs (the first step's
 * validators and widgets, the texts of its language), then lets React take over the server's HTML. Until then the
 * step's controls are shown disabled (the Wizard's fieldset), so nothing tapped or typed is lost. Should that
 * fail (the network), the page is drawn in the browser alone, with its own loading and error states.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient, type Route } from '../App.js';
import { FormApp } from './FormApp.js';
import { prepareHydration } from './FormPage.js';
import type { FormPageData } from './pageData.js';

export async function hydrateFormPage(root: HTMLElement, route: Route, data: FormPageData): Promise<void> {
  try {
    await prepareHydration(queryClient, {
      id: data.id,
      locale: data.locale,
      // the page's own query, as the form page reads it (the server's copy of it may be normalised)
      pageQuery: window.location.search,
      form: data.form as CompiledForm,
      narrow: data.narrow,
    });
  } catch (error) {
    console.warn('The form page could not be prepared for hydration; drawing it afresh', error);
    createRoot(root).render(
      <StrictMode>
        <App route={route} />
      </StrictMode>,
    );
    return;
  }
  startTransition(() => {
    hydrateRoot(root, <FormApp client={queryClient} id={data.id} locale={data.locale} narrow={data.narrow} />, {
      // should the browser's first render differ from the server's all the same (a defect: the tests watch for
      // this warning), React draws the page afresh; the applicant loses nothing
      onRecoverableError: (error) => console.warn('Form page redrawn in the browser:', error),
    });
  });
}
