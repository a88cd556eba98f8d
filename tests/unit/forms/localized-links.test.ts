/**
 * The shipped forms' texts link to the content site's pages in their own language: a German consent text's link
 * to the terms goes to `/de/terms-conditions/`, not to the English page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const LOCALES = ['de', 'fr', 'vi', 'es', 'zh', 'ru'];

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every `{ en, de, … }` text of a document, with where it is. */
function* localizedTexts(value: unknown, at: string): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* localizedTexts(item, `${at}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.en === 'string') yield [at, record];
    for (const [key, item] of Object.entries(record)) yield* localizedTexts(item, `${at}/${key}`);
  }
}

/** The site pages a markdown text links to (not the API, forms, assets or other sites). */
const pageLinks = (text: string) =>
  [...text.matchAll(/\]\((\/[^)\s]*)\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^\/(api|forms|booking|content-assets|assets)(\/|$)/.test(href));

describe("the shipped forms' links", () => {
  it("lead to the site's pages in the text's own language", () => {
    const wrong: string[] = [];
    let links = 0;
    for (const file of jsonFiles(join(ROOT, 'schemas'))) {
      const document = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      for (const [at, text] of localizedTexts(document, '')) {
        for (const locale of LOCALES) {
          const value = text[locale];
          if (typeof value !== 'string') continue;
          for (const href of pageLinks(value)) {
            links += 1;
            if (!href.startsWith(`/${locale}/`)) wrong.push(`${relative(ROOT, file)}${at}/${locale}: ${href}`);
          }
        }
      }
    }
    // the consent texts of the blocked-account, health-insurance and pre-subscription forms link to the terms
    expect(links).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });
});
