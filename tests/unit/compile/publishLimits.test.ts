/**
 * The publish limits (issue 17): what a form may cost to compile, checked before anything is compiled, each at its
 * place; every shipped form and the 300-field benchmark form are far within them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPublishLimits, PUBLISH_LIMITS, variantCount } from '../../../packages/core/src/compile/publishLimits.js';
import { classify } from '../../../packages/core/src/document/index.js';
import { importCms } from '../../../packages/core/src/import/index.js';
import { generateForm } from '../../bench/latency/generate.js';

const ROOT = join(import.meta.dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.json') ? [path] : [];
  });
}

/** A one-step form of `count` text fields, with `extra` merged in. */
function form(count: number, extra: Record<string, unknown> = {}) {
  const fields = Array.from({ length: count }, (_, i) => ({ name: `f${i}`, type: 'text', label: `F${i}` }));
  return { id: 'big', title: 'Big', version: 1, steps: [{ id: 'one', title: 'One', fields }], ...extra };
}

const steps = (n: number, fields = 1) =>
  Array.from({ length: n }, (_, s) => ({
    id: `s${s}`,
    title: `S${s}`,
    fields: Array.from({ length: fields }, (_, i) => ({ name: `f${s}x${i}`, type: 'text', label: 'F' })),
  }));

const booleans = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`o${i}`, { type: 'boolean', default: false }]));

const codes = (d: { code: string; pointer: string }) => `${d.code} ${d.pointer}`;

