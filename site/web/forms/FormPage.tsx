/**
 * A compiled form page: the form engine, loaded only on form routes (`/forms/{id}`, the booking processes) and
 * on content pages that embed a form.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale, SubmitSettings } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n/catalogue';
import { loadCatalogue } from '@antrag/core/i18n/load';
import { ApiStatusError } from '@antrag/react/engine/api';
import { Alert } from '@antrag/react/engine/chrome';
import { FormRunner } from '@antrag/react/engine/FormRunner';
import {
  fetchCompiledForm,
  type LoadedForm,
  type LoadFormVersion,
  withVersion,
} from '@antrag/react/engine/formVersions';
import { prepareFirstScreen } from '@antrag/react/engine/prepare';
import { UI_FONT } from '@antrag/react/engine/theme';
import { type PrecompiledModule, stepwiseValidation } from '@antrag/react/engine/validator';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
// the engine's stylesheets in the form route's CSS, which a page drawn on the server links in its head
import '@antrag/react/styles.css';
import { LOADING, Spinner } from '../Spinner.js';

const FormNotFound = lazy(() => import('./FormNotFound.js'));

/** A form as the page loaded it: with the variant's query (`?mobile=true`, or ''), which other versions keep. */
export interface PageForm extends LoadedForm {
  query: string;
}

/**
 * The compiled form and its precompiled validators: ES modules the server generates, one per step (they import
 * the validation runtime the build publishes), so validation needs no `eval` under the server's CSP. The first
 * step's comes with the form; the wizard loads each other step's as the step is about to show.
 * `query` selects a variant by the form's options (`?mobile=true`) and a version (`version=3`); the validators
 * come from the same query, so they are that version's.
 */
async function fetchVariant(id: string, query = ''): Promise<LoadedForm> {
  // both at once: the first step's validators of the version served now, very likely the form's
  const [form, first] = await Promise.all([
    fetchCompiledForm(id, query),
    moduleAt(id, query)(0).catch(() => undefined),
  ]);
  return validationOf(id, form, query, first);
}

/**
 * The validators of form `id`'s steps under `query`, one module a step: after a failed load, another address
 * (`retry`, which the server ignores), since older browsers keep the failure.
 */
const moduleAt =
  (id: string, query: string) =>
  (step: number, attempt = 0): Promise<PrecompiledModule> => {
    const retry = attempt ? `${query ? '&' : '?'}retry=${attempt}` : '';
    const url = `/api/forms/${encodeURIComponent(id)}/validators/${step}.js${query}${retry}`;
    return import(/* @vite-ignore */ url) as Promise<PrecompiledModule>;
  };

/**
 * The form's step validation, its first step's validators loaded: those already fetched (`first`) when they are of
 * the form's version, else fetched now for that version.
 */
async function validationOf(
  id: string,
  form: CompiledForm,
  query: string,
  first?: PrecompiledModule,
): Promise<LoadedForm> {
  // every later step's validators are of the version the form came in, even once another is published meanwhile
  const pinned = form.version !== undefined && !/[?&]version=/.test(query) ? withVersion(query, form.version) : query;
  const stepModule = moduleAt(id, pinned);
  // a publish between the two requests: the first step's validators are of another version than the form
  const matching = first && (first.formVersion === undefined || first.formVersion === form.version) ? first : undefined;
  const step0 = matching ?? (await stepModule(0).catch(() => undefined));
  if (!step0) throw new Error(`The validators of form '${id}' could not be loaded`);
  return { form, validation: stepwiseValidation(form, stepModule, new Map([[0, step0]])) };
}

/** Where the form page keeps its loaded form in the query cache (the page's query and language in the key). */
export const formQueryKey = (id: string, pageQuery: string, locale: Locale) => ['form', id, pageQuery, locale];

/**
 * A form page the server drew (`serverRender.tsx`) with `form` inline: what its first render needs, so the
 * browser's first render is the server's HTML — the form with its first step's validators (of the version
 * drawn), the engine's texts, antd's language and the first step's widgets — put where the page reads it.
 */
export async function prepareHydration(
  client: QueryClient,
  {
    id,
    locale,
    pageQuery,
    form,
    narrow,
  }: { id: string; locale: Locale; pageQuery: string; form: CompiledForm; narrow: boolean },
): Promise<void> {
  const [loaded] = await Promise.all([
    validationOf(id, form, ''),
    loadCatalogue(locale),
    prepareFirstScreen(form, locale, { narrow }),
  ]);
  client.setQueryData<PageForm>(formQueryKey(id, pageQuery, locale), { ...loaded, query: '' });
}

