import { describe, expect, it } from 'vitest';
import { detectCmsKind } from '../../../packages/core/src/import/index.js';
import { fixture, fixtureNames } from './support.js';

describe('detectCmsKind', () => {
  it.each(fixtureNames())('tells the format of fixture %s from its file-name prefix', (name) => {
    const expected = name.startsWith('booking-v1')
      ? 'booking-v1'
      : name.startsWith('booking-v2')
        ? 'booking-v2'
        : 'review';
    expect(detectCmsKind(fixture(name))).toBe(expected);
  });

  it('recognises v1 by customerData or orderData on the first array item', () => {
    expect(detectCmsKind([{ customerData: [] }])).toBe('booking-v1');
    expect(detectCmsKind([{ orderData: [] }])).toBe('booking-v1');
    expect(detectCmsKind([{ steps: [] }])).toBeNull();
    expect(detectCmsKind([])).toBeNull();
    expect(detectCmsKind([null])).toBeNull();
  });

  it('recognises v2 by flatData.steps', () => {
    expect(detectCmsKind({ flatData: { steps: [] } })).toBe('booking-v2');
    expect(detectCmsKind({ flatData: {} })).toBeNull();
    expect(detectCmsKind({ flatData: 'steps' })).toBeNull();
  });

  it('recognises a review form by action and steps that have groups', () => {
    expect(detectCmsKind({ action: '/x', steps: [{ groups: [] }] })).toBe('review');
    expect(detectCmsKind({ steps: [{ groups: [] }] })).toBeNull();
    expect(detectCmsKind({ action: '/x', steps: [] })).toBeNull();
    expect(detectCmsKind({ action: '/x', steps: [{ name: 'no groups' }] })).toBeNull();
  });

  it.each([null, undefined, 42, 'booking', true, {}])('returns null for %j', (doc) => {
    expect(detectCmsKind(doc)).toBeNull();
  });
});
