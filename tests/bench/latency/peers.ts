/**
 * The peers' versions of a benchmark form: a DSL form definition mapped onto SurveyJS's survey JSON and onto JSON
 * Forms' JSON Schema + UI schema (the schema, standard JSON Schema with titles, also serves bundle.ts's plain RJSF
 * page), by hand-written rules for the field types, rules and conditions the benchmarks' forms use (./generate.ts,
 * bundle.ts's five-field form). Anything else throws, so a peer never silently measures a different form. What has
 * no counterpart in a peer is listed in `unmapped`, printed with the figures. Runs in Node, before the pages are built.
 */
import type { Condition, Field, FormDefinition, Rule, Text } from '../../../packages/core/src/dsl/types.js';

/** A JSON value as the peers' formats hold it. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface PeerForms {
  /** SurveyJS survey JSON (one page, a panel a section). */
  surveyjs: JsonObject;
  /**
   * JSON Forms: the data's JSON Schema (standard, with titles, no Antrag keyword) and a UI schema (a group a section,
   * SHOW rules for the conditions).
   */
  jsonforms: { schema: JsonObject; uischema: JsonObject };
  /** Per peer: what of the form it does not do as Antrag does. */
  unmapped: { surveyjs: string[]; jsonforms: string[] };
}

function english(text: Text | undefined): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  if ('key' in text) throw new Error(`peers: a text reference (${text.key}) is not mapped`);
  return text.en;
}

/** The rules of a field, with its field-level limits (min, max, maxLength, wholeNumber) as rules too. */
function rulesOf(field: Field): Rule[] {
  const f = field as Field & { min?: number; max?: number; maxLength?: number; wholeNumber?: boolean };
  const rules: Rule[] = [...(field.rules ?? [])];
  if (f.min !== undefined) rules.push({ min: f.min });
  if (f.max !== undefined) rules.push({ max: f.max });
  if (f.maxLength !== undefined) rules.push({ maxLength: f.maxLength });
  if (f.wholeNumber) rules.push({ wholeNumber: true });
  return rules;
}

/** The one comparison the benchmark's conditions make, or a throw. */
function simpleCondition(condition: Condition): { field: string; filled: true } | { field: string; equals: Json } {
  if ('field' in condition && 'filled' in condition && condition.filled)
    return { field: condition.field, filled: true };
  if ('field' in condition && 'equals' in condition)
    return { field: condition.field, equals: condition.equals as Json };
  throw new Error(`peers: condition ${JSON.stringify(condition)} is not mapped`);
}

function surveyCondition(condition: Condition): string {
  const c = simpleCondition(condition);
  return 'filled' in c ? `{${c.field}} notempty` : `{${c.field}} = ${JSON.stringify(c.equals).replace(/"/g, "'")}`;
}

/** A JSON Schema that holds for the condition's field's value; Antrag's `filled` is not '', null or []. */
function jsonSchemaCondition(condition: Condition): { field: string; schema: JsonObject } {
  const c = simpleCondition(condition);
  return { field: c.field, schema: 'filled' in c ? { not: { enum: ['', null, []] } } : { const: c.equals } };
}

const WHOLE_NUMBER = '^-?\\d+$';

