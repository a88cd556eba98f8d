/** DSL texts as the CMS holds them: plain English strings. */
import type { FormDefinition, Text } from '../dsl/types.js';

/**
 * The English of a text: a string as it is, the `en` of translations, the form's own English for a text key (or
 * the key itself when the form has none). What this leaves out (translations, the key) is reported by the
 * comparison of the definition with the re-imported export, not here.
 */
export function english(text: Text | undefined, texts: FormDefinition['texts']): string | undefined {
  if (text === undefined) return undefined;
  if (typeof text === 'string') return text;
  if ('en' in text) return text.en;
  return texts?.[text.key]?.en ?? text.key;
}

/** Whether a value is a DSL text in object form: translations (`{ en, de, … }`) or a key (`{ key }`). */
export function isTextObject(value: unknown): value is Exclude<Text, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'key') return typeof (value as { key: unknown }).key === 'string';
  return typeof (value as { en?: unknown }).en === 'string';
}