/** Whether the viewport is under the form's mobile breakpoint (the wizard's own default: 1024 px). */
function isMobileViewport(form: CompiledForm): boolean {
  const breakpoint = form.wizard.mobileBreakpoint ?? 1024;
  return typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${breakpoint - 1}px)`).matches;
}

/** An option value from the page address: `true` / `false` as booleans, numbers as numbers, else the text. */
function optionValue(text: string, current: unknown): unknown {
  if (typeof current === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (typeof current === 'number') return Number.isFinite(Number(text)) ? Number(text) : undefined;
  return text;
}

/**
 * The variant a form is opened in. A form with a boolean `mobile` option (the contact form: the phone
 * number is required on mobile) comes in the variant of the viewport; any other option may be named in the
 * page address (`/forms/blocked-account?faceVerification=false`: the six-step variant). The submission
 * names that variant, so the server checks it against the same schema. The variant is chosen once, when
 * the form loads.
 */
async function fetchForm(id: string, pageQuery: string): Promise<PageForm> {
  const loaded = await fetchVariant(id);
  const options = loaded.form.options ?? {};
  const page = new URLSearchParams(pageQuery);
  const wanted = new URLSearchParams();
  let differs = false;
  for (const [name, current] of Object.entries(options)) {
    let value: unknown;
    if (name === 'mobile' && typeof current === 'boolean') value = isMobileViewport(loaded.form);
    else if (page.has(name)) value = optionValue(page.get(name) ?? '', current);
    if (value === undefined) continue;
    wanted.set(name, String(value));
    if (value !== current) differs = true;
  }
  if (!differs) return { ...loaded, query: '' };
  const query = `?${wanted}`;
  return { ...(await fetchVariant(id, query)), query };
}

/**
 * Another version of the form, in the variant the page chose (`?version=n` beside its options), or the version
 * served now: a draft of an older version goes on with it while the server gives it (410 or 404 once it does not).
 */
function versionLoader(id: string, query: string): LoadFormVersion {
  return (version) => (version === undefined ? fetchVariant(id, query) : fetchVariant(id, withVersion(query, version)));
}

/** The form and its loading and error states (the router has no component library). */
export default function FormPage({ id, locale }: { id: string; locale: Locale }) {
  return (
    // the forms' UI font for everything the form draws (the content site's); antd's parts get the engine's theme
    // where they are drawn (widgets/shared/antdScope.tsx)
    <div style={{ fontFamily: UI_FONT }}>
      <LoadedFormPage id={id} locale={locale} />
    </div>
  );
}

/**
 * A form without a submission of its own (as staff may publish one) sends its answers, keyed by field name, to
 * the server's own `POST /api/forms/{id}/submissions`, which checks them against the version filled in.
 */
function finalSubmissionOf(id: string): SubmitSettings {
  return {
    endpoint: `/api/forms/${encodeURIComponent(id)}/submissions`,
    method: 'POST',
    encoding: 'json',
    resultIdField: 'id',
  };
}

function LoadedFormPage({ id, locale }: { id: string; locale: Locale }): ReactNode {
  const pageQuery = typeof window === 'undefined' ? '' : window.location.search;
  const client = useQueryClient();
  // the form and the texts of its language arrive together; the form stays the one loaded (never fetched again
  // under the applicant): a version published meanwhile comes with the next visit, and the draft remembers which
  // version its answers were given on
  const query = useQuery({
    queryKey: formQueryKey(id, pageQuery, locale),
    queryFn: async () => (await Promise.all([fetchForm(id, pageQuery), loadCatalogue(locale)]))[0],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const variantQuery = query.data?.query ?? '';
  const loadVersion = useMemo(() => versionLoader(id, variantQuery), [id, variantQuery]);
  if (query.isPending) return <Spinner large label={LOADING[locale]} />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiStatusError && error.status === 404) {
      return (
        <Suspense fallback={<Spinner large label={LOADING[locale]} />}>
          <FormNotFound locale={locale} />
        </Suspense>
      );
    }
    const text =
      error instanceof ApiStatusError
        ? translate(error.key, locale, error.params)
        : translate('errors.network', locale);
    return <Alert type="error" showIcon title={text} />;
  }
  return (
    <FormRunner
      form={query.data.form}
      validation={query.data.validation}
      locale={locale}
      queryClient={client}
      loadVersion={loadVersion}
      finalSubmission={finalSubmissionOf(id)}
    />
  );
}