function surveyQuestion(field: Field): JsonObject {
  const q: JsonObject = { name: field.name, title: english(field.label) };
  if (field.required) q.isRequired = true;
  const validators: JsonObject[] = [];
  const text: JsonObject = {};
  for (const rule of rulesOf(field)) {
    if ('minLength' in rule) text.minLength = rule.minLength;
    else if ('maxLength' in rule) text.maxLength = rule.maxLength;
    else if ('pattern' in rule)
      validators.push({ type: 'regex', regex: rule.pattern, ...(rule.message ? { text: english(rule.message) } : {}) });
    else if ('min' in rule) q.min = rule.min;
    else if ('max' in rule) q.max = rule.max;
    else if ('wholeNumber' in rule) validators.push({ type: 'regex', regex: WHOLE_NUMBER });
    else if ('notAfter' in rule && rule.notAfter === 'today') q.maxValueExpression = 'today()';
    else throw new Error(`peers: rule ${JSON.stringify(rule)} of ${field.name} is not mapped to SurveyJS`);
  }
  if (Object.keys(text).length) validators.unshift({ type: 'text', ...text });
  const choices = (field as { options?: Array<{ value: Json; label: Text }> }).options?.map((o) => ({
    value: o.value,
    text: english(o.label),
  }));
  switch (field.type) {
    case 'text':
      Object.assign(q, { type: 'text' });
      break;
    case 'email':
      Object.assign(q, { type: 'text', inputType: 'email' });
      validators.push({ type: 'email' });
      break;
    case 'number':
    case 'currency':
      Object.assign(q, { type: 'text', inputType: 'number' });
      break;
    case 'date':
      Object.assign(q, { type: 'text', inputType: 'date' });
      break;
    case 'textarea':
      Object.assign(q, { type: 'comment' });
      break;
    case 'select':
      Object.assign(q, { type: field.display === 'radio' ? 'radiogroup' : 'dropdown', choices });
      break;
    case 'multiselect':
      Object.assign(q, { type: 'checkbox', choices });
      if (field.maxItems !== undefined) q.maxSelectedChoices = field.maxItems;
      break;
    case 'checkbox':
    case 'switch':
      Object.assign(q, { type: 'boolean' }, field.type === 'checkbox' ? { renderAs: 'checkbox' } : {});
      // Antrag's required check box must be ticked; SurveyJS's required takes "no" for an answer
      if (field.required) validators.push({ type: 'expression', expression: `{${field.name}} = true` });
      break;
    default:
      throw new Error(`peers: field type ${field.type} (${field.name}) is not mapped to SurveyJS`);
  }
  if (validators.length) q.validators = validators;
  if (field.visibleIf) q.visibleIf = surveyCondition(field.visibleIf);
  return q;
}

function jsonSchemaOf(field: Field, today: string): JsonObject {
  const s: JsonObject = { title: english(field.label) };
  const options = (field as { options?: Array<{ value: Json; label: Text }> }).options?.map((o) => ({
    const: o.value,
    title: english(o.label),
  }));
  switch (field.type) {
    case 'text':
    case 'textarea':
      s.type = 'string';
      break;
    case 'email':
      Object.assign(s, { type: 'string', format: 'email' });
      break;
    case 'number':
    case 'currency':
      s.type = 'number';
      break;
    case 'date':
      Object.assign(s, { type: 'string', format: 'date' });
      break;
    case 'select':
      Object.assign(s, { type: 'string', oneOf: options ?? [] });
      break;
    case 'multiselect':
      Object.assign(s, { type: 'array', uniqueItems: true, items: { type: 'string', oneOf: options ?? [] } });
      if (field.maxItems !== undefined) s.maxItems = field.maxItems;
      break;
    case 'checkbox':
    case 'switch':
      s.type = 'boolean';
      // a required check box must be ticked, as in Antrag
      if (field.required) s.const = true;
      break;
    default:
      throw new Error(`peers: field type ${field.type} (${field.name}) is not mapped to JSON Forms`);
  }
  const patterns: string[] = [];
  for (const rule of rulesOf(field)) {
    if ('minLength' in rule) s.minLength = rule.minLength;
    else if ('maxLength' in rule) s.maxLength = rule.maxLength;
    else if ('pattern' in rule) patterns.push(rule.pattern);
    else if ('min' in rule) s.minimum = rule.min;
    else if ('max' in rule) s.maximum = rule.max;
    else if ('wholeNumber' in rule) s.type = 'integer';
    // ajv-formats' keyword (JSON Forms' ajv has it); "today" is the day the pages are built
    else if ('notAfter' in rule && rule.notAfter === 'today') s.formatMaximum = today;
    else throw new Error(`peers: rule ${JSON.stringify(rule)} of ${field.name} is not mapped to JSON Forms`);
  }
  if (patterns.length === 1) s.pattern = patterns[0];
  else if (patterns.length > 1) s.allOf = patterns.map((pattern) => ({ pattern }));
  return s;
}

function jsonFormsControl(field: Field): JsonObject {
  const control: JsonObject = { type: 'Control', scope: `#/properties/${field.name}`, label: english(field.label) };
  if (field.type === 'textarea') control.options = { multi: true };
  if (field.type === 'select' && field.display === 'radio') control.options = { format: 'radio' };
  if (field.type === 'switch') control.options = { toggle: true };
  if (field.visibleIf) {
    const { field: on, schema } = jsonSchemaCondition(field.visibleIf);
    control.rule = { effect: 'SHOW', condition: { scope: `#/properties/${on}`, schema, failWhenUndefined: true } };
  }
  return control;
}

