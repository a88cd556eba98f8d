/** The compiled UI schema for one render: text keys translated, live `disabledIf` and `labelIf` applied. */

import { evaluateCondition } from '@antrag/core/compile/conditions';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { Condition } from '@antrag/core/dsl/types';
import { localizeUiNode } from '@antrag/core/i18n/uiSchema';
import { type FormData, isFieldDisabled, withComputed } from '@antrag/core/wizard';
import type { UiSchema as RjsfUiSchema } from '@rjsf/utils';
import type { Translate } from './i18n.js';

type Node = Record<string, unknown>;

/** The label of the first `labelIf` entry whose condition holds for the data, if any (a text key). */
function conditionalLabel(node: Node | undefined, data: FormData): string | undefined {
  const entries = (node?.['ui:options'] as Node | undefined)?.labelIf;
  if (!Array.isArray(entries)) return undefined;
  const hit = (entries as Array<{ if: Condition; label: string }>).find((e) => evaluateCondition(e.if, data));
  return hit?.label;
}

/**
 * The UI schema with its text keys translated, made once per form and language: a keystroke reuses it, and every
 * field's node keeps its identity, so RJSF's prop comparison of a field that did not change stays cheap.
 */
const translatedCache = new WeakMap<CompiledForm, WeakMap<Translate, Node>>();
function translatedUiSchema(form: CompiledForm, t: Translate): Node {
  const byT = translatedCache.get(form) ?? new WeakMap<Translate, Node>();
  translatedCache.set(form, byT);
  const out = byT.get(t) ?? localizeUiNode(form.uiSchema as Node, t);
  byT.set(t, out);
  return out;
}

/** The UI schema for this data: translated, with new nodes only for fields whose `disabledIf` or `labelIf` holds. */
export function localizeUiSchema(form: CompiledForm, t: Translate, data: FormData): RjsfUiSchema {
  const translated = translatedUiSchema(form, t);
  const out: Node = { ...translated };
  const full = withComputed(form, data);
  for (const name of Object.keys(form.fields)) {
    if (isFieldDisabled(form, name, data) && out[name]) out[name] = { ...(out[name] as Node), 'ui:disabled': true };
    const label = conditionalLabel(form.uiSchema[name] as Node | undefined, full);
    if (label && out[name]) out[name] = { ...(out[name] as Node), 'ui:title': t(label) };
  }
  return out as RjsfUiSchema;
}
