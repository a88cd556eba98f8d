/**
 * Hydrates a form page the server drew (`serverRender.tsx`): loads what its first render needs (the first step's
 * validators and widgets, the texts of its language), then lets React take over the server's HTML. Should that
 * fail (the network), the page is drawn in the browser alone, with its own loading and error states.
 */

import { createCache } from '@ant-design/cssinjs';
import type { CompiledForm } from '@antrag/core/compile/types';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient, type Route } from '../App.js';
import { FormApp } from './FormApp.js';
import { prepareHydration } from './FormPage.js';
import type { FormPageData } from './pageData.js';

/** A value the applicant gave a control of the drawn page before the scripts arrived. */
interface EarlyInput {
  id: string;
  value?: string;
  checked?: boolean;
}

/** What was typed, picked or ticked in the server's HTML: controls whose state differs from the drawn one. */
function earlyInputs(root: HTMLElement): EarlyInput[] {
  const found: EarlyInput[] = [];
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input[id], textarea[id], select[id]',
  )) {
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.checked !== el.defaultChecked) found.push({ id: el.id, checked: el.checked });
    } else if (el instanceof HTMLSelectElement) {
      const drawn = [...el.options].find((o) => o.defaultSelected)?.value ?? el.options[0]?.value ?? '';
      if (el.value !== drawn) found.push({ id: el.id, value: el.value });
    } else if (el.type !== 'file' && el.value !== el.defaultValue) found.push({ id: el.id, value: el.value });
  }
  return found;
}

/**
 * Gives the hydrated form what was entered before it could listen: React draws its controls with the form's
 * (empty) values, so each value is set again and announced as the browser would have (input, change), which the
 * widgets' handlers take as typing. Nothing an applicant entered is lost to a slow network.
 */
function replay(inputs: readonly EarlyInput[]): void {
  for (const { id, value, checked } of inputs) {
    const el = document.getElementById(id);
    if (el instanceof HTMLInputElement && checked !== undefined) {
      // a radio cannot be unticked by a click; any other state is set by one, as the applicant did
      if (el.type === 'radio' && !checked) continue;
      // whatever state React drew, the click must turn it into the one the applicant chose
      el.checked = !checked;
      el.click();
    } else if (
      value !== undefined &&
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
    ) {
      // React hydrated the control with the form's value and notes the value it last saw: set through the element
      // (React notes another value), then through the prototype's setter (it does not), so the input event that
      // follows reads as a change to what was typed
      el.value = value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      // a field the applicant already left takes the value as when left (a date is read on blur)
      if (document.activeElement !== el) el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
  }
}

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
  // taken just before React takes over: hydration itself takes a moment, the wait before it can take seconds
  const early = earlyInputs(root);
  hydrateRoot(
    root,
    <FormApp
      onHydrated={() => replay(early)}
      client={queryClient}
      id={data.id}
      locale={data.locale}
      narrow={data.narrow}
      styleCache={createCache()}
    />,
    {
      // a draft restored from this browser's storage differs from the server's empty form: React draws the
      // page afresh, which is the expected outcome, not a fault
      onRecoverableError: (error) => console.warn('Form page redrawn in the browser:', error),
    },
  );
}
