/** The search page's select boxes, result pages and carousel loop as pure functions (spec 002 §5, §7, §9). */
import { describe, expect, it } from 'vitest';
import {
  activeDot,
  cloneCount,
  customChoice,
  dotCount,
  hasMore,
  labelMatches,
  locationsOf,
  pageCount,
  pageItems,
  shownChoices,
  wrapIndex,
} from '../../../site/web/content/logic/index.js';

const options = [
  { value: 'uni-tum', label: 'Technical University of Munich' },
  { value: 'uni-hd', label: 'Heidelberg University' },
];

describe('select-box options', () => {
  it('match by case-insensitive label substring', () => {
    expect(labelMatches('Heidelberg University', 'BERG uni')).toBe(true);
    expect(labelMatches('Heidelberg University', 'munich')).toBe(false);
    expect(labelMatches('Anything', '  ')).toBe(true);
  });

  it('are filtered here when known in full, as the server sent them otherwise', () => {
    expect(shownChoices({ options, typed: 'MUNICH', filterHere: true }).map((o) => o.value)).toEqual(['uni-tum']);
    // the server found them for the text (e.g. through another language's name): nothing is dropped
    expect(shownChoices({ options, typed: 'münchen', filterHere: false })).toEqual(options);
  });

  it('keep a typed text without a match as a custom option, not while the answer is awaited', () => {
    expect(shownChoices({ options, typed: ' Hamburg ', filterHere: true })).toEqual([
      { value: 'Hamburg', label: 'Hamburg', custom: true },
    ]);
    expect(shownChoices({ options: [], typed: 'Hamburg', filterHere: false, pending: true })).toEqual([]);
    expect(shownChoices({ options: [], typed: '', filterHere: false })).toEqual([]);
  });

  it('are the typed text alone when the search failed', () => {
    expect(shownChoices({ options, typed: 'Heidel', filterHere: false, failed: true })).toEqual([
      customChoice('Heidel'),
    ]);
    expect(shownChoices({ options, typed: '', filterHere: false, failed: true })).toEqual([]);
  });

  it('list a value once', () => {
    expect(shownChoices({ options: [...options, options[0]], typed: '', filterHere: true })).toHaveLength(2);
  });
});

describe('location options', () => {
  it("derive from the universities' comma-separated locations, each once, in alphabetical order", () => {
    const locations = locationsOf(
      [
        { location: 'Munich, Garching, Freising' },
        { location: 'munich' },
        { location: 'Berlin' },
        { location: '' },
        {},
        { location: 'Köln,  Gummersbach' },
      ],
      'de',
    );
    expect(locations.map((l) => l.label)).toEqual(['Berlin', 'Freising', 'Garching', 'Gummersbach', 'Köln', 'Munich']);
  });
});

describe('paging', () => {
  it('loads the next page while skip is below the total', () => {
    expect(hasMore(10, 23)).toBe(true);
    expect(hasMore(20, 23)).toBe(true);
    expect(hasMore(23, 23)).toBe(false);
    expect(hasMore(0, 0)).toBe(false);
  });

  it('shows the pages around the current one, gaps for two or more left out', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(8, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageItems(7, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });
});

describe('the carousel loop', () => {
  it('wraps positions past either end to the same slide', () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(7, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('copies enough slides for a step past either end, and none when nothing moves', () => {
    expect(cloneCount(5, 3, 1)).toBe(4);
    expect(cloneCount(3, 3, 1)).toBe(0);
    expect(cloneCount(1, 1, 1)).toBe(0);
  });

  it('has a dot per step', () => {
    expect(dotCount(5, 1, 1)).toBe(5);
    expect(dotCount(5, 3, 2)).toBe(3);
    expect(dotCount(2, 3, 1)).toBe(0);
    expect(activeDot(5, 5, 1)).toBe(0);
    expect(activeDot(4, 6, 2)).toBe(2);
  });
});
