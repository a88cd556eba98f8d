/**
 * Form variants on the server: every combination of a form's declared options is compiled at start,
 * GET /api/forms/{id}?option=value serves one, and a submission naming its variant in X-Form-Options
 * is checked against that variant's schema (the contact form's mobile layout also requires the phone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '../../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../../packages/core/src/dsl/types.js';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { FormRegistry, parseOptionsHeader, variantKey, variantsOf } from '../../../../site/server/forms/registry.js';

const root = join(import.meta.dirname, '../../../..');
const registry = FormRegistry.load(root);

const enquiry = {
  title: 'Female',
  firstName: 'Mai',
  email: 'mai@example.com',
  preferredLanguage: 'vi',
  inquiry: 'seeking_information',
  topic: 'Visa Support',
  message: 'When can I apply?',
};

describe('variantsOf / variantKey / parseOptionsHeader', () => {
  const def = (options: FormDefinition['options']) => ({ options }) as FormDefinition;

  it('gives every combination of boolean and enumerated options, the defaults first', () => {
    expect(variantsOf(def(undefined))).toEqual([{}]);
    expect(variantsOf(def({ mobile: { type: 'boolean', default: false } }))).toEqual([
      { mobile: false },
      { mobile: true },
    ]);
    expect(
      variantsOf(
        def({
          mobile: { type: 'boolean', default: true },
          layout: { type: 'string', default: 'b', enum: ['a', 'b'] },
          free: { type: 'string', default: 'x' },
        }),
      ),
    ).toEqual([
      { mobile: true, layout: 'b', free: 'x' },
      { mobile: true, layout: 'a', free: 'x' },
      { mobile: false, layout: 'b', free: 'x' },
      { mobile: false, layout: 'a', free: 'x' },
    ]);
  });

  it('counts the combinations before building any: 26 boolean options give the defaults alone, at once', () => {
    const options = Object.fromEntries(
      Array.from({ length: 26 }, (_, i) => [`o${i}`, { type: 'boolean' as const, default: i % 2 === 0 }]),
    );
    // before, all 67 million were built first and the process ran out of memory
    expect(variantsOf(def(options))).toEqual([
      Object.fromEntries(Object.keys(options).map((k, i) => [k, i % 2 === 0])),
    ]);
  });

  it('keys a variant by its option values in name order', () => {
    expect(variantKey({ mobile: true, faceVerification: false })).toBe('faceVerification=false&mobile=true');
    expect(variantKey({})).toBe('');
  });

  it('reads the options header as a query string', () => {
    expect(parseOptionsHeader('mobile=true')).toEqual({ mobile: 'true' });
    expect(parseOptionsHeader(undefined)).toEqual({});
    expect(parseOptionsHeader(['a=1', 'b=2'])).toEqual({ a: '1' });
  });
});

describe('FormRegistry variants', () => {
  it('loads the DSL forms and the CMS definitions of schemas/, without problems', () => {
    expect(registry.problems).toEqual([]);
    expect([...registry.forms.keys()].sort()).toEqual([
      'apartment-booking-2026',
      'blocked-account',
      'contact-enquiry',
      'health-insurance-booking',
      'kyc-reverification',
      'pre-subscription',
      'review-your-university',
      'student-job-booking',
    ]);
  });

  it('compiles both contact variants and keeps the default under forms', () => {
    expect(registry.forms.get('contact-enquiry')?.options).toEqual({ mobile: false });
    expect([...(registry.variants.get('contact-enquiry')?.keys() ?? [])]).toEqual(['mobile=false', 'mobile=true']);
    expect([...(registry.variants.get('blocked-account')?.keys() ?? [])]).toEqual([
      'faceVerification=true',
      'faceVerification=false',
    ]);
  });

  it('selects a variant by option values given as text; options not named keep their defaults', () => {
    const mobile = registry.variant('contact-enquiry', { mobile: 'true' });
    expect(mobile && 'form' in mobile && mobile.form.options).toEqual({ mobile: true });
    expect((mobile as { form: CompiledForm }).form.schema.required).toContain('phoneNumber');
    const desktop = registry.variant('contact-enquiry', {});
    expect((desktop as { form: CompiledForm }).form).toBe(registry.forms.get('contact-enquiry'));
    expect((desktop as { form: CompiledForm }).form.schema.required).not.toContain('phoneNumber');
  });

  it('refuses an option the form does not have and a value it was not compiled with', () => {
    expect(registry.variant('contact-enquiry', { dark: 'true' })).toEqual({
      error: "The form 'contact-enquiry' has no option 'dark' (it has: mobile)",
    });
    expect(registry.variant('pre-subscription', { mobile: 'true' })).toEqual({
      error: "The form 'pre-subscription' has no option 'mobile' (it has: none)",
    });
    expect(registry.variant('contact-enquiry', { mobile: 'yes' })).toEqual({
      error: "The form 'contact-enquiry' has no variant mobile=yes",
    });
    expect(registry.variant('nope', {})).toBeUndefined();
  });

  it('finds the submission of the variant the request names, the default one when it names none', () => {
    const desktop = registry.find('POST', '/api/internal/contact-form', enquiry);
    expect(desktop?.form.id).toBe('contact-enquiry');
    expect(desktop?.form.options).toEqual({ mobile: false });
    const mobile = registry.find('POST', '/api/internal/contact-form', enquiry, { mobile: 'true' });
    expect(mobile?.form.id).toBe('contact-enquiry');
    expect(mobile?.form.options).toEqual({ mobile: true });
    // a form without options answers whatever the header names (the pre-subscription on the same path)
    const pre = registry.find(
      'POST',
      '/api/internal/contact-form',
      { title: 'Mr.', firstName: 'A', lastName: 'B', plan: 'DAK', passportNumber: 'X1234567' },
      { mobile: 'true' },
    );
    expect(pre?.form.id).toBe('pre-subscription');
  });
});

describe('variants over HTTP', () => {
  let dataDir: string;
  let database: OpenDatabase;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'antrag-variants-'));
    const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'test-secret', LOG_LEVEL: 'silent' });
    database = await openDatabase(config);
    const ctx: ServerContext = {
      config,
      db: database.db,
      files: {} as ServerContext['files'],
      mail: { send: async () => {} },
    };
    app = await buildApp(ctx, registry, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /api/forms/{id}?mobile=true serves the mobile variant, without a query the default', async () => {
    const mobile = (await (await fetch(`${base}/api/forms/contact-enquiry?mobile=true`)).json()) as CompiledForm;
    expect(mobile.options).toEqual({ mobile: true });
    expect(mobile.results.success?.mobileTitle).toBeDefined();
    const desktop = (await (await fetch(`${base}/api/forms/contact-enquiry`)).json()) as CompiledForm;
    expect(desktop.options).toEqual({ mobile: false });
    expect(mobile.schema.$id).not.toBe(desktop.schema.$id);
  });

  it('answers 400 for an option the form does not declare, 404 for an unknown form', async () => {
    const bad = await fetch(`${base}/api/forms/contact-enquiry?dark=true`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/no option 'dark'/);
    expect((await fetch(`${base}/api/forms/nope?mobile=true`)).status).toBe(404);
    expect((await fetch(`${base}/api/forms/contact-enquiry/validators.js?dark=1`)).status).toBe(400);
  });

  it("serves each variant's own validators module", async () => {
    const mobile = await (await fetch(`${base}/api/forms/contact-enquiry/validators.js?mobile=true`)).text();
    const desktop = await (await fetch(`${base}/api/forms/contact-enquiry/validators.js`)).text();
    expect(mobile).toContain('export');
    expect(mobile).not.toBe(desktop);
    const mobileStep = await (await fetch(`${base}/api/forms/contact-enquiry/validators/0.js?mobile=true`)).text();
    const desktopStep = await (await fetch(`${base}/api/forms/contact-enquiry/validators/0.js`)).text();
    expect(mobileStep).toContain('export const step0');
    expect(mobileStep).not.toBe(desktopStep);
    expect((await fetch(`${base}/api/forms/contact-enquiry/validators/0.js?dark=1`)).status).toBe(400);
    const retried = await fetch(`${base}/api/forms/contact-enquiry/validators/0.js?mobile=true&retry=1`);
    expect(await retried.text()).toBe(mobileStep);
    // `retry` is no option of the form anywhere else
    expect((await fetch(`${base}/api/forms/contact-enquiry?retry=1`)).status).toBe(400);
  });

  it('checks a submission against the variant named in X-Form-Options', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/api/internal/contact-form`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(enquiry),
      });
    const refused = await post({ 'X-Form-Options': 'mobile=true' });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { errors: Array<{ field: string; message: string }> };
    expect(answer.errors).toEqual([
      expect.objectContaining({ field: 'phoneNumber', message: 'This field is required' }),
    ]);
    expect((await post({})).status).toBe(200);
    expect((await post({ 'X-Form-Options': 'mobile=false' })).status).toBe(200);
  });
});
