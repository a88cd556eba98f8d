import { describe, expect, it } from 'vitest';
import {
  type Content,
  checkContent,
  createContentSearch,
  loadContent,
  localize,
  MAX_TAKE,
  newSearch,
  normalizeLanguage,
  parseIds,
  searchUniversities,
} from '../../../../site/server/search/index.js';

const content = loadContent();

describe('site content', () => {
  it('holds 15–25 universities and about 40 programs, each program at a known university', () => {
    expect(content.universities.length).toBeGreaterThanOrEqual(15);
    expect(content.universities.length).toBeLessThanOrEqual(25);
    expect(content.programs.length).toBeGreaterThanOrEqual(35);
    expect(() => checkContent(content)).not.toThrow();
  });

  it('has a text in each of the site’s seven languages wherever a record has text', () => {
    for (const record of [...content.universities, ...content.programs]) {
      const text = record.flatData.infoProfileText as Record<string, string>;
      expect(Object.keys(text).sort(), record.id).toEqual(['de', 'en', 'es', 'fr', 'ru', 'vi', 'zh']);
      for (const language of Object.keys(text)) expect(text[language].trim(), `${record.id} ${language}`).not.toBe('');
      // a translation, not an English copy
      for (const language of ['de', 'fr', 'vi', 'es', 'zh', 'ru']) expect(text[language]).not.toBe(text.en);
    }
  });

  it('rejects broken content with the record named', () => {
    const broken = (change: (c: Content) => void) => {
      const copy = structuredClone(content);
      change(copy);
      return () => checkContent(copy);
    };
    expect(broken((c) => (c.programs[0].flatData.university = ['nowhere']))).toThrow(/program prog-[\w-]+: university/);
    expect(broken((c) => (c.universities[1].flatData.slug = c.universities[0].flatData.slug))).toThrow(
      /duplicate slug/,
    );
    expect(broken((c) => (c.universities[0].flatData.infoProfileText = { de: 'nur Deutsch' }))).toThrow(
      /needs English/,
    );
    expect(broken((c) => c.programs.push({ ...c.programs[0] }))).toThrow(/duplicate id/);
  });
});

