import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition, SubmitSettings } from '../../../packages/core/src/dsl/types.js';
import {
  decodePayload,
  encodeRequest,
  type FileResolver,
  parseFormattedDate,
  unflattenForm,
} from '../../../packages/core/src/payload/index.js';
import { createFormValidator } from '../../../packages/core/src/validate/index.js';
import { application } from '../../fixtures/forms/blocked-account.js';

const load = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')) as FormDefinition;
const blocked = compileForm(load('schemas/blocked-account/blocked-account.form.json')).form as CompiledForm;

/** What the server receives for a request: the body parsed as Fastify's parsers would. */
function received(settings: SubmitSettings, data: Record<string, unknown>, form: CompiledForm) {
  const request = encodeRequest(
    settings,
    data,
    { storage: () => '17', query: new URLSearchParams('PartnerCode=UNI') },
    form,
  );
  if (typeof request.body === 'string' && settings.encoding === 'form-urlencoded') {
    const entries = [...new URLSearchParams(request.body)];
    return settings.nested === 'brackets' ? unflattenForm(entries) : Object.fromEntries(entries);
  }
  return typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
}

/** Validates a step's submission on the "server": decode, then the step's submit schema. */
function serverCheck(form: CompiledForm, stepId: string, body: unknown, textValues = true) {
  const plan = form.steps.find((s) => s.id === stepId)!;
  const data = decodePayload(plan.submit!, body, form, { textValues });
  const schema = form.submitSchemas!.steps[stepId];
  const validator = createFormValidator({
    ...form,
    stepSchemas: [schema],
    steps: [{ ...plan, fields: Object.keys(schema.properties as object) }],
  });
  return { data, result: validator.validateStep(0, data) };
}

describe('decodePayload', () => {
  it('reads dates back from output formats', () => {
    expect(parseFormattedDate('01.04.2026', 'DD.MM.YYYY')).toBe('2026-04-01');
    expect(parseFormattedDate('04/2026', 'MM/YYYY')).toBe('2026-04');
    expect(parseFormattedDate('2026-4-1', 'YYYY-MM-DD')).toBeUndefined();
  });

  it('nests bracketed form keys', () => {
    expect(
      unflattenForm([
        ['a[b]', '1'],
        ['a[c][0]', 'x'],
        ['d', '2'],
      ]),
    ).toEqual({ a: { b: '1', c: ['x'] }, d: '2' });
  });

  it('keeps bracketed keys that would reach a prototype as plain data (refused later), and leaves out huge lists', () => {
    const out = unflattenForm([
      ['__proto__[polluted]', 'yes'],
      ['a[constructor][prototype][polluted]', 'yes'],
      ['b[__proto__][polluted]', 'yes'],
      ['c[100000000]', 'x'],
      ['d[1]', 'kept'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // own properties, not prototypes: decodePayload and the template check see them and refuse them
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(out.b)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a', 'b', 'd']);
    expect(JSON.parse(JSON.stringify(out))).toEqual(
      JSON.parse(
        '{"__proto__":{"polluted":"yes"},"a":{"constructor":{"prototype":{"polluted":"yes"}}},"b":{"__proto__":{"polluted":"yes"}},"d":[null,"kept"]}',
      ),
    );
    expect('c' in out).toBe(false);
  });

  it('gives back the sign-up step of the blocked-account form (form-urlencoded, JSON text) and it validates', () => {
    const step = blocked.steps.find((s) => s.submit)!;
    const data = application();
    const { data: decoded, result } = serverCheck(blocked, step.id, received(step.submit!, data, blocked));
    expect(result.errors).toEqual([]);
    expect(decoded.firstName).toBe(data.firstName);
    expect(decoded.country).toEqual(data.country);
    expect(decoded.dateOfArrival).toBe(data.dateOfArrival);
  });

  it('reports a tampered field of the sign-up step with its message', () => {
    const step = blocked.steps.find((s) => s.submit)!;
    const body = received(step.submit!, application(), blocked) as Record<string, string>;
    const zipKey = Object.entries(step.submit!.payload!.fields!).find(
      ([, s]) => (typeof s === 'string' ? s : s.from) === 'zipCode',
    )![0];
    const { result } = serverCheck(blocked, step.id, { ...body, [zipKey]: '1' });
    expect(result.errors.map((e) => `${e.path} ${e.message}`)).toEqual(['/zipCode Invalid zip code!']);
  });

  it('gives back every step submission of the blocked-account form, whatever its encoding', () => {
    const files: FileResolver = (names) =>
      names.map((name) => ({ uid: name, name, type: 'application/pdf', size: 120_000, status: 'done' }));
    for (const step of blocked.steps.filter((s) => s.submit)) {
      const body = received(step.submit!, application(), blocked);
      const data = decodePayload(step.submit!, body, blocked, {
        textValues: step.submit!.encoding !== 'json',
        resolveFiles: files,
      });
      const schema = blocked.submitSchemas!.steps[step.id];
      const fields = Object.keys(schema.properties as object);
      expect(fields.length).toBeGreaterThan(0);
      const validator = createFormValidator({ ...blocked, stepSchemas: [schema], steps: [{ ...step, fields }] });
      // earlier steps' answers are part of the data the server holds for the lead
      expect({ step: step.id, errors: validator.validateStep(0, { ...application(), ...data }).errors }).toEqual({
        step: step.id,
        errors: [],
      });
    }
  });
});