describe('checkPublishLimits', () => {
  it('finds every shipped form, CMS fixture and the 300-field benchmark form within the limits', () => {
    const documents = [...files(join(ROOT, 'schemas')), ...files(join(ROOT, 'tests/fixtures/cms'))].filter(
      (f) => !f.endsWith('dsl.schema.json'),
    );
    let checked = 0;
    for (const file of documents) {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const kind = classify(value, file);
      const definition = kind === 'dsl' ? value : kind ? importCms(kind, value).definition : undefined;
      if (!definition) continue;
      checked++;
      expect(checkPublishLimits(definition), file).toEqual([]);
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(checkPublishLimits(generateForm(300).definition)).toEqual([]);
  });

  it('takes 1,000 fields and refuses 1,001 at /steps', () => {
    expect(checkPublishLimits(form(PUBLISH_LIMITS.fields))).toEqual([]);
    const refused = checkPublishLimits(form(PUBLISH_LIMITS.fields + 1));
    expect(refused.map(codes)).toEqual(['too-many-fields /steps']);
    expect(refused[0].message).toBe(
      'the form has 1,001 fields; a form may have at most 1,000; the server refuses larger forms',
    );
  });

  it('counts the fields of sections and payer dialogs too', () => {
    const payer = {
      name: 'payers',
      type: 'payers',
      label: 'Payers',
      itemFields: Array.from({ length: 600 }, (_, i) => ({ name: `p${i}`, type: 'text', label: 'P' })),
    };
    const section = { title: 'S', fields: Array.from({ length: 400 }, (_, i) => ({ name: `s${i}`, type: 'text' })) };
    const definition = {
      id: 'x',
      title: 'x',
      version: 1,
      steps: [{ id: 'a', title: 'A', fields: [payer], sections: [section] }],
    };
    expect(checkPublishLimits(definition).map(codes)).toEqual(['too-many-fields /steps']);
  });

  it('refuses more than 100 steps', () => {
    const definition = { id: 'x', title: 'x', version: 1, steps: steps(PUBLISH_LIMITS.steps + 1) };
    expect(checkPublishLimits(definition).map(codes)).toEqual(['too-many-steps /steps']);
  });

  it('refuses a choice field of more than 5,000 options, and a reference list of more records, at their places', () => {
    const options = Array.from({ length: PUBLISH_LIMITS.options + 1 }, (_, i) => ({ value: `v${i}`, label: 'L' }));
    const select = { name: 'pick', type: 'select', label: 'Pick', options };
    const definition = { id: 'x', title: 'x', version: 1, steps: [{ id: 'a', title: 'A', fields: [select] }] };
    expect(checkPublishLimits(definition).map(codes)).toEqual(['too-many-options /steps/0/fields/0/options']);
    expect(
      checkPublishLimits({
        ...definition,
        steps: [{ id: 'a', title: 'A', fields: [{ ...select, options: options.slice(1) }] }],
      }),
    ).toEqual([]);

    const records = options.map((o) => ({ id: o.value, title: o.label }));
    const fromList = { name: 'pick', type: 'select', label: 'Pick', options: { reference: 'big list' } };
    const listed = {
      id: 'x',
      title: 'x',
      version: 1,
      reference: { 'big list': records },
      steps: [{ id: 'a', title: 'A', fields: [fromList] }],
    };
    expect(checkPublishLimits(listed).map(codes)).toEqual([
      'too-many-options /reference/big list',
      'too-many-options /steps/0/fields/0/options',
    ]);
  });

  it('counts variants as the server combines options, and refuses more than 16 at /options', () => {
    expect(variantCount(form(1))).toBe(1);
    expect(variantCount(form(1, { options: booleans(4) }))).toBe(16);
    const strings = {
      size: { type: 'string', default: 'm', enum: ['s', 'm', 'l'] },
      free: { type: 'string', default: 'x' },
    };
    expect(variantCount(form(1, { options: { ...strings, ...booleans(1) } }))).toBe(6);
    expect(checkPublishLimits(form(1, { options: booleans(4) }))).toEqual([]);
    expect(checkPublishLimits(form(1, { options: booleans(5) })).map(codes)).toEqual(['too-many-variants /options']);
    // 26 boolean options: 67 million combinations, counted, not built
    expect(checkPublishLimits(form(1, { options: booleans(26) }))[0].message).toContain('67,108,864 variants');
  });

  it('refuses more than 400 validator modules (variants × (steps + 1)) at /options', () => {
    // 4 boolean options × 200 steps took 68 s and 1.4 GB to publish
    const definition = (n: number) => ({ id: 'x', title: 'x', version: 1, options: booleans(4), steps: steps(n) });
    expect(checkPublishLimits(definition(24))).toEqual([]);
    const refused = checkPublishLimits(definition(25));
    expect(refused.map(codes)).toEqual(['too-many-modules /options']);
    expect(refused[0].message).toContain('416 validator modules (16 variants × 26');
  });

  it('refuses more than 4,000 fields compiled over all variants', () => {
    expect(checkPublishLimits(form(500, { options: booleans(3) }))).toEqual([]);
    const refused = checkPublishLimits(form(501, { options: booleans(3) }));
    expect(refused.map(codes)).toEqual(['too-many-compiled-fields /options']);
    expect(refused[0].message).toContain('4,008 fields to compile; at most 4,000');
  });

  it('refuses a field with a pattern that takes more than 5,000 characters, at the bound that allows it', () => {
    const field = (extra: Record<string, unknown>) => ({
      id: 'x',
      title: 'x',
      version: 1,
      steps: [{ id: 'a', title: 'A', fields: [{ name: 'note', type: 'textarea', label: 'Note', ...extra }] }],
    });
    const pattern = { pattern: '^[a-z ]*$' };
    expect(checkPublishLimits(field({ rules: [pattern] }))).toEqual([]);
    expect(checkPublishLimits(field({ maxLength: 8000, rules: [pattern] })).map(codes)).toEqual([
      'pattern-input-too-long /steps/0/fields/0/maxLength',
    ]);
    expect(checkPublishLimits(field({ rules: [pattern, { maxLength: 6000 }] })).map(codes)).toEqual([
      'pattern-input-too-long /steps/0/fields/0/rules/1/maxLength',
    ]);
    // the lower bound counts: a rule of 100 under a maxLength of 8,000
    expect(checkPublishLimits(field({ maxLength: 8000, rules: [pattern, { maxLength: 100 }] }))).toEqual([]);
    expect(checkPublishLimits(field({ maxLength: 8000 }))).toEqual([]);
  });

  it('refuses more than 100 different patterns', () => {
    const fields = Array.from({ length: 101 }, (_, i) => ({
      name: `f${i}`,
      type: 'text',
      label: 'F',
      rules: [{ pattern: `^a{${i}}$` }],
    }));
    const definition = { id: 'x', title: 'x', version: 1, steps: [{ id: 'a', title: 'A', fields }] };
    expect(checkPublishLimits(definition).map(codes)).toEqual(['too-many-patterns /steps']);
    const same = fields.map((f) => ({ ...f, rules: [{ pattern: '^a+$' }] }));
    expect(checkPublishLimits({ ...definition, steps: [{ id: 'a', title: 'A', fields: same }] })).toEqual([]);
  });

  it('reads anything without throwing: not an object, steps that are no list, fields that are no objects', () => {
    for (const value of [
      null,
      3,
      'x',
      [],
      { steps: 'no' },
      { steps: [null, { fields: [1, null] }] },
      { options: [1] },
    ]) {
      expect(checkPublishLimits(value)).toEqual([]);
    }
  });
});
