import { describe, expect, it } from 'vitest';
import { detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';
import { deepFreeze, fixture, fixtureNames } from './support.js';

describe('importing is deterministic and pure', () => {
  it.each(fixtureNames())('%s: twice gives deep-equal, byte-identical results', (name) => {
    const kind = detectCmsKind(fixture(name))!;
    const first = importCms(kind, fixture(name));
    const second = importCms(kind, fixture(name));
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it.each(fixtureNames())('%s: does not mutate its input', (name) => {
    const doc = deepFreeze(fixture(name));
    const kind = detectCmsKind(doc)!;
    // A frozen input makes any write by the importer throw (ES modules are strict).
    expect(() => importCms(kind, doc)).not.toThrow();
    expect(doc).toEqual(fixture(name));
  });

  it.each(fixtureNames().filter((n) => !n.includes('bad-shape')))(
    '%s: the definition is plain JSON sharing nothing with the input',
    (name) => {
      const doc = fixture(name);
      const { definition } = importCms(detectCmsKind(doc)!, doc);
      expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
      // Changing the output must not reach the input (e.g. through the v1 template).
      const template = definition!.submit!.payload!.template;
      if (template && typeof template === 'object') (template as Record<string, unknown>)['0'] = 'changed';
      expect(doc).toEqual(fixture(name));
    },
  );

  it('keeps the key order stable: a re-ordered document imports to the same text', () => {
    const doc = fixture('review.full.json') as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(doc).reverse());
    expect(JSON.stringify(importCms('review', reordered))).toBe(JSON.stringify(importCms('review', doc)));
  });
});
