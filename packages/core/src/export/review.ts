/** DSL → university review form (steps of groups of items). */
import type { Field, FormDefinition, Option, Section } from '../dsl/types.js';
import type { ReviewDocument, ReviewField, ReviewGroup, ReviewStep } from '../import/cms-types.js';
import { toPointer } from '../json/pointer.js';
import { noSteps, noticeType, patternOf, unsupportedField } from './fields.js';
import { english } from './text.js';
import type { Built } from './types.js';

const KNOWN =
  'input, rate, datepicker (month), select, textarea, radiogroup, checkbutton, checkbox, uni-select, program-select, uni-location-select and currency';
const DEFAULT_SUCCESS = 'Thank you!';
const DEFAULT_FAILURE = 'booking form submit failed';

/** The review type of a DSL field; undefined when the review form has none. */
function reviewType(field: Field): string | undefined {
  switch (field.type) {
    case 'text':
      return 'input';
    case 'rate':
      return 'rate';
    case 'month':
      return 'datepicker';
    case 'select':
      return field.display === 'radio' ? 'radiogroup' : 'select';
    case 'textarea':
      return 'textarea';
    case 'multiselect':
      return 'checkbutton';
    case 'checkbox':
      return 'checkbox';
    case 'universitySelect':
      return 'uni-select';
    case 'programSelect':
      return 'program-select';
    case 'locationSelect':
      return 'uni-location-select';
    case 'currency':
      return 'currency';
    default:
      return undefined;
  }
}

function options(list: Option[], texts: FormDefinition['texts']): Array<{ label: string; value: string | number }> {
  return list.map((o) => ({
    label: english(o.label, texts) ?? '',
    value: typeof o.value === 'number' ? o.value : String(o.value),
  }));
}

function reviewField(field: Field, at: string, definition: FormDefinition, built: Built): ReviewField | undefined {
  const { texts } = definition;
  const label = english(field.label, texts) ?? '';
  const unknown = noticeType(field);
  // a field the importer could not implement goes back with its CMS type
  if (unknown !== undefined)
    return { field: field.name, label, type: unknown, ...(field.required ? { required: true } : {}) };
  const type = reviewType(field);
  if (type === undefined) {
    built.diagnostics.push(unsupportedField('review', { field, at }, KNOWN));
    built.reported.add(at);
    return undefined;
  }
  const out: ReviewField = { field: field.name, label, type };
  if (field.required === true) out.required = true;
  const placeholder = english(field.placeholder, texts);
  if (placeholder !== undefined) out.placeholder = placeholder;
  const description = english(field.description, texts);
  if (description !== undefined) out.description = description;
  if (field.icon !== undefined) out.icon = field.icon;
  if (field.type === 'text' || field.type === 'textarea') {
    const pattern = patternOf(field.rules);
    if (pattern !== undefined) out.validationRegex = pattern;
  }
  if (field.type === 'textarea' && field.maxLength !== undefined) out.inputLength = field.maxLength;
  if ((field.type === 'select' || field.type === 'multiselect') && Array.isArray(field.options)) {
    out.options = options(field.options, texts);
  }
  if (field.type === 'universitySelect' && field.options) {
    out.referenceOptions = field.options.map((o) => ({
      id: String(o.value),
      flatData: { universityName: english(o.label, texts) ?? '' },
    }));
  }
  if ((field.type === 'programSelect' || field.type === 'locationSelect') && field.dependsOn !== undefined) {
    out.dependencies = [field.dependsOn];
  }
  return out;
}

function reviewGroup(section: Section, at: string[], definition: FormDefinition, built: Built): ReviewGroup {
  const { texts } = definition;
  const group: ReviewGroup = {
    items: section.fields.flatMap(
      (field, j) => reviewField(field, toPointer([...at, 'fields', j]), definition, built) ?? [],
    ),
  };
  const headline = english(section.headline, texts);
  if (headline !== undefined) group.headline = headline;
  const description = english(section.description, texts);
  if (description !== undefined) group.description = description;
  if (section.layout !== undefined) group.style = section.layout;
  return group;
}

export function exportReview(definition: FormDefinition): Built {
  const built: Built = { diagnostics: [], reported: new Set() };
  const empty = noSteps('review', definition);
  if (empty) return { ...built, diagnostics: [empty] };
  const action = definition.submit?.endpoint;
  if (typeof action !== 'string' || action === '') {
    built.diagnostics.push({
      severity: 'error',
      code: 'export-no-action',
      message:
        "/submit/endpoint: a review form document needs the path its answers are posted to ('action'), and the definition gives none; no document was made.",
      pointer: '/submit/endpoint',
    });
    return built;
  }
  const { texts } = definition;
  const steps: ReviewStep[] = definition.steps.map((step, i) => {
    // a step's plain field list is one untitled group
    const groups = step.sections
      ? step.sections.map((section, k) =>
          reviewGroup(section, ['steps', String(i), 'sections', String(k)], definition, built),
        )
      : [reviewGroup({ fields: step.fields ?? [] }, ['steps', String(i)], definition, built)];
    const out: ReviewStep = { name: english(step.title, texts) ?? '', groups };
    const headline = english(step.headline, texts);
    if (headline !== undefined) out.headline = headline;
    const tooltip = english(step.tooltip, texts);
    if (tooltip !== undefined) out.tooltip = tooltip;
    return out;
  });
  const document: ReviewDocument = { headline: english(definition.title, texts) ?? '', action, steps };
  const description = english(definition.description, texts);
  if (description !== undefined) document.description = description;
  // the importer's defaults for missing messages are not written back as if the CMS had them
  const success = english(definition.results?.success?.title, texts);
  if (success !== undefined && success !== DEFAULT_SUCCESS) document.successMsg = success;
  const failure = english(definition.results?.failure?.title, texts);
  if (failure !== undefined && failure !== DEFAULT_FAILURE) document.errorMsg = failure;
  return { ...built, document };
}