describe('languages', () => {
  it('reads the X-Language header leniently, English by default', () => {
    expect(normalizeLanguage('de')).toBe('de');
    expect(normalizeLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(normalizeLanguage('VN')).toBe('vi');
    expect(normalizeLanguage('pt')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });

  it('resolves localized values, falling back to English', () => {
    const value = { name: { en: 'Informatics', de: 'Informatik' }, list: [{ en: 'English', de: 'Englisch' }], n: 3 };
    expect(localize(value, 'de')).toEqual({ name: 'Informatik', list: ['Englisch'], n: 3 });
    expect(localize(value, 'fr')).toEqual({ name: 'Informatics', list: ['English'], n: 3 });
  });
});

describe('newSearch (GET /api/new-search/)', () => {
  it('answers program and university totals and pages in the spec shape', () => {
    const answer = newSearch({});
    expect(answer.program.total).toBe(content.programs.length);
    expect(answer.university.total).toBe(content.universities.length);
    expect(answer.program.data).toHaveLength(10);
    expect(answer.university.data).toHaveLength(10);
    for (const u of answer.university.data) {
      expect(u).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        slug: expect.any(String),
        location: expect.any(String),
      });
    }
    for (const p of answer.program.data) {
      expect(p).toMatchObject({ name: expect.any(String), slug: expect.any(String) });
    }
  });

  it('finds by name, case- and accent-insensitively, names starting with the text first', () => {
    const tu = newSearch({ name: 'TECHNICAL UNIVERSITY' });
    expect(tu.university.data.map((u) => u.name)).toEqual([
      'Technical University of Berlin',
      'Technical University of Munich',
    ]);
    expect(tu.program.total).toBe(0);
    expect(newSearch({ name: 'tubingen' }).university.data.map((u) => u.slug)).toEqual(['university-of-tuebingen']);
    const tum = newSearch({ name: 'technical university of munich' }).university.data[0];
    expect(tum).toEqual({
      id: 'uni-tum',
      name: 'Technical University of Munich',
      slug: 'technical-university-of-munich',
      location: 'Munich, Garching, Freising, Heilbronn, Straubing',
    });
    const data = newSearch({ name: 'data' }).program.data.map((p) => p.name);
    expect(data.slice(0, 2)).toEqual(['Data Engineering and Analytics', 'Data Science']);
    expect(data).toContain('Statistics and Data Science');
  });

  it('matches names in every language but answers in the requested one', () => {
    const en = newSearch({ name: 'informatik', language: 'en' });
    expect(en.program.total).toBeGreaterThanOrEqual(5);
    // 'Informatik', 'Technische Informatik' and 'Medieninformatik' by their German names.
    expect(new Set(en.program.data.map((p) => p.name))).toEqual(
      new Set(['Computer Science', 'Informatics', 'Computer Engineering', 'Media Informatics']),
    );
    const de = newSearch({ name: 'informatik', language: 'de' });
    expect(de.program.total).toBe(en.program.total);
    expect(de.program.data.every((p) => p.name.toLowerCase().includes('informatik'))).toBe(true);
    const cologne = newSearch({ name: 'university of cologne', language: 'de' }).university.data;
    expect(cologne).toEqual([
      { id: 'uni-cologne', name: 'Universität zu Köln', slug: 'university-of-cologne', location: 'Köln' },
    ]);
  });

  it('pages with skip and take over a stable order, totals unchanged', () => {
    const all = newSearch({ take: MAX_TAKE }).program.data.map((p) => p.slug);
    expect(all).toHaveLength(Math.min(MAX_TAKE, content.programs.length));
    const pages = [0, 10, 20, 30, 40].flatMap((skip) => newSearch({ skip, take: 10 }).program.data.map((p) => p.slug));
    expect(pages).toEqual(all);
    const second = newSearch({ skip: '5', take: '5' });
    expect(second.program.data.map((p) => p.slug)).toEqual(all.slice(5, 10));
    expect(second.university.total).toBe(content.universities.length);
    expect(newSearch({ skip: 1000 }).program).toEqual({ total: content.programs.length, data: [] });
  });

  it('caps take at 50 and falls back to the defaults for unusable values', () => {
    expect(newSearch({ take: 500 }).program.data).toHaveLength(Math.min(MAX_TAKE, content.programs.length));
    expect(newSearch({ take: 'ten', skip: -3 }).program.data).toEqual(newSearch({}).program.data);
    expect(newSearch({ take: 0 }).program).toEqual({ total: content.programs.length, data: [] });
  });

  it('narrows programs to the given universities, not the universities themselves', () => {
    const tum = newSearch({ university_ids: 'uni-tum' });
    expect(tum.program.total).toBe(5);
    expect(tum.program.data.every((p) => p.university?.slug === 'technical-university-of-munich')).toBe(true);
    expect(tum.university.total).toBe(content.universities.length);
    const two = newSearch({ university_ids: ['uni-tum', 'uni-rwth'], name: 'computer' });
    expect(two.program.data.map((p) => p.slug)).toEqual(['computer-science-msc-rwth']);
    expect(newSearch({ university_ids: '["uni-rwth"]' }).program.total).toBe(3);
    expect(newSearch({ university_ids: 'uni-none' }).program.total).toBe(0);
  });

  it('narrows programs to the study fields of category_ids and universities to those teaching them', () => {
    const fieldOf = (id: string) =>
      content.programs.filter((p) => (p.flatData.categoryIds as string[] | undefined)?.includes(id));
    const law = newSearch({ category_ids: 'law', take: MAX_TAKE });
    expect(law.program.total).toBe(fieldOf('law').length);
    expect(law.program.total).toBeGreaterThan(0);
    expect(law.program.data.map((p) => p.id).sort()).toEqual(
      fieldOf('law')
        .map((p) => p.id)
        .sort(),
    );
    const teachingLaw = new Set(fieldOf('law').flatMap((p) => p.flatData.university as string[]));
    expect(law.university.data.map((u) => u.id).sort()).toEqual([...teachingLaw].sort());
    expect(law.university.total).toBeLessThan(content.universities.length);

    // several fields (repeated, comma-separated or a JSON list) mean any of them
    const either = fieldOf('law').length + fieldOf('medicine').length;
    expect(newSearch({ category_ids: ['law', 'medicine'] }).program.total).toBe(either);
    expect(newSearch({ category_ids: 'law,medicine' }).program.total).toBe(either);
    expect(newSearch({ category_ids: '["law","medicine"]' }).program.total).toBe(either);
    // a program in two fields is counted once
    const cs = fieldOf('computer-science').length;
    const eng = fieldOf('engineering').length;
    const both = content.programs.filter((p) =>
      ['computer-science', 'engineering'].every((c) => (p.flatData.categoryIds as string[]).includes(c)),
    ).length;
    expect(both).toBeGreaterThan(0);
    expect(newSearch({ category_ids: 'computer-science,engineering' }).program.total).toBe(cs + eng - both);

    // combined with the name and university filters; an empty parameter filters nothing
    const tumCs = newSearch({ category_ids: 'computer-science', university_ids: 'uni-tum', name: 'informatics' });
    expect(tumCs.program.data.map((p) => p.slug)).toEqual(['informatics-bsc-tum', 'informatics-msc-tum']);
    expect(newSearch({ category_ids: 'no-such-field' })).toMatchObject({
      program: { total: 0 },
      university: { total: 0 },
    });
    expect(newSearch({ category_ids: '' }).program.total).toBe(content.programs.length);
  });

  it("gives each program its degree and where it is taught, in the reader's language", () => {
    // one name at one university, told apart by the degree
    const tum = newSearch({ name: 'informatics', university_ids: 'uni-tum' }).program.data;
    expect(tum.map(({ name, degree, location }) => ({ name, degree, location }))).toEqual([
      { name: 'Informatics', degree: 'Bachelor of Science', location: 'Garching' },
      { name: 'Informatics', degree: 'Master of Science', location: 'Garching' },
    ]);
    // a localized location in the language asked for
    const mt = newSearch({ name: 'management and technology', language: 'de' }).program.data[0];
    expect(mt).toMatchObject({ slug: 'management-and-technology-bsc-tum', location: 'München' });
    for (const p of newSearch({ take: 50 }).program.data) {
      expect(p.degree, p.slug).not.toBe('');
      expect(p.location, p.slug).not.toBe('');
    }
  });
});

