/**
 * The upload contract over a real Fastify instance and a real (embedded) database: ask for a
 * target, post the form to it, and check what was kept on disk and in the `uploads` table.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../../site/server/config.js';
import type { FileStore, ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { confirmUpload } from '../../../../site/server/files/confirm.js';
import { LocalFileStore } from '../../../../site/server/files/local.js';
import { registerUploadRoutes } from '../../../../site/server/files/routes.js';
import { S3FileStore } from '../../../../site/server/files/s3.js';
import { bigPng, JPEG, multipartBody, PDF, PNG, testConfig, uploadForm } from '../../../unit/server/files/samples.js';

let dir: string;
let database: OpenDatabase;
const apps: FastifyInstance[] = [];
let counter = 0;

/** A fresh generated name per test, as the browser makes them (`<id>_<unique id>.<ext>`). */
function fileName(ext: string): string {
  counter += 1;
  return `${counter}_t${Date.now().toString(36)}.${ext}`;
}

interface Setup {
  app: FastifyInstance;
  ctx: ServerContext;
  store: LocalFileStore;
  filesDir: string;
  /** Moves the store's clock. */
  advance(ms: number): void;
}

async function setup(
  options: { storage?: Partial<Config['storage']>; appMultipart?: boolean; files?: FileStore } = {},
): Promise<Setup> {
  const config = testConfig(dir, options.storage);
  let clock = Date.now();
  const filesDir = join(dir, 'files');
  const store = new LocalFileStore({
    root: filesDir,
    secret: config.secret,
    policyTtlSeconds: config.storage.policyTtlSeconds,
    now: () => clock,
  });
  const ctx: ServerContext = {
    config,
    db: database.db,
    files: options.files ?? store,
    mail: { send: async () => {} },
  };
  const app = Fastify({ logger: false });
  // The app (site/server/app.ts) registers multipart itself; the routes must cope with both.
  if (options.appMultipart) await app.register(multipart, { limits: { fileSize: config.storage.maxUploadBytes } });
  await registerUploadRoutes(app, ctx);
  await app.ready();
  apps.push(app);
  return { app, ctx, store, filesDir, advance: (ms) => (clock += ms) };
}

async function target(app: FastifyInstance, file: string, fileType: string) {
  const response = await app.inject({ method: 'GET', url: '/api/upload-file', query: { file, fileType } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; fields: Record<string, string> };
}

async function post(app: FastifyInstance, body: { payload: Buffer; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url: '/api/upload', ...body });
}

