/** University review form (steps of groups of items) → DSL form definition. */
import type { Diagnostic } from '../compile/types.js';
import type {
  Field,
  FieldBase,
  FormDefinition,
  Option,
  Rule,
  Section,
  SelectField,
  Step,
  TextareaField,
  TextRef,
  UniversitySelectField,
} from '../dsl/types.js';
import type { ReviewDocument, ReviewField } from './cms-types.js';
import {
  BACK_TO_HOME,
  defined,
  emptyStep,
  FieldNames,
  fieldTypeNotImplemented,
  given,
  idFrom,
  ignoredProperty,
  noOptions,
  notImplementedNotice,
  patternRule,
  pointer,
  REQUIRED_MESSAGE,
  UniqueIds,
} from './common.js';
import { checkCmsDocument } from './shape.js';
import type { ImportOptions, ImportResult } from './types.js';

const REVIEW_TYPES = [
  'input',
  'rate',
  'datepicker',
  'select',
  'textarea',
  'radiogroup',
  'checkbutton',
  'checkbox',
  'uni-select',
  'program-select',
  'uni-location-select',
  'currency',
];

/** Which item properties each type reads; a value on any other type is reported as ignored. */
const REVIEW_PROPERTIES: Record<string, string[]> = {
  options: ['select', 'radiogroup', 'checkbutton'],
  referenceOptions: ['uni-select'],
  validationRegex: ['input', 'textarea'],
  inputLength: ['textarea'],
  dependencies: ['program-select', 'uni-location-select'],
};

const FORM_REQUIRED_MSG: TextRef = { key: 'validation.FormRequiredMsg' };
const FORM_VALIDATE_MSG: TextRef = { key: 'validation.FormValidateMsg' };

