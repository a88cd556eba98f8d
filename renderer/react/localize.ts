/** The compiled UI schema for one render: text keys translated, live `disabledIf` and `labelIf` applied. */
import type { UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { evaluateCondition } from '../core/compile/conditions.js';
import type { CompiledForm } from '../core/compile/types.js';
import type { Condition } from '../core/dsl/types.js';
import { localizeUiNode } from '../core/i18n/uiSchema.js';
import type { Translate } from './i18n.js';
import { type FormData, isFieldDisabled, withComputed } from './wizard.js';

type Node = Record<string, unknown>;

/** The label of the first `labelIf` entry whose condition holds for the data, if any (a text key). */
function conditionalLabel(node: Node | undefined, data: FormData): string | undefined {
  const entries = (node?.['ui:options'] as Node | undefined)?.labelIf;
  if (!Array.isArray(entries)) return undefined;
  const hit = (entries as Array<{ if: Condition; label: string }>).find((e) => evaluateCondition(e.if, data));
  return hit?.label;
}

export function localizeUiSchema(form: CompiledForm, t: Translate, data: FormData): RjsfUiSchema {
  const out = localizeUiNode(form.uiSchema as Node, t);
  const full = withComputed(form, data);
  for (const name of Object.keys(form.fields)) {
    if (isFieldDisabled(form, name, data) && out[name]) out[name] = { ...(out[name] as Node), 'ui:disabled': true };
    const label = conditionalLabel(form.uiSchema[name] as Node | undefined, full);
    if (label && out[name]) out[name] = { ...(out[name] as Node), 'ui:title': t(label) };
  }
  return out as RjsfUiSchema;
}
