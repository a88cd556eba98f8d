import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../packages/core/src/compile/types.js';
import {
  type CmsKind,
  checkCmsDocument,
  importBookingV1,
  importBookingV2,
  importCms,
  importReview,
} from '../../../packages/core/src/import/index.js';
import { fixture } from './support.js';

const shape = (pointer: string, message: string): Diagnostic => ({
  severity: 'error',
  code: 'cms-shape',
  pointer,
  message: `${pointer || '(document root)'}: ${message}`,
});

describe('checkCmsDocument', () => {
  it.each([
    ['booking-v1', 'booking-v1.full.json'],
    ['booking-v1', 'booking-v1.nulls.json'],
    ['booking-v1', 'booking-v1.unknown-type.json'],
    ['booking-v1', 'booking-v1.edge.json'],
    ['booking-v2', 'booking-v2.full.json'],
    ['booking-v2', 'booking-v2.nulls.json'],
    ['booking-v2', 'booking-v2.unknown-type.json'],
    ['booking-v2', 'booking-v2.edge.json'],
    ['review', 'review.full.json'],
    ['review', 'review.nulls.json'],
    ['review', 'review.unknown-type.json'],
    ['review', 'review.edge.json'],
  ] as Array<[CmsKind, string]>)('accepts the valid %s fixture %s', (kind, name) => {
    expect(checkCmsDocument(kind, fixture(name))).toEqual([]);
  });

  it('reports every v1 violation with the pointer of the offending value and what was expected', () => {
    expect(checkCmsDocument('booking-v1', fixture('booking-v1.bad-shape.json'))).toEqual([
      shape('/0', "must have required property 'orderData'"),
      shape('/0/id', 'must be string (found integer)'),
      shape('/0/customerData/0/subText', 'must be string or null (found integer)'),
      shape('/0/customerData/0/fields/0', "must have required property 'fieldName'"),
      shape('/0/customerData/0/fields/1/typeOptions/0', "must have required property 'optionId'"),
    ]);
  });

  it('reports v2 violations: item counts, enums with the allowed values, types', () => {
    expect(checkCmsDocument('booking-v2', fixture('booking-v2.bad-shape.json'))).toEqual([
      shape('/flatData/steps/0/fields/0/fieldOptions', 'must have at least 1 item(s)'),
      shape(
        '/flatData/steps/0/fields/1/fieldOptions/0/depiction',
        'must be one of "Dropdown", "Slider", "Radio" (found "Carousel")',
      ),
      shape('/flatData/steps/0/fields/2/fieldOptions/0/minValue', 'must be number or null (found string)'),
    ]);
  });

  it('reports review violations, including nested required properties and minimum', () => {
    const diagnostics = checkCmsDocument('review', fixture('review.bad-shape.json'));
    expect(diagnostics).toEqual(
      expect.arrayContaining([
        shape('', "must have required property 'headline'"),
        shape('/steps/0/groups/0/style', 'must be one of "horizontal", "vertical", null (found "diagonal")'),
        shape('/steps/0/groups/0/items/0/inputLength', 'must be >= 1'),
        shape('/steps/0/groups/0/items/1', "must have required property 'label'"),
        shape('/steps/0/groups/0/items/1/options/0/value', 'must be string or number (found boolean)'),
        shape('/steps/0/groups/0/items/2/referenceOptions/0/flatData', "must have required property 'universityName'"),
      ]),
    );
    expect(diagnostics).toHaveLength(6);
  });

  it('names the root when the document is of the wrong JSON type', () => {
    expect(checkCmsDocument('booking-v1', fixture('booking-v2.full.json'))).toEqual([
      shape('', 'must be array (found object)'),
    ]);
    expect(checkCmsDocument('booking-v2', [])).toEqual([shape('', 'must be object (found array)')]);
    expect(checkCmsDocument('review', null)).toEqual([shape('', 'must be object (found null)')]);
  });

  it('enforces exactly one v1 booking and at least one v2 / review step', () => {
    const booking = { customerData: [], orderData: [] };
    expect(checkCmsDocument('booking-v1', [booking, booking])).toEqual([shape('', 'must have at most 1 item(s)')]);
    expect(checkCmsDocument('booking-v1', [])).toEqual([shape('', 'must have at least 1 item(s)')]);
    expect(checkCmsDocument('booking-v2', { flatData: { steps: [] } })).toEqual([
      shape('/flatData/steps', 'must have at least 1 item(s)'),
    ]);
    expect(checkCmsDocument('review', { headline: 'h', action: '/a', steps: [] })).toEqual([
      shape('/steps', 'must have at least 1 item(s)'),
    ]);
  });

  it('rejects an unknown kind instead of throwing', () => {
    const [diagnostic] = checkCmsDocument('booking-v3' as CmsKind, {});
    expect(diagnostic).toMatchObject({ severity: 'error', code: 'unknown-cms-kind', pointer: '' });
  });
});

describe('importing a document that does not match its CMS schema', () => {
  it.each([
    ['booking-v1', 'booking-v1.bad-shape.json', importBookingV1],
    ['booking-v2', 'booking-v2.bad-shape.json', importBookingV2],
    ['review', 'review.bad-shape.json', importReview],
  ] as const)('%s: gives the shape errors and no definition', (kind, name, importer) => {
    const doc = fixture(name);
    const direct = importer(doc);
    expect(direct.definition).toBeUndefined();
    expect(direct.diagnostics).toEqual(checkCmsDocument(kind, doc));
    expect(direct.diagnostics.length).toBeGreaterThan(0);
    expect(importCms(kind, doc)).toEqual(direct);
  });

  it('gives no definition for a document of another format', () => {
    const result = importCms('review', fixture('booking-v1.full.json'));
    expect(result.definition).toBeUndefined();
    expect(result.diagnostics).toEqual([shape('', 'must be object (found array)')]);
  });

  it('rejects an unknown kind', () => {
    const result = importCms('booking-v3' as CmsKind, {});
    expect(result.definition).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', code: 'unknown-cms-kind' });
  });
});
