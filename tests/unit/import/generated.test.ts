/**
 * Documents generated from the CMS schemas (seeded, so every run checks the same ones): each is valid against
 * its schema and must import into a consistent definition.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../packages/core/src/compile/types.js';
import { FIELD_TYPES, type FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { type CmsKind, checkCmsDocument, detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';
import { at, fieldsOf, walk } from './support.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** mulberry32: a tiny seeded PRNG. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  const chance = (p: number) => next() < p;
  const words = ['Alpha', 'Beta', 'Gamma', 'Über', 'Straße', 'Café', 'step', 'Step', '', '  ', '123', '—'];
  const text = () => Array.from({ length: int(1, 3) }, () => pick(words)).join(' ');
  return { int, pick, chance, text };
}
type Random = ReturnType<typeof random>;

/** Sets an optional property: left out, null (when the schema allows it) or a value. */
function maybe(r: Random, target: Record<string, Json>, key: string, value: () => Json, nullable = true): void {
  const roll = r.int(0, 2);
  if (roll === 1 && nullable) target[key] = null;
  else if (roll === 2) target[key] = value();
}

/** Unknown extra properties are allowed by the schemas and must be ignored. */
function extras(r: Random, target: Record<string, Json>): Record<string, Json> {
  if (r.chance(0.2)) target.extraProperty = r.pick([1, 'x', null, { nested: true }]);
  return target;
}

const REGEXES = ['^[a-z]+$', '[0-9]{3}', '^\\d+(\\.\\d+)?$', 'a|b', '.+'];

interface Generated {
  doc: Json;
  /** Pointers of fields of a known type, in document order, with their names. */
  known: Array<{ pointer: string; name: string }>;
  unknown: string[];
  steps: number;
}

function bookingV1(r: Random): Generated {
  const types = ['Dropdown', 'Radio', 'Text', 'Email', 'DatePicker', 'Currency', 'Checkbox', 'Upload', 'SwitchSlider'];
  const known: Generated['known'] = [];
  const unknown: string[] = [];
  let n = 0;
  const booking: Record<string, Json> = {};
  maybe(r, booking, 'id', () => r.text(), false);
  maybe(r, booking, 'name', () => r.text(), false);
  for (const list of ['customerData', 'orderData']) {
    booking[list] = Array.from({ length: r.int(0, 3) }, (_, i) => {
      const chunk: Record<string, Json> = { chunkId: r.text(), headline: r.text() };
      maybe(r, chunk, 'subText', () => r.text());
      chunk.fields = Array.from({ length: r.int(0, 4) }, (_, j) => {
        const isKnown = r.chance(0.85);
        const type = isKnown ? r.pick(types) : r.pick(['Signature', 'dropdown', 'Map', '']);
        const name = `f${n++}`;
        const pointer = `/0/${list}/${i}/fields/${j}`;
        if (isKnown) known.push({ pointer, name });
        else unknown.push(pointer);
        const field: Record<string, Json> = { fieldId: `id-${n}`, fieldName: name, label: r.text(), type };
        maybe(r, field, 'placeholder', () => r.text());
        maybe(r, field, 'isRequired', () => r.chance(0.5), false);
        if (type === 'Text' || type === 'Email') maybe(r, field, 'validationRegEx', () => r.pick(REGEXES));
        const options = () =>
          Array.from({ length: r.int(1, 4) }, (_, k) => ({ displayName: r.text(), optionId: `o${k}` }));
        if (type === 'Dropdown' || type === 'Radio') field.typeOptions = options();
        else maybe(r, field, 'typeOptions', () => []);
        maybe(r, field, 'value', () => r.pick(['', null, 0, false]), true);
        return extras(r, field);
      });
      return extras(r, chunk);
    });
  }
  const steps = (booking.customerData as Json[]).length + (booking.orderData as Json[]).length;
  return { doc: [extras(r, booking)], known, unknown, steps };
}

