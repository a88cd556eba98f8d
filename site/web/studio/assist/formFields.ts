/**
 * The fields a form document declares, as far as it can be read while being typed: name, type, a label to show
 * and the option values of a choice. Conditions and field references complete with these. Pure.
 */

export interface FormFieldInfo {
  name: string;
  type?: string;
  /** The label in English (a plain string, the `en` of inline translations, or the catalogue key). */
  label?: string;
  /** The values of its fixed options, when it has a list of them. */
  options?: { value: unknown; label?: string }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A DSL text (`"Name"`, `{ "en": "Name", … }`, `{ "key": "…" }`) as one string to show. */
function textOf(text: unknown): string | undefined {
  if (typeof text === 'string') return text;
  if (!isObject(text)) return undefined;
  if (typeof text.en === 'string') return text.en;
  if (typeof text.key === 'string') return text.key;
  const first = Object.values(text).find((v) => typeof v === 'string');
  return typeof first === 'string' ? first : undefined;
}

function fieldInfo(field: Record<string, unknown>): FormFieldInfo | undefined {
  if (typeof field.name !== 'string' || field.name === '') return undefined;
  const info: FormFieldInfo = { name: field.name };
  if (typeof field.type === 'string') info.type = field.type;
  const label = textOf(field.label);
  if (label) info.label = label;
  if (Array.isArray(field.options)) {
    info.options = field.options
      .filter(isObject)
      .flatMap((o) => ('value' in o ? [{ value: o.value, label: textOf(o.label) }] : []));
  }
  return info;
}

/** Every named field of the document's steps and sections (a payers field's item fields too), first one per name. */
export function formFields(document: unknown): FormFieldInfo[] {
  const out = new Map<string, FormFieldInfo>();
  const visit = (fields: unknown) => {
    if (!Array.isArray(fields)) return;
    for (const field of fields) {
      if (!isObject(field)) continue;
      const info = fieldInfo(field);
      if (info && !out.has(info.name)) out.set(info.name, info);
      visit(field.itemFields);
    }
  };
  const steps = isObject(document) && Array.isArray(document.steps) ? document.steps : [];
  for (const step of steps) {
    if (!isObject(step)) continue;
    visit(step.fields);
    if (Array.isArray(step.sections)) for (const section of step.sections) if (isObject(section)) visit(section.fields);
  }
  return [...out.values()];
}
