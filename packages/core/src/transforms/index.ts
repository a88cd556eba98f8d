/** Named value transforms a field may list (`transform: ['trim', 'upperCase']`), registered once: the engine applies them to a step's fields, the payer dialog to its item fields. */
import type { TransformName } from '../dsl/types.js';

export interface Transform {
  apply(value: string): string;
  /** `input` transforms run on every keystroke; `commit` ones (trim) only when a step is left, so typing a space works. */
  phase: 'input' | 'commit';
}

export const transforms: Record<TransformName, Transform> = {
  trim: { apply: (v) => v.trim(), phase: 'commit' },
  upperCase: { apply: (v) => v.toUpperCase(), phase: 'input' },
  lowerCase: { apply: (v) => v.toLowerCase(), phase: 'input' },
  capitalizeFirst: { apply: (v) => v.charAt(0).toUpperCase() + v.slice(1), phase: 'input' },
  capitalizeWords: {
    apply: (v) => v.replace(/(^|\s)(\p{L})/gu, (_, s: string, c: string) => s + c.toUpperCase()),
    phase: 'input',
  },
  digitsOnly: { apply: (v) => v.replace(/\D+/g, ''), phase: 'input' },
};

/** The value with the named transforms applied; non-text values and unknown names pass through. */
export function applyTransforms(value: unknown, names: readonly string[] | undefined, phase: 'input' | 'all'): unknown {
  if (typeof value !== 'string' || !names) return value;
  let out = value;
  for (const name of names) {
    const t = transforms[name as TransformName];
    if (t && (phase === 'all' || t.phase === 'input')) out = t.apply(out);
  }
  return out;
}