function bookingV2(r: Random): Generated {
  const kinds = ['Text', 'Address', 'Numeric', 'Selection', 'DatePicker', 'Currency', 'Checkbox', 'Upload'];
  const known: Generated['known'] = [];
  const unknown: string[] = [];
  let n = 0;
  const stepCount = r.int(1, 4);
  const steps = Array.from({ length: stepCount }, (_, i) => {
    const step: Record<string, Json> = { headline: r.text() };
    maybe(r, step, 'subheadline', () => r.text());
    step.fields = Array.from({ length: r.int(0, 4) }, (_, j) => {
      const isKnown = r.chance(0.85);
      const kind = isKnown ? r.pick(kinds) : r.pick(['Signature', 'text', 'Rating']);
      const name = `f${n++}`;
      const pointer = `/flatData/steps/${i}/fields/${j}`;
      if (isKnown) known.push({ pointer, name });
      else unknown.push(pointer);
      const option: Record<string, Json> = { __typename: kind };
      if (kind === 'Text') maybe(r, option, 'validationRegex', () => r.pick(REGEXES));
      if (kind === 'Numeric') {
        maybe(r, option, 'minValue', () => r.int(-5, 5));
        maybe(r, option, 'maxValue', () => r.int(6, 100));
      }
      if (kind === 'Selection') {
        const items = Array.from({ length: r.int(1, 4) }, (_, k) => ({ label: r.text(), value: `v${k}` }));
        option.items = items;
        maybe(r, option, 'depiction', () => r.pick(['Dropdown', 'Slider', 'Radio']), false);
        maybe(r, option, 'sortAlphabetically', () => r.chance(0.5), false);
        maybe(r, option, 'defaultItem', () => r.pick(items).value);
      }
      const field: Record<string, Json> = {
        internalIdentifier: name,
        label: r.text(),
        fieldOptions: [extras(r, option)],
      };
      maybe(r, field, 'isRequired', () => r.chance(0.5), false);
      maybe(r, field, 'placeholder', () => r.text());
      return extras(r, field);
    });
    return extras(r, step);
  });
  const flatData: Record<string, Json> = { steps };
  maybe(r, flatData, 'name', () => r.text(), false);
  const doc: Record<string, Json> = { flatData };
  maybe(r, doc, 'id', () => r.text(), false);
  return { doc: extras(r, doc), known, unknown, steps: stepCount };
}

function review(r: Random): Generated {
  const types = [
    'input',
    'rate',
    'datepicker',
    'select',
    'textarea',
    'radiogroup',
    'checkbutton',
    'checkbox',
    'uni-select',
    'program-select',
    'currency',
    'uni-location-select',
  ];
  const known: Generated['known'] = [];
  const unknown: string[] = [];
  let n = 0;
  const stepCount = r.int(1, 4);
  const steps = Array.from({ length: stepCount }, (_, i) => {
    const step: Record<string, Json> = { name: r.text() };
    maybe(r, step, 'headline', () => r.text());
    maybe(r, step, 'tooltip', () => r.text());
    // Step 1 opens with the university the program / location selects depend on.
    step.groups = Array.from({ length: r.int(i === 0 ? 1 : 0, 3) }, (_, g) => {
      const group: Record<string, Json> = {};
      maybe(r, group, 'headline', () => r.text());
      maybe(r, group, 'description', () => r.text());
      maybe(r, group, 'style', () => r.pick(['horizontal', 'vertical']));
      const items: Json[] = [];
      if (i === 0 && g === 0) {
        items.push({ field: 'university', label: 'University', type: 'uni-select' });
        known.push({ pointer: '/steps/0/groups/0/items/0', name: 'university' });
      }
      for (let count = r.int(0, 4); count > 0; count--) {
        const isKnown = r.chance(0.85);
        const type = isKnown ? r.pick(types) : r.pick(['slider', 'Input', 'video']);
        const name = `f${n++}`;
        const pointer = `/steps/${i}/groups/${g}/items/${items.length}`;
        if (isKnown) known.push({ pointer, name });
        else unknown.push(pointer);
        const item: Record<string, Json> = { field: name, label: r.text(), type };
        maybe(r, item, 'required', () => r.chance(0.5), false);
        for (const key of ['placeholder', 'description', 'icon']) maybe(r, item, key, () => r.text());
        if (['select', 'radiogroup', 'checkbutton'].includes(type)) {
          item.options = Array.from({ length: r.int(1, 4) }, (_, o) => ({
            label: r.text(),
            value: r.chance(0.5) ? o : `v${o}`,
          }));
        }
        if (type === 'uni-select') {
          maybe(r, item, 'referenceOptions', () =>
            Array.from({ length: r.int(0, 3) }, (_, o) => ({ id: `u${o}`, flatData: { universityName: r.text() } })),
          );
        }
        if (type === 'input' || type === 'textarea') maybe(r, item, 'validationRegex', () => r.pick(REGEXES));
        if (type === 'textarea') maybe(r, item, 'inputLength', () => r.int(1, 2000));
        if (type === 'program-select' || type === 'uni-location-select') item.dependencies = ['university'];
        items.push(extras(r, item));
      }
      group.items = items;
      return extras(r, group);
    });
    return extras(r, step);
  });
  const doc: Record<string, Json> = { headline: r.text(), action: `/api/${r.pick(['a', 'b'])}`, steps };
  for (const key of ['description', 'successMsg', 'errorMsg']) maybe(r, doc, key, () => r.text());
  return { doc: extras(r, doc), known, unknown, steps: stepCount };
}

