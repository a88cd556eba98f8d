/** The web app: `/forms/{id}` renders the compiled form from `/api/forms/{id}`; language from `?lang=`. */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, Result, Spin } from 'antd';
import type { CompiledForm } from '../../renderer/core/compile/types.js';
import type { Locale } from '../../renderer/core/dsl/types.js';
import { DEFAULT_LOCALE, isLocale, translate } from '../../renderer/core/i18n/index.js';
import { ApiStatusError } from '../../renderer/react/api.js';
import { FormRunner } from '../../renderer/react/FormRunner.js';
import { accessibleTheme } from '../../renderer/react/theme.js';
import { type PrecompiledModule, precompiledValidation, type StepValidation } from '../../renderer/react/validator.js';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

export interface Route {
  formId?: string;
  locale: Locale;
}

export function routeOf(location: { pathname: string; search: string }): Route {
  const lang = new URLSearchParams(location.search).get('lang');
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const match = /^\/forms\/([\w-]+)\/?$/.exec(location.pathname);
  return { formId: match?.[1], locale };
}

interface LoadedForm {
  form: CompiledForm;
  validation: StepValidation;
}

/**
 * The compiled form and its precompiled validators (an ES module the server generates; it imports the
 * validation runtime the build publishes), so validation needs no `eval` under the server's CSP.
 * `query` selects a variant by the form's options (`?mobile=true`).
 */
async function fetchVariant(id: string, query = ''): Promise<LoadedForm> {
  const base = `/api/forms/${encodeURIComponent(id)}`;
  const [response, mod] = await Promise.all([
    fetch(`${base}${query}`),
    import(/* @vite-ignore */ `${base}/validators.js${query}`).catch(() => undefined) as Promise<
      PrecompiledModule | undefined
    >,
  ]);
  if (!response.ok) throw new ApiStatusError(response.status);
  const form = (await response.json()) as CompiledForm;
  if (!mod) throw new Error(`The validators of form '${id}' could not be loaded`);
  return { form, validation: precompiledValidation(form, mod) };
}

/** Whether the viewport is under the form's mobile breakpoint (the wizard's own default: 1024 px). */
function isMobileViewport(form: CompiledForm): boolean {
  const breakpoint = form.wizard.mobileBreakpoint ?? 1024;
  return typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${breakpoint - 1}px)`).matches;
}

/**
 * A form with a boolean `mobile` option (the contact form: the phone number is required on mobile) comes
 * in the variant of the viewport it is opened in; the submission names that variant, so the server checks
 * it against the same schema. The variant is chosen once, when the form loads.
 */
async function fetchForm(id: string): Promise<LoadedForm> {
  const loaded = await fetchVariant(id);
  const mobile = loaded.form.options?.mobile;
  if (typeof mobile !== 'boolean') return loaded;
  const wanted = isMobileViewport(loaded.form);
  return wanted === mobile ? loaded : fetchVariant(id, `?mobile=${wanted}`);
}

function FormPage({ id, locale }: { id: string; locale: Locale }) {
  const query = useQuery({ queryKey: ['form', id], queryFn: () => fetchForm(id) });
  if (query.isPending) return <Spin size="large" />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiStatusError && error.status === 404) {
      return (
        <Result
          status="404"
          title="404"
          subTitle={translate('errors.formNotFound', locale)}
          extra={
            <Button type="primary" href="/">
              {translate('wizard.goToHomepage', locale)}
            </Button>
          }
        />
      );
    }
    const text =
      error instanceof ApiStatusError
        ? translate(error.key, locale, error.params)
        : translate('errors.network', locale);
    return <Alert type="error" showIcon title={text} />;
  }
  return (
    <FormRunner form={query.data.form} validation={query.data.validation} locale={locale} queryClient={queryClient} />
  );
}

export function App({ route }: { route: Route }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={accessibleTheme}>
        <main style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
          {route.formId ? (
            <FormPage id={route.formId} locale={route.locale} />
          ) : (
            <Result status="404" title="404" subTitle={translate('wizard.goToHomepage', route.locale)} />
          )}
        </main>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
