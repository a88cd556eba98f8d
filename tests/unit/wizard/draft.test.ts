import { describe, expect, it } from 'vitest';
import { draftOf, isOtherVersion, parseDraft } from '../../../packages/core/src/wizard/wizard.js';

describe('a stored draft and its version', () => {
  it('is written with the version of its form and the time it was saved', () => {
    const now = new Date('2025-03-04T05:06:07.089Z');
    expect(draftOf({ step: 2, data: { a: 1 } }, 7, now)).toEqual({
      currentStep: 2,
      data: { a: 1 },
      version: 7,
      savedAt: '2025-03-04T05:06:07.089Z',
    });
  });

  it('reads back as written', () => {
    const draft = draftOf({ step: 1, data: { name: 'Ann', city: 'Bonn' } }, 3, new Date('2025-01-02T00:00:00.000Z'));
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('still reads a draft saved before versions, without version or time', () => {
    expect(parseDraft('{"currentStep":2,"data":{"a":1}}')).toEqual({ currentStep: 2, data: { a: 1 } });
  });

  it('keeps the answers of a draft whose version or time is malformed, as one saved before versions', () => {
    for (const version of ['"2"', '0', '-1', '1.5', 'null', '{}']) {
      const draft = parseDraft(`{"currentStep":0,"data":{"a":1},"version":${version},"savedAt":"yesterday"}`);
      expect(draft, `version ${version}`).toEqual({ currentStep: 0, data: { a: 1 } });
    }
  });

  it('counts anything without a step or with data that is no object as no draft', () => {
    expect(parseDraft('{oops')).toBeUndefined();
    expect(parseDraft('{"data":{},"version":1}')).toBeUndefined();
    expect(parseDraft('{"currentStep":0,"data":[1,2],"version":1}')).toBeUndefined();
    expect(parseDraft('{"currentStep":0,"data":"x"}')).toBeUndefined();
    expect(parseDraft('')).toBeUndefined();
    expect(parseDraft(undefined)).toBeUndefined();
  });

  it('belongs to another version only when it names one that differs', () => {
    expect(isOtherVersion({ currentStep: 0, data: {}, version: 1 }, 2)).toBe(true);
    expect(isOtherVersion({ currentStep: 0, data: {}, version: 2 }, 2)).toBe(false);
    // a draft saved before versions goes on with the version served, as it always did
    expect(isOtherVersion({ currentStep: 0, data: {} }, 2)).toBe(false);
  });
});