function meaningful(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

function reviewField(cms: ReviewField, at: string, diagnostics: Diagnostic[]): Field | undefined {
  const { type } = cms;
  if (!REVIEW_TYPES.includes(type)) {
    diagnostics.push(fieldTypeNotImplemented(type, at));
    return undefined;
  }
  for (const [property, types] of Object.entries(REVIEW_PROPERTIES)) {
    const value = (cms as unknown as Record<string, unknown>)[property];
    if (meaningful(value) && !types.includes(type))
      diagnostics.push(ignoredProperty(property, type, `${at}/${property}`));
  }

  const rules: Rule[] = [];
  if (REVIEW_PROPERTIES.validationRegex.includes(type) && given(cms.validationRegex)) {
    // Unlike the bookings' CMS, the review CMS does not say the whole answer must match: kept as given.
    rules.push(patternRule(cms.validationRegex, FORM_VALIDATE_MSG, `${at}/validationRegex`, false, diagnostics));
  }
  const required = cms.required === true;
  const base = defined<FieldBase>({
    name: cms.field,
    label: cms.label,
    placeholder: given(cms.placeholder) ? cms.placeholder : undefined,
    description: given(cms.description) ? cms.description : undefined,
    icon: given(cms.icon) ? cms.icon : undefined,
    required: required ? true : undefined,
    // Spec §5: required answers show FormRequiredMsg, except an unticked checkbox: 'This field is required!'.
    requiredMessage: required ? (type === 'checkbox' ? REQUIRED_MESSAGE : FORM_REQUIRED_MSG) : undefined,
    rules: rules.length > 0 ? rules : undefined,
  });

  const options: Option[] = (cms.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  const choices = (): Option[] => {
    if (options.length === 0) diagnostics.push(noOptions(type, at));
    return options;
  };
  const dependsOn = cms.dependencies?.[0];

  switch (type) {
    case 'input':
      return { type: 'text', ...base };
    case 'rate':
      return { type: 'rate', ...base, count: 5, allowClear: false };
    case 'datepicker':
      return { type: 'month', ...base };
    case 'select':
      // A free-text select: typed answers without a match are kept, so an empty option list is fine.
      return defined<SelectField>({
        type: 'select',
        ...base,
        options,
        display: 'searchable',
        allowCustom: true,
        valueType: numericOptions(options) ? 'number' : undefined,
      });
    case 'textarea':
      return defined<TextareaField>({ type: 'textarea', ...base, maxLength: cms.inputLength });
    case 'radiogroup': {
      const radioOptions = choices();
      return defined<SelectField>({
        type: 'select',
        ...base,
        options: radioOptions,
        display: 'radio',
        valueType: numericOptions(radioOptions) ? 'number' : undefined,
      });
    }
    case 'checkbutton':
      return { type: 'multiselect', ...base, options: choices(), display: 'buttons' };
    case 'checkbox':
      return { type: 'checkbox', ...base };
    case 'uni-select':
      return defined<UniversitySelectField>({
        type: 'universitySelect',
        ...base,
        options: cms.referenceOptions?.map((u) => ({ value: u.id, label: u.flatData.universityName })),
        allowCustom: true,
      });
    case 'program-select':
    case 'uni-location-select': {
      if (dependsOn === undefined) {
        diagnostics.push({
          severity: 'warning',
          code: 'missing-dependency',
          message: `${at}: a ${type} field is fed from a university field, but 'dependencies' names none; it will not wait for a university.`,
          pointer: at,
        });
      }
      (cms.dependencies ?? []).slice(1).forEach((extra, k) => {
        diagnostics.push({
          severity: 'warning',
          code: 'ignored-property',
          message: `${at}/dependencies/${k + 1}: only the first dependency feeds a ${type} field; '${extra}' was not imported.`,
          pointer: `${at}/dependencies/${k + 1}`,
        });
      });
      return defined<UniversitySelectField>({
        type: type === 'program-select' ? 'programSelect' : 'locationSelect',
        ...base,
        dependsOn,
      });
    }
    default: // 'currency'
      return { type: 'currency', ...base, currency: 'EUR', symbolPosition: 'suffix' };
  }
}

function numericOptions(options: Option[]): boolean {
  return options.length > 0 && options.every((o) => typeof o.value === 'number');
}

function importValidReview(doc: ReviewDocument, opts: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const names = new FieldNames(diagnostics);
  const stepIds = new UniqueIds();
  const dependents: Array<{ name: string; at: string }> = [];

  const steps: Step[] = doc.steps.map((cmsStep, i) => {
    let count = 0;
    const sections: Section[] = cmsStep.groups.map((group, g) => {
      const fields: Field[] = [];
      group.items.forEach((cms, k) => {
        const at = pointer('steps', i, 'groups', g, 'items', k);
        const field = reviewField(cms, at, diagnostics);
        // an unknown type: its warning notice stands in its place (no data, so no answer is sent)
        const placed = field ?? notImplementedNotice(cms.type, cms.field, cms.label, cms.required);
        names.add(placed.name, at, 'field');
        fields.push(placed);
        if (!field) return;
        count += 1;
        if ((field.type === 'programSelect' || field.type === 'locationSelect') && field.dependsOn !== undefined) {
          dependents.push({ name: field.dependsOn, at: `${at}/dependencies/0` });
        }
      });
      return defined<Section>({
        headline: given(group.headline) ? group.headline : undefined,
        description: given(group.description) ? group.description : undefined,
        layout: group.style ?? 'vertical',
        fields,
      });
    });
    if (count === 0) diagnostics.push(emptyStep(pointer('steps', i)));
    return defined<Step>({
      id: stepIds.take(idFrom([cmsStep.name], `step-${i + 1}`)),
      title: cmsStep.name,
      headline: given(cmsStep.headline) ? cmsStep.headline : undefined,
      tooltip: given(cmsStep.tooltip) ? cmsStep.tooltip : undefined,
      sections,
    });
  });

  for (const { name, at } of dependents) {
    if (!names.has(name)) {
      diagnostics.push({
        severity: 'warning',
        code: 'unknown-dependency',
        message: `${at}: '${name}' is not a field of this form; the field it feeds stays disabled.`,
        pointer: at,
      });
    }
  }

  const definition = defined<FormDefinition>({
    id: opts.id !== undefined ? idFrom([opts.id], 'review') : idFrom([doc.headline], 'review'),
    title: doc.headline,
    version: 1,
    description: given(doc.description) ? doc.description : undefined,
    // Spec §2: dots on desktop, a progress bar on mobile after the first step, '(step/total)' on mobile.
    wizard: { indicator: 'dots', mobileIndicator: 'progress', hideIndicatorOnFirstStep: true, mobileStepCount: true },
    steps,
    submit: {
      endpoint: doc.action,
      method: 'POST',
      encoding: 'json',
      headers: { 'X-Language': { locale: true } },
      payload: { mode: 'all' },
    },
    results: {
      success: {
        status: 'success',
        title: given(doc.successMsg) ? doc.successMsg : 'Thank you!',
        link: { ...BACK_TO_HOME },
      },
      failure: {
        status: 'warning',
        title: given(doc.errorMsg) ? doc.errorMsg : 'booking form submit failed',
        link: { ...BACK_TO_HOME },
      },
    },
    source: { kind: 'review' },
  });
  return { definition, diagnostics };
}

/** Imports a review form definition; a document that does not match its CMS schema gives only shape errors. */
export function importReview(doc: unknown, opts: ImportOptions = {}): ImportResult {
  const shape = checkCmsDocument('review', doc);
  if (shape.length > 0) return { diagnostics: shape };
  return importValidReview(doc as ReviewDocument, opts);
}
