/**
 * The item fields' `transform`s inside the payer dialog, applied as the engine applies them to a step's
 * fields (renderer/react/wizard.ts), with the same named transforms (renderer/core/transforms): `input`
 * ones on every change, all of them (trim too) when the payer is saved.
 */
import { applyTransforms } from '@antrag/core/transforms';
import type { PayersOptions } from './itemForm.js';
import type { Payer } from './storage.js';

/** The transform names of each item field that has any (the compiler writes them into `ui:options.transform`). */
export function itemTransformNames(options: PayersOptions): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, node] of Object.entries(options.itemUiSchema ?? {})) {
    const names = (node['ui:options'] as { transform?: unknown } | undefined)?.transform;
    if (Array.isArray(names) && names.length > 0) out[name] = names.filter((n): n is string => typeof n === 'string');
  }
  return out;
}

/** The payer with its fields' transforms applied: `input` ones while typing, `all` when it is saved. */
export function transformPayer(payer: Payer, names: Record<string, string[]>, phase: 'input' | 'all'): Payer {
  let out: Payer | undefined;
  for (const [field, list] of Object.entries(names)) {
    const value = payer[field];
    if (typeof value !== 'string') continue;
    const next = applyTransforms(value, list, phase);
    if (next !== value) {
      out ??= { ...payer };
      out[field] = next;
    }
  }
  return out ?? payer;
}
