/** One RJSF form for one wizard step, validated by the step's compiled schema. */

import { evaluateCondition } from '@antrag/core/compile/conditions';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { FormData } from '@antrag/core/wizard';
import type {
  FieldTemplateProps,
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFSchema,
  RJSFValidationError,
} from '@rjsf/utils';
import { type ComponentType, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { type ModalSections, ModalSectionsContext, type RunnerContext } from './context.js';
import { storeSectionValues } from './draft.js';
import { rjsfTranslator } from './locale.js';
import { localizeUiSchema } from './localize.js';
import { nestedErrorFields } from './registry.js';
import { renderSchemaFor } from './renderSchema.js';
import { Form, Templates } from './rjsfTheme.js';
import { SectionsTemplate } from './templates.js';
import { createStepValidator, type StepValidation, validateStepData } from './validator.js';

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Rendered and not hidden (without `checkVisibility`, as in jsdom: not hidden by an attribute or inline style). */
const shown = (el: HTMLElement) =>
  typeof el.checkVisibility === 'function'
    ? el.checkVisibility()
    : !el.closest('[hidden]') && !el.closest<HTMLElement>('[style*="display: none"]');

/**
 * What to focus for a field: the element with the field's id when it takes the focus and shows, else the
 * first control that does inside it or inside the field's cell (the chosen radio first). Radio groups carry
 * the id on a `div`, uploads on a hidden file input.
 */
function focusTarget(el: HTMLElement, name: string): HTMLElement | undefined {
  if (el.matches(FOCUSABLE) && shown(el)) return el;
  const cell = document.querySelector<HTMLElement>(`[data-field="${name.replace(/["\\]/g, '\\$&')}"]`);
  for (const scope of [el, cell]) {
    if (!scope) continue;
    const candidates = [
      ...scope.querySelectorAll<HTMLElement>('input[type="radio"]:checked'),
      ...scope.querySelectorAll<HTMLElement>(FOCUSABLE),
    ];
    const hit = candidates.find(shown);
    if (hit) return hit;
  }
  return undefined;
}

function focusField(error: RJSFValidationError, scroll: boolean): void {
  const id = `root${(error.property ?? '').replace(/\./g, '_')}`;
  // CSS.escape is missing in some environments (jsdom); ids from field names need no escaping there
  const escapeCss = globalThis.CSS?.escape ?? ((s: string) => s.replace(/["\\]/g, '\\$&'));
  const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${escapeCss(id)}"]`);
  if (!el) return;
  const target = focusTarget(el, (error.property ?? '').split('.')[1] ?? '') ?? el;
  if (scroll) target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  target.focus?.({ preventScroll: true });
}

/** The top-level field an RJSF error belongs to (`.payers.0.email` → `payers`). */
function topField(error: RJSFValidationError): string {
  return (error.property ?? '').split('.')[1] ?? '';
}

/**
 * Computed values that are not fields themselves (`isMinor`): RJSF resolves a step's `if`/`then` against
 * its form data, so a field shown or required under a condition on one of them would render as an empty
 * schema without it. They travel into RJSF's data and are taken out of what it hands back.
 */
function conditionValueNames(form: CompiledForm): string[] {
  return Object.keys(form.computed ?? {}).filter((name) => !form.fields[name]);
}

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/**
 * The fields and computed values whose changes widgets and templates may need to see through `formContext`
 * while they render: those named in conditions, `defaultFrom` and computed expressions, and in fields'
 * `ui:options` (a search's `dependsOn`, an upload's `docKeyFrom`, a letter's `fills`, a computed field's
 * `value`, `labelIf`, an option's `visibleIf`). Collected generously: any string there that is such a name.
 */
export function contextReadNames(form: CompiledForm): string[] {
  const strings = new Set<string>();
  for (const plan of Object.values(form.fields)) {
    stringsIn([plan.visibleIf, plan.requiredIf, plan.disabledIf, plan.defaultFrom], strings);
  }
  for (const step of form.steps) for (const section of step.sections) stringsIn(section.visibleIf, strings);
  for (const node of Object.values(form.uiSchema)) {
    if (node && typeof node === 'object' && !Array.isArray(node)) stringsIn(node['ui:options'], strings);
  }
  stringsIn(form.computed, strings);
  const names = new Set([...Object.keys(form.fields), ...Object.keys(form.computed ?? {})]);
  return [...new Set([...strings].map((s) => s.split('.')[0]))].filter((s) => names.has(s)).sort();
}

/** The members of the context besides the data, and the values of `watched`, in a fixed order. */
function contextKeyOf(context: RunnerContext, watched: readonly string[]): unknown[] {
  const members = Object.entries(context)
    .filter(([key]) => key !== 'data' && key !== 'formData')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return [...members.flat(), ...watched.map((name) => context.data[name])];
}

/**
 * The runner context as RJSF's `formContext`: one object that keeps its identity while the user types into
 * fields nobody else reads, its members read live from the latest context. RJSF hands `formContext` to every
 * field in its registry, so a new object re-renders every field of the step on every keystroke (300 fields:
 * ~250 widget renders a keystroke). A new object follows when another member changes or a value named by
 * `contextReadNames` does, so what reads those renders again.
 */
function useStableFormContext(context: RunnerContext, watched: readonly string[]): RunnerContext {
  const live = useRef(context);
  live.current = context;
  const last = useRef<{ key: unknown[]; view: RunnerContext; revision: number } | undefined>(undefined);
  const key = contextKeyOf(context, watched);
  const previous = last.current;
  if (previous && previous.key.length === key.length && key.every((v, i) => Object.is(v, previous.key[i])))
    return previous.view;
  const view = {} as RunnerContext;
  for (const name of Object.keys(context) as Array<keyof RunnerContext>) {
    Object.defineProperty(view, name, { enumerable: true, get: () => live.current[name] });
  }
  // RJSF compares a new formContext with the last one deeply, and two live views read the same values: a
  // member of its own tells them apart
  const revision = (previous?.revision ?? 0) + 1;
  Object.defineProperty(view, 'revision', { enumerable: true, value: revision });
  last.current = { key, view, revision };
  return view;
}

function without(data: FormData, names: readonly string[]): FormData {
  if (!names.some((n) => n in data)) return data;
  const out = { ...data };
  for (const n of names) delete out[n];
  return out;
}

const AntdFieldTemplate = Templates.FieldTemplate as ComponentType<FieldTemplateProps>;

/**
 * The antd theme's field template, except around the step's root object, which gets no antd `Form.Item`: an
 * item hands the items inside it a new callback through context each time it renders, and the root renders on
 * every keystroke, so every field's `Form.Item` rendered again with it (300 fields: ~350 item renders a keystroke).
 */
function StepFieldTemplate(props: FieldTemplateProps) {
  return props.fieldPathId.path.length > 0 ? <AntdFieldTemplate {...props} /> : <StepRootTemplate {...props} />;
}

/** The step's root object: its fields, errors that belong to no field, and the item's spacing below. */
function StepRootTemplate({ classNames, style, children, errors, rawErrors }: FieldTemplateProps) {
  return (
    <div className={classNames} style={{ marginBottom: 'var(--antrag-margin-lg)', ...style }}>
      {children}
      {rawErrors?.length ? errors : null}
    </div>
  );
}

const stepTemplates = { ObjectFieldTemplate: SectionsTemplate, FieldTemplate: StepFieldTemplate };

export interface StepFormProps {
  form: CompiledForm;
  validation: StepValidation;
  context: RunnerContext;
  data: FormData;
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  onChange: (data: FormData) => void;
  onNext: (data: FormData) => void;
  /** Next found the step invalid, none of the failing fields in a modal section (those open its dialog instead). */
  onInvalid?: () => void;
  children: ReactNode;
}

export function StepForm({
  form,
  validation,
  context,
  data,
  widgets,
  fields,
  onChange,
  onNext,
  onInvalid,
  children,
}: StepFormProps) {
  const { stepIndex, locale, t } = context;
  const schema = useMemo(() => renderSchemaFor(form, stepIndex) as RJSFSchema, [form, stepIndex]);
  const validator = useMemo(
    () => createStepValidator(validation, form, stepIndex, locale, nestedErrorFields),
    [validation, form, stepIndex, locale],
  );
  const translateString = useMemo(() => rjsfTranslator(t), [t]);
  const uiSchema = useMemo(() => localizeUiSchema(form, t, data), [form, t, data]);
  const valueNames = useMemo(() => conditionValueNames(form), [form]);
  const watched = useMemo(() => contextReadNames(form), [form]);
  const formContext = useStableFormContext(context, watched);
  const full = context.data;
  const rjsfData = useMemo(() => {
    const extra = valueNames.filter((n) => full[n] !== undefined && full[n] !== data[n]);
    return extra.length ? { ...data, ...Object.fromEntries(extra.map((n) => [n, full[n]])) } : data;
  }, [data, full, valueNames]);

  // modal sections (the parental consent): opened when Next finds one of their fields failing, closed by
  // their own Next once those pass; the user cannot close them otherwise
  const formRef = useRef<{ validateForm: () => boolean } | null>(null);
  const [modal, setModal] = useState<{ open?: number; failure?: string }>({});
  const sections = form.steps[stepIndex].sections;
  const modalSectionOf = useCallback(
    (field: string): number | undefined => {
      const i = sections.findIndex(
        (s) =>
          s.display === 'modal' &&
          s.fields.includes(field) &&
          (!s.visibleIf || evaluateCondition(s.visibleIf, context.data)),
      );
      return i >= 0 ? i : undefined;
    },
    [sections, context.data],
  );
  // the dialog's Next reads the data at the moment it is pressed (a callback RJSF kept may be older)
  const latest = useRef(context.data);
  latest.current = context.data;
  const confirmModal = useCallback(
    function confirm(index: number) {
      // the step's validators still load what they check apart (the phone-number checks): confirm once they are there
      if (validation.canValidate && !validation.canValidate(stepIndex)) {
        void validation.loadStep?.(stepIndex).then(
          () => confirm(index),
          () => {}, // the step shows the failure (useStepCode)
        );
        return;
      }
      const section = sections[index];
      const failing = validateStepData(validation, form, stepIndex, latest.current, locale).filter((e) =>
        section.fields.includes(e.field),
      );
      if (failing.length === 0) {
        // the section's values kept locally where it says so (the saved parental consent)
        storeSectionValues(form, section, latest.current);
        setModal({});
        return;
      }
      formRef.current?.validateForm(); // shows the messages at the fields
      setModal({ open: index, failure: section.failureMessage ?? 'errors.fillRequired' });
    },
    [sections, validation, form, stepIndex, locale],
  );
  const modalState = useMemo<ModalSections>(() => ({ ...modal, confirm: confirmModal }), [modal, confirmModal]);
  // before the first Next the step shows no message; once Next has found it invalid, each field checks again as
  // it changes (typed fields hand their value over as typing pauses, or on leaving them) and shows its message
  const [checked, setChecked] = useState(false);
  return (
    <ModalSectionsContext.Provider value={modalState}>
      <Form
        ref={formRef as never}
        schema={schema}
        uiSchema={uiSchema}
        formData={rjsfData}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        fields={fields}
        templates={stepTemplates}
        translateString={translateString}
        showErrorList={false}
        liveValidate={checked ? 'onChange' : undefined}
        noHtml5Validate
        // no invented items: a required upload or payers list starts empty, not as `[{}]`
        experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
        focusOnFirstError={(error) => {
          // a failing field of a modal section opens its dialog instead (see onError)
          if (modalSectionOf(topField(error)) === undefined)
            focusField(error, form.wizard.scrollToFirstError !== false);
        }}
        onChange={(e) => onChange(without((e.formData ?? {}) as FormData, valueNames))}
        // messages show at the fields; a failing field of a modal section opens its dialog, with the dialog's
        // own failure text; otherwise the wizard shows the step's failure message
        onError={(errors) => {
          setChecked(true);
          for (const error of errors) {
            const section = modalSectionOf(topField(error));
            if (section !== undefined) {
              // (also reached from the dialog's own Next, whose message stays)
              setModal((m) => ({ open: section, failure: m.open === section ? m.failure : undefined }));
              return;
            }
          }
          onInvalid?.();
        }}
        onSubmit={(e) => onNext(without((e.formData ?? {}) as FormData, valueNames))}
      >
        {children}
      </Form>
    </ModalSectionsContext.Provider>
  );
}
