/**
 * decodePayload reads a submission back strictly (issue 14): unknown keys at any depth, keys that would reach a
 * prototype, mapped values the map never sends, two keys contradicting each other and a body that is no object
 * are all reported, never dropped in silence. Pure core: no server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition, SubmitSettings } from '../../../packages/core/src/dsl/types.js';
import { withComputedValues } from '../../../packages/core/src/expr/index.js';
import {
  type DecodeProblem,
  decodePayload,
  decodeProblemErrors,
  encodeRequest,
  PayloadError,
  unflattenForm,
} from '../../../packages/core/src/payload/index.js';
import { application } from '../../fixtures/forms/blocked-account.js';

const load = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')) as FormDefinition;
const blocked = compileForm(load('schemas/blocked-account/blocked-account.form.json')).form as CompiledForm;
const signUp = blocked.steps[0].submit!;
const blocking = blocked.steps.find((s) => s.id === 'blocking-details')!.submit!;
const passportStep = blocked.steps.find((s) => s.id === 'upload-documents')!.submit!;
const final = blocked.submit!;

/** The body a submission arrives with, parsed as the server's parsers do. */
function received(settings: SubmitSettings, data: Record<string, unknown>): Record<string, unknown> {
  const request = encodeRequest(settings, data, { storage: () => '17' }, blocked);
  if (settings.encoding === 'form-urlencoded') {
    const entries = [...new URLSearchParams(request.body as string)];
    return settings.nested === 'brackets' ? unflattenForm(entries) : Object.fromEntries(entries);
  }
  return JSON.parse(request.body as string);
}

function decode(settings: SubmitSettings, body: unknown) {
  const unknown: string[] = [];
  const problems: DecodeProblem[] = [];
  const data = decodePayload(settings, body, blocked, {
    textValues: settings.encoding !== 'json',
    onUnknownKey: (_key, pointer) => unknown.push(pointer),
    onProblem: (p) => problems.push(p),
  });
  return { data, unknown, problems: problems.map((p) => `${p.pointer} ${p.messageKey}`) };
}

const finalBody = (overrides: Record<string, unknown> = {}) =>
  ({
    ...received(final, withComputedValues(application(), blocked.computed, blocked.reference)),
    ...overrides,
  }) as Record<string, unknown>;

