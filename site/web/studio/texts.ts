/** A compiled form's text by its key, in one language: the form's own texts first, then the shared catalogue. */
import type { CompiledForm } from '../../../renderer/core/compile/types.js';
import type { Locale } from '../../../renderer/core/dsl/types.js';
import { catalogueOf, catalogues, lookup } from '../../../renderer/core/i18n/index.js';

export function formText(form: CompiledForm, key: string, locale: Locale): string {
  const own = form.texts[key];
  if (own) return own[locale] ?? own.en;
  return lookup(catalogueOf(locale), key) ?? lookup(catalogues.en, key) ?? key;
}
