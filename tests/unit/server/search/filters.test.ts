/**
 * The search page's filters on GET /api/new-search/ and GET /api/new-search (spec 002 §7): `location` (options
 * from universities' comma-separated locations) and `university_name` (a university typed, not picked).
 */
import { describe, expect, it } from 'vitest';
import { loadContent, MAX_TAKE, newSearch, searchUniversities } from '../../../../site/server/search/index.js';

const content = loadContent();
const all = { take: MAX_TAKE };

describe('location', () => {
  it('narrows universities to those with the location among theirs, in any language and case', () => {
    const munich = newSearch({ ...all, location: 'Munich' });
    expect(munich.university.data.map((u) => u.id).sort()).toEqual(['uni-hm', 'uni-lmu', 'uni-tum']);
    expect(newSearch({ ...all, location: 'münchen' }).university.total).toBe(3);
    expect(newSearch({ ...all, location: 'Garching' }).university.data.map((u) => u.id)).toEqual(['uni-tum']);
    // a part of a name is not a location
    expect(newSearch({ ...all, location: 'Mun' }).university.total).toBe(0);
  });

  it("narrows programs by their own locations, else their university's", () => {
    const garching = newSearch({ ...all, location: 'Garching' });
    expect(garching.program.data.map((p) => p.slug).sort()).toEqual([
      'data-engineering-and-analytics-msc-tum',
      'informatics-bsc-tum',
      'informatics-msc-tum',
      'mechanical-engineering-bsc-tum',
    ]);
    const munich = newSearch({ ...all, location: 'Munich' }).program.data.map((p) => p.slug);
    expect(munich).toContain('management-and-technology-bsc-tum');
    expect(munich).not.toContain('informatics-msc-tum');
    // several locations (repeated or comma-separated) mean any of them
    const either = newSearch({ ...all, location: 'Garching,Heidelberg' }).program.total;
    expect(either).toBe(garching.program.total + newSearch({ ...all, location: 'Heidelberg' }).program.total);
    expect(newSearch({ ...all, location: ['Garching', 'Heidelberg'] }).program.total).toBe(either);
  });

  it('combines with the other filters; an empty location filters nothing', () => {
    const tumCs = newSearch({ location: 'Garching', category_ids: 'engineering' });
    expect(tumCs.program.data.map((p) => p.slug).sort()).toEqual([
      'data-engineering-and-analytics-msc-tum',
      'mechanical-engineering-bsc-tum',
    ]);
    expect(newSearch({ location: '' }).university.total).toBe(content.universities.length);
  });

  it('narrows the university records too', () => {
    expect(searchUniversities({ location: 'Berlin', take: MAX_TAKE }).total).toBe(4);
  });
});

describe('university_name', () => {
  it('narrows programs to universities whose name contains the text, and the university records alike', () => {
    const heidelberg = newSearch({ ...all, university_name: 'heidel' });
    expect(heidelberg.program.total).toBe(3);
    expect(heidelberg.program.data.every((p) => p.university?.id === 'uni-heidelberg')).toBe(true);
    // the universities of GET /api/new-search/ stay unnarrowed, as with university_ids
    expect(heidelberg.university.total).toBe(content.universities.length);
    expect(
      searchUniversities({ university_name: 'BERLIN' })
        .data.map((u) => u.id)
        .sort(),
    ).toEqual(['uni-fu-berlin', 'uni-hu-berlin', 'uni-tu-berlin', 'uni-udk-berlin']);
    expect(newSearch({ university_name: 'no such university' }).program.total).toBe(0);
  });
});