/** The type a CMS field declares: `type` (v1, review) or its component's `__typename` (v2). */
function cmsTypeAt(doc: Json, pointer: string): string {
  const field = at(doc, pointer) as { type?: string; fieldOptions?: Array<{ __typename: string }> };
  return field.type ?? field.fieldOptions![0].__typename;
}

const GENERATORS: Record<CmsKind, (r: Random) => Generated> = {
  'booking-v1': bookingV1,
  'booking-v2': bookingV2,
  review,
};
const ID = /^[a-z0-9][a-z0-9-]*$/;
const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

describe.each(Object.keys(GENERATORS) as CmsKind[])('generated %s documents', (kind) => {
  it.each(SEEDS)('seed %i: valid against the schema, detected, and imported consistently', (seed) => {
    const generated = GENERATORS[kind](random(seed * 7919 + kind.length));
    const { doc } = generated;
    expect(checkCmsDocument(kind, doc)).toEqual([]);
    expect(detectCmsKind(doc)).toBe(kind);

    const result = importCms(kind, doc);
    const definition = result.definition as FormDefinition;
    expect(definition).toBeDefined();
    // Unique names and valid regexes: the only possible error is a v1 booking without chunks.
    expect(result.diagnostics.filter((d: Diagnostic) => d.severity === 'error').map((d) => d.code)).toEqual(
      generated.steps === 0 ? ['no-steps'] : [],
    );

    // Ids.
    expect(definition.id).toMatch(ID);
    expect(definition.version).toBe(1);
    const stepIds = definition.steps.map((s) => s.id);
    expect(new Set(stepIds).size).toBe(stepIds.length);
    for (const id of stepIds) expect(id).toMatch(ID);
    expect(definition.steps).toHaveLength(generated.steps);
    expect(definition.source!.kind).toBe(kind);

    // Fields: the known ones, in order, each with a DSL type; the unknown ones reported at their pointer and
    // shown as a warning notice in their place.
    const fields = fieldsOf(definition).filter((f) => f.type !== 'info');
    expect(fields.map((f) => f.name)).toEqual(generated.known.map((k) => k.name));
    expect(fieldsOf(definition).filter((f) => f.type === 'info')).toHaveLength(generated.unknown.length);
    for (const field of fields) expect(FIELD_TYPES).toContain(field.type);
    expect(result.diagnostics.filter((d) => d.code === 'unknown-field-type').map((d) => d.pointer)).toEqual(
      generated.unknown,
    );
    for (const d of result.diagnostics.filter((d) => d.code === 'unknown-field-type')) {
      expect(d.message).toBe(`Field type ${cmsTypeAt(doc, d.pointer)} is not implemented!`);
    }
    for (const d of result.diagnostics) expect(at(doc, d.pointer)).toBeDefined();

    // No nulls or undefined in the definition outside the payload template; plain JSON throughout.
    expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
    for (const [path, value] of walk(definition)) {
      if (path.startsWith('/submit/payload/template')) continue;
      expect(value, path).not.toBeNull();
      expect(value, path).not.toBeUndefined();
    }

    // Payload: every set pointer resolves to a null value in the template, once per imported field.
    const payload = definition.submit!.payload!;
    if (kind === 'review') {
      expect(payload).toEqual({ mode: 'all' });
    } else {
      expect(payload.set!.map((s) => s.from)).toEqual(fields.map((f) => f.name));
      for (const entry of payload.set!) {
        expect(Object.hasOwn(at(payload.template, entry.pointer.replace(/\/value$/, '')) as object, 'value')).toBe(
          true,
        );
        expect(at(payload.template, entry.pointer)).toBeNull();
      }
      const byName = new Map(fields.map((f) => [f.name, f.type]));
      for (const entry of payload.set!) {
        const type = byName.get(entry.from!);
        expect(entry.as === 'fileNames').toBe(type === 'upload');
        expect(entry.format).toBe(kind === 'booking-v2' && type === 'date' ? 'DD.MM.YYYY' : undefined);
      }
    }

    // Deterministic.
    expect(JSON.stringify(importCms(kind, doc))).toBe(JSON.stringify(result));
  });
});