/** The peers' versions of `definition`; `today` (YYYY-MM-DD) stands in for JSON Forms' "not after today". */
export function peerForms(definition: FormDefinition, today = new Date().toISOString().slice(0, 10)): PeerForms {
  const sections = definition.steps.flatMap((step) => step.sections ?? []);
  if (sections.some((s) => !Array.isArray(s.fields)))
    throw new Error('peers: only steps of sections of fields are mapped (no fragments or includes)');
  const fields = sections.flatMap((s) => s.fields);
  const has = (test: (f: Field) => boolean) => fields.some(test);
  const hasRule = (test: (r: Rule) => boolean) => fields.some((f) => (f.rules ?? []).some(test));
  const texts = has((f) => ['text', 'email', 'textarea'].includes(f.type));

  const surveyjs: JsonObject = {
    // validation as a value changes, text values changing as they are typed (SurveyJS's default, 'onBlur', changes
    // them when the box is left; `--survey-text-update onBlur` in latency.ts measures that)
    checkErrorsMode: 'onValueChanged',
    textUpdateMode: 'onTyping',
    showQuestionNumbers: 'off',
    pages: definition.steps.map((step) => ({
      name: step.id,
      title: english(step.title),
      elements: (step.sections ?? []).map((section, i) => ({
        type: 'panel',
        name: `${step.id}-section-${i + 1}`,
        title: english(section.headline),
        elements: section.fields.map(surveyQuestion),
      })),
    })),
  };

  const properties: JsonObject = {};
  const required: string[] = [];
  const conditional: JsonObject[] = [];
  for (const field of fields) {
    properties[field.name] = jsonSchemaOf(field, today);
    if (!field.required) continue;
    if (!field.visibleIf) required.push(field.name);
    else {
      // required only while shown, as in Antrag: JSON Forms validates hidden controls' data too
      const { field: on, schema } = jsonSchemaCondition(field.visibleIf);
      conditional.push({ if: { properties: { [on]: schema }, required: [on] }, then: { required: [field.name] } });
    }
  }
  const schema: JsonObject = { type: 'object', properties, required };
  if (conditional.length) schema.allOf = conditional;
  const uischema: JsonObject = {
    type: 'VerticalLayout',
    elements: sections.map((section) => ({
      type: 'Group',
      label: english(section.headline),
      elements: section.fields.map(jsonFormsControl),
    })),
  };

  const both: string[] = [];
  if (texts)
    both.push(
      "Antrag's default plainText rule (no control, zero-width or bidi characters in typed text): no counterpart",
    );
  if (texts)
    both.push("Antrag's default maximum length of a text or e-mail that sets none (the peers take any length)");
  if (has((f) => !!f.required && ['text', 'email', 'textarea'].includes(f.type)))
    both.push("a required text of spaces only: Antrag counts it as empty, the peer's required check may not");
  if (has((f) => f.type === 'currency'))
    both.push('currency: a plain number box (no currency symbol or grouping as typed)');
  if (has((f) => f.type === 'date')) both.push("date: the browser's date input instead of a date picker");
  if (has((f) => f.type === 'select' && f.display !== 'radio'))
    both.push("select: the platform's select box (Antrag: a searchable antd Select)");
  const surveyNotes = [...both, "messages: SurveyJS's own texts (a pattern's message is mapped)"];
  if (has((f) => f.type === 'multiselect' && f.maxItems !== undefined))
    surveyNotes.push('multiselect maxItems: maxSelectedChoices stops more choices instead of showing a message');
  if (has((f) => f.type === 'number' || f.type === 'currency') && has((f) => 'wholeNumber' in f && !!f.wholeNumber))
    surveyNotes.push('wholeNumber: a regex validator on the number (SurveyJS has no integer rule)');
  const jsonFormsNotes = [...both, "messages: ajv's texts (a pattern's own message is not mapped)"];
  if (has((f) => f.type === 'multiselect'))
    jsonFormsNotes.push(
      'multiselect: the vanilla renderers have no checkbox group for an array of choices; drawn by their array table',
    );
  if (has((f) => f.type === 'switch')) jsonFormsNotes.push('switch: a checkbox (the vanilla cells have no toggle)');
  if (has((f) => !!f.required && !!f.visibleIf))
    jsonFormsNotes.push(
      'a field required while shown: required through if/then in the schema, so its label has no asterisk',
    );
  if (hasRule((r) => 'notAfter' in r))
    jsonFormsNotes.push('date not after today: formatMaximum with the day the pages were built');
  jsonFormsNotes.push(
    'errors show from the first render (ValidateAndShow has no untouched state): the state after a failed submit',
  );
  return { surveyjs, jsonforms: { schema, uischema }, unmapped: { surveyjs: surveyNotes, jsonforms: jsonFormsNotes } };
}
