/** The compiled UI schema for one render: text keys translated, live `disabledIf` and `labelIf` applied. */
import type { UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { evaluateCondition } from '../core/compile/conditions.js';
import type { CompiledForm } from '../core/compile/types.js';
import type { Condition } from '../core/dsl/types.js';
import type { Translate } from './i18n.js';
import { type FormData, isFieldDisabled, withComputed } from './wizard.js';

const TEXT_KEYS = ['ui:title', 'ui:placeholder', 'ui:description', 'ui:help'] as const;
const OPTION_TEXT_KEYS = ['content', 'hint', 'tooltip', 'prefix', 'suffix'] as const;

type Node = Record<string, unknown>;

function localizeNode(node: Node, t: Translate): Node {
  const out: Node = { ...node };
  for (const key of TEXT_KEYS) if (typeof node[key] === 'string') out[key] = t(node[key] as string);
  if (Array.isArray(node['ui:enumNames'])) out['ui:enumNames'] = (node['ui:enumNames'] as string[]).map((k) => t(k));
  const options = node['ui:options'] as Node | undefined;
  if (options && typeof options === 'object') {
    const o: Node = { ...options };
    for (const key of OPTION_TEXT_KEYS) if (typeof options[key] === 'string') o[key] = t(options[key] as string);
    if (Array.isArray(options.options)) {
      o.options = (options.options as Array<{ value: unknown; label?: string }>).map((opt) => ({
        ...opt,
        label: typeof opt.label === 'string' ? t(opt.label) : opt.label,
      }));
      // RJSF's own select and radio widgets read option names from ui:enumNames
      if (!out['ui:enumNames']) out['ui:enumNames'] = (o.options as Array<{ label?: unknown }>).map((x) => x.label);
    }
    out['ui:options'] = o;
  }
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('ui:') && value && typeof value === 'object' && !Array.isArray(value))
      out[key] = localizeNode(value as Node, t);
  }
  return out;
}

/** The label of the first `labelIf` entry whose condition holds for the data, if any (a text key). */
function conditionalLabel(node: Node | undefined, data: FormData): string | undefined {
  const entries = (node?.['ui:options'] as Node | undefined)?.labelIf;
  if (!Array.isArray(entries)) return undefined;
  const hit = (entries as Array<{ if: Condition; label: string }>).find((e) => evaluateCondition(e.if, data));
  return hit?.label;
}

export function localizeUiSchema(form: CompiledForm, t: Translate, data: FormData): RjsfUiSchema {
  const out = localizeNode(form.uiSchema as Node, t);
  const full = withComputed(form, data);
  for (const name of Object.keys(form.fields)) {
    if (isFieldDisabled(form, name, data) && out[name]) out[name] = { ...(out[name] as Node), 'ui:disabled': true };
    const label = conditionalLabel(form.uiSchema[name] as Node | undefined, full);
    if (label && out[name]) out[name] = { ...(out[name] as Node), 'ui:title': t(label) };
  }
  return out as RjsfUiSchema;
}
