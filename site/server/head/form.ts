/**
 * The head of a form page (`/forms/{id}`, in a language by `?lang=`, as `routeOf` in `site/web/App.tsx` reads it):
 * the form's own title and its first step's texts, in the page's language.
 */
import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n';
import { documentTitle } from './content.js';
import { absoluteUrl, alternatesOf, type PageHead, plainDescription } from './tags.js';

/** The address of form `id`'s page in a language: English without `?lang=`. */
export function formPath(id: string, locale: Locale): string {
  return locale === 'en' ? `/forms/${id}` : `/forms/${id}?lang=${locale}`;
}

/**
 * `form`'s page head at `base` (PUBLIC_URL). A form has no description of its own (the DSL's `description` is a note
 * for its authors), so the page is described by what its first screen says under the title: the first step's text,
 * else its headline, else the form's title.
 */
export function formHead(id: string, form: CompiledForm, locale: Locale, base: string): PageHead {
  const t = (key: string | undefined) => (key ? translate(key, locale, undefined, form.texts).trim() : '');
  const title = t(form.title);
  // a form without steps (a registry's stand-in) is described by its title alone
  const first = form.steps?.[0];
  const description = t(first?.subText) || t(first?.headline) || title;
  const url = (l: Locale) => absoluteUrl(base, formPath(id, l));
  return {
    title: documentTitle(title),
    description: plainDescription(description),
    locale,
    url: url(locale),
    alternates: alternatesOf(url),
    type: 'website',
  };
}