describe('unknown keys at any depth', () => {
  it('finds none in what the form itself sends, at any step', () => {
    for (const settings of [signUp, passportStep, blocking, final]) {
      const body = settings === final ? finalBody() : received(settings, application());
      expect(decode(settings, body)).toMatchObject({ unknown: [], problems: [] });
    }
  });

  it('reports a key inside a JSON-text value of the sign-up (the 900 KB country)', () => {
    const body = received(signUp, application());
    body.country = JSON.stringify({ name: 'Germany', iso: 'DE', evil: 'x'.repeat(900_000) });
    expect(decode(signUp, body).unknown).toEqual(['/country/evil']);
  });

  it('reports keys inside every structured value of the final application, naming each pointer', () => {
    const extra = <T extends Record<string, unknown>>(v: T) => ({ ...v, evil: 'x' });
    const base = finalBody();
    const body = finalBody({
      payers: [extra({ firstName: 'Ben', lastName: 'Smith', email: 'ben@example.com', country: extra({ iso: 'DE' }) })],
      nationality: extra(base.nationality as Record<string, unknown>),
      countryOfBirth: extra(base.countryOfBirth as Record<string, unknown>),
      placeOfBirth: extra(base.placeOfBirth as Record<string, unknown>),
      passportIssuedCountry: extra(base.passportIssuedCountry as Record<string, unknown>),
      passportIssuedPlace: extra(base.passportIssuedPlace as Record<string, unknown>),
      country: extra(base.country as Record<string, unknown>),
      phoneNumber: extra(base.phoneNumber as Record<string, unknown>),
    });
    expect(decode(final, body).unknown.sort()).toEqual(
      [
        '/payers/0/evil',
        '/payers/0/country/evil',
        '/nationality/evil',
        '/countryOfBirth/evil',
        '/placeOfBirth/evil',
        '/passportIssuedCountry/evil',
        '/passportIssuedPlace/evil',
        '/country/evil',
        '/phoneNumber/evil',
      ].sort(),
    );
  });

  it('tells a top-level key as it is, and a nested one as its pointer without the slash', () => {
    const keys: Array<[string, string]> = [];
    const body = finalBody({ extra: 1, country: { iso: 'DE', 'a/b': 1 } });
    decodePayload(final, body, blocked, { onUnknownKey: (key, pointer) => keys.push([key, pointer]) });
    expect(keys).toEqual([
      ['country/a~1b', '/country/a~1b'],
      ['extra', '/extra'],
    ]);
  });

  it('refuses __proto__, constructor and prototype wherever they stand, without touching any prototype', () => {
    const body = received(signUp, application());
    body.country = '{"name":"Germany","iso":"DE","__proto__":{"polluted":"yes"}}';
    const sign = decode(signUp, body);
    expect(sign.unknown).toEqual(['/country/__proto__']);
    expect(Object.hasOwn(sign.data.country as object, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const payers = finalBody({
      payers: [JSON.parse('{"firstName":"Ben","constructor":{"prototype":{"polluted":"yes"}}}')],
    });
    expect(decode(final, payers).unknown).toEqual(['/payers/0/constructor']);
    const top = finalBody(JSON.parse('{"__proto__":{"polluted":"yes"}}'));
    expect(decode(final, top).unknown).toEqual(['/__proto__']);
    // bracketed keys of a form encoding: kept as data by unflattenForm, refused here
    const brackets = unflattenForm([
      ['step', '3'],
      ['lead_id', '17'],
      ['blocked_acc_amt', '992'],
      ['prototype[polluted]', 'yes'],
    ]);
    expect(decode(blocking, brackets).unknown).toEqual(['/prototype']);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('mapped values and contradictions', () => {
  it('refuses a profession the map never sends: long, with NUL, with U+202E', () => {
    for (const profession of [`student${'x'.repeat(921_600)}`, 'stud\u0000ent', '\u202Estudent', 'admin']) {
      expect(decode(final, finalBody({ profession })).problems).toEqual(['/profession validation.payloadValue']);
    }
  });

  it('refuses a profession that contradicts the visa type, and takes the one that matches', () => {
    expect(decode(final, finalBody({ profession: 'employee' })).problems).toEqual([
      '/visaType validation.payloadConflict',
    ]);
    // visa type 3 has no profession of its own: `other`, and only for it
    expect(decode(final, finalBody({ profession: 'other', visaType: 3 })).problems).toEqual([]);
    expect(decode(final, finalBody({ profession: 'other' })).problems).toEqual([
      '/profession validation.payloadConflict',
    ]);
    expect(decode(final, finalBody({ profession: 'student', visaType: 1 })).problems).toEqual([]);
  });

  it("refuses a blocking step's document code the map does not know; 0 stands for any other document", () => {
    const body = (code: string) => ({
      step: '3',
      lead_id: '17',
      blocked_acc_amt: '992',
      visa_eligibility_doc_type: code,
    });
    expect(decode(blocking, body('8'))).toMatchObject({
      problems: [],
      data: { visaEligibilityDocument: 'admission_certificate' },
    });
    expect(decode(blocking, body('0')).problems).toEqual([]);
    expect(decode(blocking, body('5')).problems).toEqual(['/visa_eligibility_doc_type validation.payloadValue']);
  });
});

describe('the shape of the body', () => {
  it('reports a list (or a bare value) where the payload is an object', () => {
    for (const body of [[{ step: 3, lead_id: 253 }], [], 'step=3', 42]) {
      expect(decode(blocking, body).problems).toEqual([' validation.templateObject']);
    }
    expect(decode(blocking, undefined).problems).toEqual([]);
  });

  it('throws the problems as a 400 PayloadError when no one takes them, in the language asked for', () => {
    expect(() => decodePayload(blocking, [{ step: 3, lead_id: 253 }], blocked, { textValues: true })).toThrow(
      PayloadError,
    );
    try {
      decodePayload(final, finalBody({ profession: 'admin' }), blocked, { locale: 'de' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PayloadError);
      expect((error as PayloadError).statusCode).toBe(400);
      expect((error as PayloadError).message).toBe('/profession: diesen Wert sendet das Formular nicht');
    }
  });

  it('turns problems into field errors for an answer', () => {
    const { problems } = decode(final, finalBody({ profession: 'employee' }));
    expect(problems).toHaveLength(1);
    const errors = decodeProblemErrors(
      [
        {
          pointer: '/visaType',
          messageKey: 'validation.payloadConflict',
          params: { pointer: '/visaType', other: '/profession' },
        },
      ],
      'en',
    );
    expect(errors).toEqual([
      {
        path: '/visaType',
        field: 'visaType',
        messageKey: 'validation.payloadConflict',
        message: '/visaType: this value contradicts /profession',
        params: { pointer: '/visaType', other: '/profession' },
      },
    ]);
  });
});
