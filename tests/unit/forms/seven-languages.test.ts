import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLanguageNeutral, vocabularyOf } from '../../../packages/content/src/translations.js';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { LOCALES } from '../../../packages/core/src/dsl/types.js';
import { detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';

const SCHEMAS = fileURLToPath(new URL('../../../schemas/', import.meta.url));

function formFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return formFiles(path);
    return /\.(form|cms)\.json$/.test(entry.name) ? [path] : [];
  });
}

/** A form of schemas/ as the server serves it: a DSL file compiled, a CMS definition imported and compiled. */
function compiled(file: string): CompiledForm {
  const document: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const kind = detectCmsKind(document);
  const definition = kind ? importCms(kind, document).definition : document;
  const result = compileForm(definition as never);
  if (!result.form) throw new Error(`${file} does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.form;
}

const FILES = formFiles(SCHEMAS).map((file) => relative(SCHEMAS, file));

describe.each(FILES)('the texts of schemas/%s', (file) => {
  const form = compiled(join(SCHEMAS, file));
  // texts with words; a number or a code ("12", "+49") reads the same everywhere
  const texts = Object.entries(form.texts).filter(([, text]) => /\p{L}/u.test(text.en));

  it('are written in all seven languages', () => {
    expect(texts.length).toBeGreaterThan(5);
    const missing = texts.flatMap(([key, text]) =>
      LOCALES.filter((locale) => !text[locale]?.trim()).map((locale) => `${key} ${locale}`),
    );
    expect(missing).toEqual([]);
  });

  it('are translated, not English copies, in the languages not written in Latin letters', () => {
    const vocabulary = vocabularyOf(texts.map(([, text]) => text));
    const copied = texts.flatMap(([key, text]) =>
      (['zh', 'ru'] as const)
        .filter((locale) => text[locale] === text.en && !isLanguageNeutral(text.en, locale, vocabulary))
        .map((locale) => `${key} ${locale}: ${text.en}`),
    );
    expect(copied).toEqual([]);
  });
});
