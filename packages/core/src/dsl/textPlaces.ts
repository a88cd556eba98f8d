/**
 * Where a form definition holds its texts: for each kind of DSL object, the properties that are a text and those that
 * hold objects with texts of their own. The builder's translations view walks it, and so does the CMS import when it
 * writes a definition's translations in (`../import/translations.ts`): a new text property is added here once.
 */
import type { FormDefinition, Text } from './types.js';

export type TextShapeName =
  | 'form'
  | 'wizard'
  | 'labels'
  | 'step'
  | 'section'
  | 'field'
  | 'conditionalLabel'
  | 'uploadMessages'
  | 'option'
  | 'rule'
  | 'submit'
  | 'message'
  | 'results'
  | 'result'
  | 'link';

/** Per property: a text, one object of a shape, or a list of them. */
export type TextShape = Record<string, 'text' | { one: TextShapeName } | { many: TextShapeName }>;

const TEXT = 'text' as const;

export const TEXT_SHAPES: Record<TextShapeName, TextShape> = {
  form: {
    title: TEXT,
    description: TEXT,
    wizard: { one: 'wizard' },
    steps: { many: 'step' },
    submit: { one: 'submit' },
    results: { one: 'results' },
  },
  wizard: { labels: { one: 'labels' } },
  labels: { previous: TEXT, next: TEXT, done: TEXT },
  step: {
    title: TEXT,
    headline: TEXT,
    subText: TEXT,
    tooltip: TEXT,
    failureMessage: TEXT,
    labels: { one: 'labels' },
    submit: { one: 'submit' },
    sections: { many: 'section' },
    fields: { many: 'field' },
  },
  section: { headline: TEXT, description: TEXT, failureMessage: TEXT, fields: { many: 'field' } },
  field: {
    label: TEXT,
    labelIf: { many: 'conditionalLabel' },
    placeholder: TEXT,
    description: TEXT,
    tooltip: TEXT,
    requiredMessage: TEXT,
    invalidMessage: TEXT,
    acceptRequiredMessage: TEXT,
    content: TEXT,
    hint: TEXT,
    messages: { one: 'uploadMessages' },
    options: { many: 'option' },
    rules: { many: 'rule' },
    send: { one: 'submit' },
    itemFields: { many: 'field' },
  },
  conditionalLabel: { label: TEXT },
  uploadMessages: { type: TEXT, size: TEXT, count: TEXT, failed: TEXT },
  option: { label: TEXT, description: TEXT },
  rule: { message: TEXT },
  submit: { errorMessage: TEXT, messageMap: { many: 'message' }, requiresStorage: { many: 'message' } },
  message: { message: TEXT },
  results: { success: { one: 'result' }, failure: { one: 'result' } },
  result: { title: TEXT, mobileTitle: TEXT, subTitle: TEXT, link: { one: 'link' } },
  link: { label: TEXT },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function mapNode(shape: TextShapeName, node: unknown, map: (text: Text) => Text): unknown {
  if (!isRecord(node)) return node;
  const spec = TEXT_SHAPES[shape];
  const out: Record<string, unknown> = { ...node };
  for (const [key, how] of Object.entries(spec)) {
    const value = node[key];
    if (value === undefined) continue;
    if (how === TEXT) out[key] = map(value as Text);
    else if ('one' in how) out[key] = mapNode(how.one, value, map);
    else if (Array.isArray(value)) out[key] = value.map((item) => mapNode(how.many, item, map));
  }
  return out;
}

/**
 * A copy of the definition with each of its texts (not the form's own `texts` table) replaced by `map`'s answer;
 * everything else is shared with the argument, which is not changed.
 */
export function mapTexts(def: FormDefinition, map: (text: Text) => Text): FormDefinition {
  return mapNode('form', def, map) as FormDefinition;
}