async function row(key: string) {
  return database.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Every file under the store's folder, temporary ones included: "nothing kept" means none. */
async function storedFiles(filesDir: string): Promise<string[]> {
  try {
    return (await readdir(filesDir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

// Starting the embedded database and migrating it takes seconds, more on a busy machine.
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'antrag-upload-routes-'));
  database = await openDatabase({ dataDir: dir });
}, 120_000);

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await rm(join(dir, 'files'), { recursive: true, force: true });
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/upload-file', () => {
  it('answers a signed local target for the key uploads/<file>, never cached', async () => {
    const { app } = await setup();
    const name = fileName('jpg');
    const response = await app.inject({ method: 'GET', url: `/api/upload-file?file=${name}&fileType=image/jpg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.url).toBe('/api/upload');
    expect(body.fields).toMatchObject({ key: `uploads/${name}`, 'Content-Type': 'image/jpeg' });
    const policy = JSON.parse(Buffer.from(body.fields.policy, 'base64url').toString('utf8'));
    expect(policy).toMatchObject({
      key: `uploads/${name}`,
      contentType: 'image/jpeg',
      minBytes: 1,
      maxBytes: 10485760,
    });
  });

  it.each([
    ['no query', ''],
    ['a path in the name', '?file=..%2Fsecret.png&fileType=image/png'],
    ['a type outside the list', '?file=x.html&fileType=text/html'],
    ['a name that does not fit the type', '?file=x.pdf&fileType=image/png'],
    ['a repeated parameter', '?file=a.png&file=b.png&fileType=image/png'],
  ])('refuses %s with 400 and a message', async (_case, query) => {
    const { app } = await setup();
    const response = await app.inject({ method: 'GET', url: `/api/upload-file${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad-request', message: expect.any(String) });
  });

  it('hands out S3 presigned posts with the S3 driver, and then has no local target', async () => {
    const s3 = new S3FileStore({
      bucket: 'bkt',
      region: 'eu-central-1',
      endpoint: 'http://minio.test:9000',
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      policyTtlSeconds: 60,
    });
    const { app } = await setup({ files: s3 });
    const name = fileName('pdf');
    const body = await target(app, name, 'application/pdf');
    expect(body.url).toBe('http://minio.test:9000/bkt');
    expect(body.fields).toMatchObject({ key: `uploads/${name}`, 'Content-Type': 'application/pdf' });
    const response = await post(app, uploadForm(body.fields, PDF));
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/upload', () => {
  it('stores a file posted with its target and records it (204, like S3)', async () => {
    const { app, store, filesDir } = await setup();
    const name = fileName('png');
    const { url, fields } = await target(app, name, 'image/png');
    expect(url).toBe('/api/upload');

    const response = await post(app, uploadForm(fields, PNG, 'image/png'));
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(await readFile(join(filesDir, 'uploads', name))).toEqual(PNG);
    expect(Buffer.from((await store.get(`uploads/${name}`))!)).toEqual(PNG);
    expect(await row(`uploads/${name}`)).toMatchObject({
      key: `uploads/${name}`,
      content_type: 'image/png',
      size: PNG.length,
    });
  });

  it('works when the app registered @fastify/multipart itself', async () => {
    const { app } = await setup({ appMultipart: true });
    const name = fileName('pdf');
    const { fields } = await target(app, name, 'application/pdf');
    expect((await post(app, uploadForm(fields, PDF))).statusCode).toBe(204);
    expect(await row(`uploads/${name}`)).toBeDefined();
  });

  it('refuses an expired policy with 403 and keeps nothing', async () => {
    const { app, filesDir, advance } = await setup({ storage: { policyTtlSeconds: 60 } });
    const name = fileName('png');
    const { fields } = await target(app, name, 'image/png');
    advance(61_000);
    const response = await post(app, uploadForm(fields, PNG));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'policy-expired', message: expect.stringContaining('expired') });
    expect(await storedFiles(filesDir)).toEqual([]);
    expect(await row(`uploads/${name}`)).toBeUndefined();
  });

  it('refuses bytes that are not the declared type with 400, naming both, and keeps nothing', async () => {
    const { app, filesDir } = await setup();
    const name = fileName('png');
    const { fields } = await target(app, name, 'image/png');
    // the part's own Content-Type header lies too: only the bytes count
    const response = await post(app, uploadForm(fields, PDF, 'image/png'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'type-mismatch',
      message: 'the file is a application/pdf, not the declared image/png',
    });
    expect(await storedFiles(filesDir)).toEqual([]);
    expect(await row(`uploads/${name}`)).toBeUndefined();
  });

  it('refuses bytes of no known type (a script named .jpg)', async () => {
    const { app, filesDir } = await setup();
    const { fields } = await target(app, fileName('jpg'), 'image/jpeg');
    const response = await post(app, uploadForm(fields, Buffer.from('<script>alert(1)</script>')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unknown-type' });
    expect(await storedFiles(filesDir)).toEqual([]);
  });

  it.each([
    ['just over the limit', 2001],
    ['far over the limit', 200_000],
  ])('refuses a file %s with 413 and keeps nothing', async (_case, size) => {
    const { app, filesDir } = await setup({ storage: { maxUploadBytes: 2000 } });
    const name = fileName('png');
    const { fields } = await target(app, name, 'image/png');
    expect(JSON.parse(Buffer.from(fields.policy, 'base64url').toString())).toMatchObject({ maxBytes: 2000 });
    const response = await post(app, uploadForm(fields, bigPng(size)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'too-large', message: expect.stringContaining('2000 bytes') });
    expect(await storedFiles(filesDir)).toEqual([]);
    expect(await row(`uploads/${name}`)).toBeUndefined();
  });

  it('accepts a file of exactly the limit', async () => {
    const { app } = await setup({ storage: { maxUploadBytes: 2000 } });
    const { fields } = await target(app, fileName('png'), 'image/png');
    expect((await post(app, uploadForm(fields, bigPng(2000)))).statusCode).toBe(204);
  });

  it('refuses a tampered key with 403 and writes nothing under either key', async () => {
    const { app, filesDir } = await setup();
    const name = fileName('png');
    const { fields } = await target(app, name, 'image/png');
    const response = await post(app, uploadForm({ ...fields, key: 'uploads/victim.png' }, PNG));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'policy-key-mismatch' });
    expect(await storedFiles(filesDir)).toEqual([]);
    expect(await row('uploads/victim.png')).toBeUndefined();
  });

  it('refuses a tampered policy (a larger size, another key) with 403', async () => {
    const { app, filesDir } = await setup({ storage: { maxUploadBytes: 2000 } });
    const { fields } = await target(app, fileName('png'), 'image/png');
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...policy, maxBytes: 10_000_000 })).toString('base64url');
    const response = await post(app, uploadForm({ ...fields, policy: forged }, bigPng(5000)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'policy-bad-signature' });

    const moved = Buffer.from(JSON.stringify({ ...policy, key: 'uploads/victim.png' })).toString('base64url');
    const again = await post(app, uploadForm({ ...fields, key: 'uploads/victim.png', policy: moved }, PNG));
    expect(again.statusCode).toBe(403);
    expect(await storedFiles(filesDir)).toEqual([]);
  });

  it('refuses a changed Content-Type field with 403', async () => {
    const { app } = await setup();
    const { fields } = await target(app, fileName('png'), 'image/png');
    const response = await post(app, uploadForm({ ...fields, 'Content-Type': 'application/pdf' }, PDF));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'policy-content-type-mismatch' });
  });

  it('refuses a second post to the same target (409) and keeps the first file', async () => {
    const { app, filesDir } = await setup();
    const name = fileName('jpg');
    const { fields } = await target(app, name, 'image/jpeg');
    expect((await post(app, uploadForm(fields, JPEG))).statusCode).toBe(204);
    const other = Buffer.concat([JPEG, Buffer.from('different')]);
    const second = await post(app, uploadForm(fields, other));
    expect(second.statusCode).toBe(409);
    expect(await readFile(join(filesDir, 'uploads', name))).toEqual(JPEG);
    // and no new target is handed out for a name that is taken
    const again = await app.inject({
      method: 'GET',
      url: '/api/upload-file',
      query: { file: name, fileType: 'image/jpeg' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('needs the fields before the file, a file named "file", and multipart at all', async () => {
    const { app, filesDir } = await setup();
    const { fields } = await target(app, fileName('png'), 'image/png');
    const fileFirst = multipartBody([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG },
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ]);
    expect((await post(app, fileFirst)).statusCode).toBe(400);

    const wrongName = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'upload', filename: 'a.png', contentType: 'image/png', data: PNG },
    ]);
    expect((await post(app, wrongName)).statusCode).toBe(400);

    const noFile = multipartBody(Object.entries(fields).map(([name, value]) => ({ name, value })));
    expect((await post(app, noFile)).json()).toMatchObject({ error: 'bad-request', message: "the form has no 'file'" });

    const duplicated = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'key', value: fields.key },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG },
    ]);
    expect((await post(app, duplicated)).statusCode).toBe(400);

    const json = await app.inject({ method: 'POST', url: '/api/upload', payload: { ...fields, file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(await storedFiles(filesDir)).toEqual([]);
  });

  it('refuses a form without a policy (400) or with an unsigned one (403)', async () => {
    const { app } = await setup();
    const { fields } = await target(app, fileName('png'), 'image/png');
    const { policy: _policy, ...withoutPolicy } = fields;
    expect((await post(app, uploadForm(withoutPolicy, PNG))).json()).toMatchObject({ error: 'policy-missing' });
    expect((await post(app, uploadForm({ ...fields, signature: 'AAAA' }, PNG))).statusCode).toBe(403);
  });
});

describe('confirmUpload (the check for files that reached the store without POST /api/upload)', () => {
  it('records a good file and deletes one whose bytes do not fit its name', async () => {
    const { ctx, store } = await setup();
    const good = `uploads/${fileName('pdf')}`;
    const bad = `uploads/${fileName('png')}`;
    await store.put(good, PDF, 'application/pdf');
    await store.put(bad, PDF, 'image/png');

    expect(await confirmUpload(ctx, good)).toEqual({
      ok: true,
      file: { key: good, contentType: 'application/pdf', size: PDF.length },
    });
    expect(await row(good)).toMatchObject({ content_type: 'application/pdf' });
    // the second time it is answered from the table
    expect(await confirmUpload(ctx, good)).toMatchObject({ ok: true });

    expect(await confirmUpload(ctx, bad)).toMatchObject({ ok: false, reason: 'rejected' });
    expect(await store.get(bad)).toBeUndefined();
    expect(await row(bad)).toBeUndefined();

    expect(await confirmUpload(ctx, 'uploads/never.pdf')).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await confirmUpload(ctx, '../x.pdf')).toMatchObject({ ok: false, reason: 'invalid-key' });
  });
});
