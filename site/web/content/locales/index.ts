/**
 * The content site's own UI strings (not the forms': those live in renderer/core/i18n), nested by area and read by
 * dotted key: `siteText('de', 'studyGuide.lastUpdated')`. All seven site languages hold every key; `uk` holds only
 * the texts of the upsell and suggested-blog boxes, whose content headlines also come in Ukrainian. A missing text
 * falls back to English. `{{name}}` placeholders are filled from `params`.
 */
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import uk from './uk.json' with { type: 'json' };
import vi from './vi.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };

export type SiteCatalogue = { [key: string]: string | SiteCatalogue };

export const SITE_LOCALES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];
/** The site's languages and Ukrainian (upsell and suggested blogs only). */
export type SiteTextLocale = SiteLocale | 'uk';

export const siteCatalogues: Record<SiteTextLocale, SiteCatalogue> = { en, de, fr, vi, es, zh, ru, uk };

function lookup(catalogue: SiteCatalogue, key: string): string | undefined {
  let node: string | SiteCatalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of a key in a language (else English, else the key itself), placeholders filled. */
export function siteText(locale: SiteTextLocale, key: string, params?: Record<string, string | number>): string {
  const text = lookup(siteCatalogues[locale] ?? en, key) ?? lookup(en, key) ?? key;
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Every dotted key of a catalogue. */
export function siteKeys(catalogue: SiteCatalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : siteKeys(v, `${prefix}${k}.`),
  );
}
