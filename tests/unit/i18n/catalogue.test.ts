import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = new URL('../../../packages/core/src/i18n/locales/', import.meta.url);
const EXPECTED_LOCALES = ['de', 'es', 'fr', 'ru', 'vi', 'zh'];

/** Keys whose value may legitimately be identical to English in every language. */
// words that are the same in some languages ('Option' in German and French, 'No' in Spanish, 'Dr.' in German and Spanish)
const SAME_AS_ENGLISH_ALLOWED = new Set(['wizard.stepCount', 'rjsf.Option_1', 'rjsf.No', 'options.dr']);

type Catalogue = { [key: string]: string | Catalogue };

function load(locale: string): Catalogue {
  return JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8')) as Catalogue;
}

/** Flattens a nested catalogue into `dotted.path -> value` (non-object leaves are kept as-is). */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

function placeholders(value: string): string[] {
  return [...new Set([...value.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]))].sort();
}

/** True when the value contains no words: only placeholders, digits, punctuation and whitespace. */
function isPlaceholderOrPunctuationOnly(value: string): boolean {
  return !/\p{L}/u.test(value.replace(/\{\{[^{}]*\}\}/g, ''));
}

const en = flatten(load('en'));
const locales = readdirSync(LOCALES_DIR)
  .filter((file) => file.endsWith('.json') && file !== 'en.json')
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

describe('i18n message catalogues', () => {
  it('English catalogue is a non-empty tree of non-empty strings', () => {
    expect(en.size).toBeGreaterThan(0);
    const bad = [...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad, `English keys with empty or non-string values:\n  ${bad.join('\n  ')}`).toEqual([]);
  });

  it('ships every expected locale', () => {
    expect(locales).toEqual(expect.arrayContaining(EXPECTED_LOCALES));
  });

  describe.each(locales)('%s', (locale) => {
    const catalogue = flatten(load(locale));

    it('has exactly the same key paths as English', () => {
      const missing = [...en.keys()].filter((k) => !catalogue.has(k));
      const extra = [...catalogue.keys()].filter((k) => !en.has(k));
      expect(
        { missing, extra },
        `${locale}.json key mismatch:\n  missing: ${missing.join(', ') || '-'}\n  extra: ${extra.join(', ') || '-'}`,
      ).toEqual({ missing: [], extra: [] });
    });

    it('has only non-empty string values', () => {
      const bad = [...catalogue]
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
      expect(bad, `${locale}.json keys with empty or non-string values:\n  ${bad.join('\n  ')}`).toEqual([]);
    });

    it('keeps the same {{placeholders}} as English', () => {
      const bad: string[] = [];
      for (const [key, enValue] of en) {
        const value = catalogue.get(key);
        if (typeof value !== 'string' || typeof enValue !== 'string') continue;
        const want = placeholders(enValue);
        const got = placeholders(value);
        if (want.join('|') !== got.join('|')) {
          bad.push(`${key}: expected [${want.join(', ')}], got [${got.join(', ')}]`);
        }
      }
      expect(bad, `${locale}.json placeholder mismatches:\n  ${bad.join('\n  ')}`).toEqual([]);
    });

    it('translates every value (nothing left identical to English)', () => {
      const bad: string[] = [];
      for (const [key, enValue] of en) {
        const value = catalogue.get(key);
        if (typeof value !== 'string' || typeof enValue !== 'string') continue;
        if (value.trim() !== enValue.trim()) continue;
        if (SAME_AS_ENGLISH_ALLOWED.has(key) || isPlaceholderOrPunctuationOnly(enValue)) continue;
        bad.push(`${key}: ${JSON.stringify(value)}`);
      }
      expect(bad, `${locale}.json values left untranslated:\n  ${bad.join('\n  ')}`).toEqual([]);
    });
  });
});
