import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, Step } from '../../../packages/core/src/dsl/types.js';
import { importCms } from '../../../packages/core/src/import/index.js';

const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../../schemas/${path}`, import.meta.url), 'utf8'));

const review = read('review/university-review.cms.json');

describe('a CMS definition with its translations (English text → other languages)', () => {
  const { definition, diagnostics } = importCms('review', review);
  const steps = (definition as FormDefinition).steps as Step[];

  it('imports without problems', () => {
    expect(diagnostics).toEqual([]);
  });

  it('writes every translated text in all seven languages, English as written', () => {
    expect(definition?.title).toEqual({
      en: 'Review your University',
      de: 'Bewerte deine Hochschule',
      fr: 'Évaluez votre université',
      vi: 'Đánh giá trường đại học của bạn',
      es: 'Valora tu universidad',
      zh: '评价你的大学',
      ru: 'Оцените свой университет',
    });
    expect(steps[0].headline).toMatchObject({ en: 'Which university?', de: 'Welche Hochschule?' });
    const university = steps[0].sections?.[0].fields[0] as { placeholder: unknown; options: Array<{ label: unknown }> };
    expect(university.placeholder).toMatchObject({ en: 'Search a university', zh: '搜索大学' });
    expect(university.options[0].label).toMatchObject({ de: 'Technische Universität München' });
  });

  it('leaves a text without an entry as it is: the shared catalogue translates "Yes" and "No"', () => {
    const recommend = steps[1].sections?.[0].fields[3] as { options: Array<{ label: unknown }> };
    expect(recommend.options.map((o) => o.label)).toEqual(['Yes', 'No']);
  });

  it('keeps ids, field names and the rest of the definition as without translations', () => {
    const { translations: _, ...english } = review;
    const plain = importCms('review', english).definition as FormDefinition;
    expect(plain.id).toBe(definition?.id);
    expect(plain.steps.map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(plain.submit).toEqual(definition?.submit);
  });

  it('sends no translations in a booking request: they are taken out before the template is made', () => {
    for (const [kind, path] of [
      ['booking-v1', 'booking-v1/booking-v1.cms.json'],
      ['booking-v2', 'booking-v2/booking-v2.cms.json'],
    ] as const) {
      const imported = importCms(kind, read(path)).definition as FormDefinition;
      expect(JSON.stringify(imported.submit?.payload)).not.toContain('translations');
      expect(imported.title).toHaveProperty('ru');
    }
  });

  it('reports a malformed entry at its place and warns of one no text reads', () => {
    const doc = {
      ...review,
      translations: {
        'Which university?': { de: 'Welche Hochschule?', 'de-AT': 'Welche Uni?', fr: '' },
        Ratings: 'Bewertungen',
        'Pick the one you atend.': { de: 'Wähle die, an der du studierst.' },
      },
    };
    const result = importCms('review', doc);
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([
      ['error', 'cms-translations', '/translations/Which university?/de-AT'],
      ['error', 'cms-translations', '/translations/Which university?/fr'],
      ['error', 'cms-translations', '/translations/Ratings'],
      ['warning', 'unused-translation', '/translations/Pick the one you atend.'],
    ]);
    expect((result.definition as FormDefinition).steps[0].headline).toEqual({
      en: 'Which university?',
      de: 'Welche Hochschule?',
    });
  });

  it('takes translations from the booking of a v1 document (its array has no place of its own)', () => {
    const [booking] = read('booking-v1/booking-v1.cms.json') as unknown as Array<Record<string, unknown>>;
    const result = importCms('booking-v1', [{ ...booking, translations: { 'Your order': { de: 'Ihre Bestellung' } } }]);
    expect(result.definition?.steps[2].title).toEqual({ en: 'Your order', de: 'Ihre Bestellung' });
    expect(result.diagnostics.filter((d) => d.code === 'cms-translations')).toEqual([]);
  });
});
