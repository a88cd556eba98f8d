/** Renders any compiled form as a wizard: no per-form component. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale, SubmitSettings } from '@antrag/core/dsl/types';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale as AntdLocale } from 'antd/es/locale/index.js';
import { useEffect, useMemo, useState } from 'react';
import { AntdSettingsContext } from '../widgets/index.js';
import type { ApiEnv, SubmitOutcome } from './api.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import type { LoadFormVersion } from './formVersions.js';
import { createRunnerI18n, RunnerI18nProvider } from './i18n.js';
import { Loading } from './Loading.js';
import { loadedLibraryLocale, loadLibraryLocale } from './locale.js';
import { defaultFields, defaultWidgets } from './registry.js';
import type { StepValidation } from './validator.js';
import { useVersionSwitch, VersionSwitchFailed } from './versionSwitch.js';
import { Wizard } from './Wizard.js';

export interface FormRunnerProps {
  form: CompiledForm;
  /**
   * How steps are validated: `precompiledValidation(form, module)` with the form's module from
   * `GET /api/forms/{id}/validators.js` in the browser; `runtimeValidation(form)` where `eval` is allowed.
   */
  validation: StepValidation;
  locale?: Locale;
  /** Widgets and fields over the default registry, keyed by `ui:widget` / `ui:field` names. */
  widgets?: RegistryWidgetsType;
  fields?: RegistryFieldsType;
  onSubmitted?: (outcome: SubmitOutcome) => void;
  queryClient?: QueryClient;
  /** fetch and storage for server calls (tests pass doubles). */
  env?: ApiEnv;
  /**
   * Loads another version of the form (`GET /api/forms/{id}?version=n`), or the one served now: a stored draft
   * of another version goes on with that version while the server gives it. Without it, such a draft goes on with
   * `form` and the answers that fit it.
   */
  loadVersion?: LoadFormVersion;
  /**
   * Where the last step sends the answers of a form without a `submit` of its own: the form page passes
   * `POST /api/forms/{id}/submissions`. Without it such a form sends nothing.
   */
  finalSubmission?: SubmitSettings;
}

export function FormRunner({
  form,
  validation,
  locale = 'en',
  widgets,
  fields,
  onSubmitted,
  queryClient,
  env,
  loadVersion,
  finalSubmission,
}: FormRunnerProps) {
  // the version the applicant goes on with: `form`, or the one their draft was filled in on
  const versions = useVersionSwitch(form, validation, loadVersion);
  const shown = versions.active;
  const texts = shown.form && typeof shown.form === 'object' ? shown.form.texts : undefined;
  const i18n = useMemo(() => createRunnerI18n(locale, texts ?? {}), [locale, texts]);
  const [client] = useState(() => queryClient ?? new QueryClient());
  // antd's and dayjs's own texts in the form's language, loaded on demand; English is built in. The form
  // waits for them (a moment) rather than re-rendering under the user's fingers when they arrive.
  const [loaded, setLoaded] = useState<{ locale: Locale; antd?: AntdLocale } | undefined>(() => {
    // loaded already (a page drawn on the server loads them before it hydrates): the form draws at once
    const there = loadedLibraryLocale(locale);
    return there && { locale, ...there };
  });
  useEffect(() => {
    if (loaded?.locale === locale) return;
    let current = true;
    loadLibraryLocale(locale).then(
      (antd) => current && setLoaded({ locale, antd }),
      (error) => {
        console.error(`antd/dayjs texts for '${locale}' could not be loaded`, error);
        if (current) setLoaded({ locale });
      },
    );
    return () => {
      current = false;
    };
  }, [locale, loaded]);
  const ready = locale === 'en' || loaded?.locale === locale;
  const antdLocale = locale !== 'en' && loaded?.locale === locale ? loaded.antd : undefined;
  const antd = useMemo(() => ({ locale: antdLocale }), [antdLocale]);
  const allWidgets = useMemo(() => ({ ...defaultWidgets, ...widgets }), [widgets]);
  const allFields = useMemo(() => ({ ...defaultFields, ...fields }), [fields]);
  const formId = form && typeof form === 'object' && typeof form.id === 'string' ? form.id : '?';
  return (
    <QueryClientProvider client={client}>
      {/* antd's texts for the parts that draw its components, each inside antd's provider with the engine's theme
          (widgets/shared/antdScope.tsx); the light controls of a first screen need neither */}
      <AntdSettingsContext.Provider value={antd}>
        <RunnerI18nProvider value={i18n}>
          <ErrorBoundary key={formId} what={`Form '${formId}'`} title={i18n.t('errors.unexpected')}>
            {versions.failed ? (
              <VersionSwitchFailed t={(key) => i18n.t(key)} onRetry={versions.retry} />
            ) : ready && !versions.switching ? (
              <Wizard
                key={versions.key}
                form={shown.form}
                validation={shown.validation}
                locale={locale}
                widgets={allWidgets}
                fields={allFields}
                onSubmitted={onSubmitted}
                env={env}
                restore={shown.draft}
                notice={shown.notice}
                onOtherVersion={versions.switchFor}
                finalSubmission={finalSubmission}
              />
            ) : (
              <Loading label={i18n.t('wizard.loading')} />
            )}
          </ErrorBoundary>
        </RunnerI18nProvider>
      </AntdSettingsContext.Provider>
    </QueryClientProvider>
  );
}
