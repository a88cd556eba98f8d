/**
 * POST /api/forms/{id}/submissions, the final submission any form takes, as an attacker meets it: a form with a
 * submission of its own gets the answers through that route and all its checks (lead token, one address per e-mail,
 * one-time code); a form that answers step by step, or holds results of checks, is not taken here; file records at
 * any depth are read back from the upload table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { createFileStore, registerUploadRoutes } from '../../../../site/server/files/index.js';
import { FormRegistry, shippedDocuments } from '../../../../site/server/forms/registry.js';
import { FormStore } from '../../../../site/server/forms/store.js';
import { createMailTransport } from '../../../../site/server/otp/mail.js';
import { registerServiceRoutes } from '../../../../site/server/routes/services.js';

const ROOT = join(import.meta.dirname, '../../../..');
const token = { origin: 'token', name: 'token' } as const;

const enquiry = {
  title: 'Female',
  firstName: 'Mai',
  email: 'mai@example.com',
  preferredLanguage: 'vi',
  inquiry: 'seeking_information',
  topic: 'Visa Support',
  message: 'When can I apply?',
};

let dir: string;
let database: OpenDatabase;
let store: FormStore;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'antrag-generic-'));
  const config = loadConfig({ DATA_DIR: dir, ANTRAG_SECRET: 's', LOG_LEVEL: 'silent', RATE_LIMIT_SUBMISSIONS: '1000' });
  database = await openDatabase(config);
  const registry = new FormRegistry();
  store = new FormStore(database.db, registry, { graceDays: 30 });
  await store.syncShipped(shippedDocuments(ROOT), (f) => f);
  const published = await store.publish(
    'nested-files',
    {
      id: 'nested-files',
      title: 'Nested files',
      version: 1,
      steps: [
        {
          id: 'one',
          title: 'One',
          fields: [
            {
              name: 'payers',
              type: 'payers',
              label: 'Payers',
              itemFields: [
                { name: 'payerName', type: 'text', label: 'Name' },
                { name: 'idProof', type: 'upload', label: 'ID', accept: ['.pdf'] },
              ],
            },
          ],
        },
      ],
    },
    token,
  );
  expect(published.ok, JSON.stringify(published)).toBe(true);
  const codeForm = await store.publish(
    'code-only',
    {
      id: 'code-only',
      title: 'Code',
      version: 1,
      steps: [{ id: 'one', title: 'One', fields: [{ name: 'code', type: 'otp', label: 'Code' }] }],
    },
    token,
  );
  expect(codeForm.ok, JSON.stringify(codeForm)).toBe(true);
  const payerCode = await store.publish(
    'payer-code',
    {
      id: 'payer-code',
      title: 'Payer code',
      version: 1,
      steps: [
        {
          id: 'one',
          title: 'One',
          fields: [
            {
              name: 'payers',
              type: 'payers',
              label: 'Payers',
              itemFields: [
                { name: 'payerName', type: 'text', label: 'Name' },
                { name: 'code', type: 'otp', label: 'Code' },
              ],
            },
          ],
        },
      ],
    },
    token,
  );
  expect(payerCode.ok, JSON.stringify(payerCode)).toBe(true);
  await store.refresh();
  const ctx: ServerContext = {
    config,
    db: database.db,
    files: createFileStore(config),
    mail: createMailTransport(config),
  };
  app = await buildApp(ctx, registry, { store, logger: false, modules: [registerUploadRoutes, registerServiceRoutes] });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const submit = (id: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/forms/${id}/submissions`, payload, headers });
const rowsOf = (formId: string) =>
  database.db.selectFrom('submissions').select(['kind', 'data']).where('form_id', '=', formId).execute();

describe('POST /api/forms/{id}/submissions', () => {
  it('hands a form’s answers to its own submission route, which answers as it always does', async () => {
    const answer = await submit('contact-enquiry', enquiry);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true });
    const rows = await rowsOf('contact-enquiry');
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toMatchObject({ firstName: 'Mai', email: 'mai@example.com' });
  });

  it('applies that route’s checks: the blocked-account application is not completed without its lead', async () => {
    const answer = await submit('blocked-account', { firstName: 'Eve', lead_id: 1 });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(await rowsOf('blocked-account')).toEqual([]);
  });

  it('does not take a form that answers step by step (the KYC check), nor forged results of checks', async () => {
    const kyc = await submit('kyc-reverification', {
      otp: '000000',
      faceVerificationResult: { status: 'accept', message: 'verified by attacker' },
    });
    expect(kyc.statusCode).toBe(409);
    expect(kyc.json().message).toMatch(/step by step/);
    const code = await submit('code-only', { code: '123456' });
    expect(code.statusCode).toBe(409);
    // a check's result inside a payer too
    const nested = await submit('payer-code', { payers: [{ payerName: 'x', code: '123456' }] });
    expect(nested.statusCode).toBe(409);
    expect(await rowsOf('payer-code')).toEqual([]);
    expect(await rowsOf('kyc-reverification')).toEqual([]);
    expect(await rowsOf('code-only')).toEqual([]);
  });

  it('reads file records at any depth back from the upload table: a forged one inside a payer is refused', async () => {
    const forged = {
      uid: 'never-uploaded',
      name: 'passport-of-someone.pdf',
      type: 'application/pdf',
      size: 1234,
      status: 'done',
      url: 'https://evil.example/x.pdf',
    };
    const answer = await submit('nested-files', { payers: [{ payerName: 'Eve', idProof: [forged] }] });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().errors)).toContain('/payers/0/idProof');
    expect(await rowsOf('nested-files')).toEqual([]);
  });
});
