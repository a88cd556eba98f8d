/** A compiled form's text by its key, in one language: the form's own texts first, then the shared catalogue. */
import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { catalogueOf, catalogues, lookup } from '@antrag/core/i18n';

export function formText(form: CompiledForm, key: string, locale: Locale): string {
  const own = form.texts[key];
  if (own) return own[locale] ?? own.en;
  return lookup(catalogueOf(locale), key) ?? lookup(catalogues.en, key) ?? key;
}