describe('searchUniversities (GET /api/new-search)', () => {
  it('looks a university up by a one-item id list, flattened in content_language', () => {
    const answer = searchUniversities({ content_language: 'de', university_ids: ['uni-lmu'] });
    expect(answer).toMatchObject({ total: 1, skip: 0, take: 10, language: 'de' });
    expect(answer.data[0]).toEqual({
      id: 'uni-lmu',
      universityName: 'Ludwig-Maximilians-Universität München',
      slug: 'lmu-munich',
      typUniversity: 'Universität',
      universityRatingValue: 0,
      foundingyear: 1472,
      studentnumber: 52000,
      location: 'München',
      country: 'Deutschland',
      infoProfileText: expect.stringContaining('1472'),
    });
    expect(searchUniversities({ university_ids: 'uni-lmu' }).data[0]).toMatchObject({
      universityName: 'Ludwig Maximilian University of Munich',
      location: 'Munich',
    });
  });

  it('filters by university fields in any language, ignoring other parameters', () => {
    const berlin = searchUniversities({ location: 'berlin', utm_source: 'newsletter' });
    expect(berlin.total).toBe(4);
    const cologne = searchUniversities({ location: 'Köln' }).data.map((u) => u.slug);
    expect(cologne).toEqual(['th-koeln', 'university-of-cologne']);
    expect(searchUniversities({ location: 'Cologne' }).data.map((u) => u.slug)).toEqual(cologne);
    // A city among several in the comma-separated location.
    expect(searchUniversities({ location: 'garching' }).data.map((u) => u.slug)).toEqual([
      'technical-university-of-munich',
    ]);
    const applied = searchUniversities({ typUniversity: 'University of Applied Sciences', content_language: 'de' });
    expect(applied.data.map((u) => u.typUniversity)).toEqual([
      'Hochschule für angewandte Wissenschaften',
      'Hochschule für angewandte Wissenschaften',
    ]);
    expect(searchUniversities({ foundingyear: '1386' }).data.map((u) => u.slug)).toEqual(['heidelberg-university']);
    expect(searchUniversities({ location: ['Bonn', 'Leipzig'] }).total).toBe(2);
    expect(searchUniversities({ location: 'Atlantis' })).toMatchObject({ total: 0, data: [] });
  });

  it('pages and searches by name like newSearch', () => {
    const page = searchUniversities({ name: 'university', skip: 2, take: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.total).toBe(newSearch({ name: 'university' }).university.total);
  });

  it('keeps the universities teaching a study field of category_ids', () => {
    const law = searchUniversities({ category_ids: 'law', take: MAX_TAKE });
    expect(law.total).toBe(newSearch({ category_ids: 'law' }).university.total);
    expect(law.data.map((u) => u.id).sort()).toEqual(
      newSearch({ category_ids: 'law', take: MAX_TAKE })
        .university.data.map((u) => u.id)
        .sort(),
    );
    expect(searchUniversities({ category_ids: 'no-such-field' }).total).toBe(0);
  });
});

describe('content given directly', () => {
  it('searches any content in the same shape', () => {
    const search = createContentSearch({
      universities: [
        {
          id: 'u1',
          flatData: {
            universityName: { en: 'Test University', de: 'Testuniversität' },
            slug: 'test',
            location: 'A, B',
          },
        },
      ],
      programs: [{ id: 'p1', flatData: { studyProgram: 'Testing', slug: 'testing', university: ['u1'] } }],
    });
    expect(search.newSearch({ name: 'test', language: 'de' })).toEqual({
      program: {
        total: 1,
        data: [
          {
            id: 'p1',
            name: 'Testing',
            slug: 'testing',
            // no degree given; no locations of its own: its university's
            degree: '',
            location: 'A, B',
            university: { id: 'u1', name: 'Testuniversität', slug: 'test' },
          },
        ],
      },
      university: { total: 1, data: [{ id: 'u1', name: 'Testuniversität', slug: 'test', location: 'A, B' }] },
    });
  });

  it('parses id lists from repeated parameters, commas and JSON text', () => {
    expect(parseIds(undefined)).toBeUndefined();
    expect(parseIds('')).toBeUndefined();
    expect(parseIds('a')).toEqual(['a']);
    expect(parseIds('a, b')).toEqual(['a', 'b']);
    expect(parseIds(['a', 'b'])).toEqual(['a', 'b']);
    expect(parseIds('["a"]')).toEqual(['a']);
    expect(parseIds(7)).toEqual(['7']);
  });
});
