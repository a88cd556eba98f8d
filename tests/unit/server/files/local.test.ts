import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../../../site/server/files/local.js';
import { PDF, PNG, testConfig } from './samples.js';

describe('LocalFileStore', () => {
  let dir: string;
  let store: LocalFileStore;
  let clock: number;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'antrag-files-'));
    clock = Date.UTC(2025, 5, 1);
    store = new LocalFileStore({ root: join(dir, 'files'), secret: 's3cret', policyTtlSeconds: 60, now: () => clock });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('puts, gets, overwrites and deletes a file under <root>/<key>', async () => {
    expect(await store.put('uploads/a_1.png', PNG, 'image/png')).toEqual({
      key: 'uploads/a_1.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(await readFile(join(dir, 'files', 'uploads', 'a_1.png'))).toEqual(PNG);
    expect(Buffer.from((await store.get('uploads/a_1.png'))!)).toEqual(PNG);

    await store.put('uploads/a_1.png', PDF, 'application/pdf');
    expect(Buffer.from((await store.get('uploads/a_1.png'))!)).toEqual(PDF);
    // the temporary file was renamed into place, none is left behind
    expect(await readdir(join(dir, 'files', 'uploads'))).toEqual(['a_1.png']);

    await store.delete('uploads/a_1.png');
    expect(await store.get('uploads/a_1.png')).toBeUndefined();
    await expect(store.delete('uploads/a_1.png')).resolves.toBeUndefined();
  });

  it('lists the files under a prefix with their times, without temporary files or other folders', async () => {
    await store.put('uploads/a_1.png', PNG, 'image/png');
    await store.put('leads/7/passport-1', PDF, 'application/pdf');
    await store.put('leads/8/consent-2', PDF, 'application/pdf');
    await writeFile(join(dir, 'files', 'leads', '7', '.passport-1.abc.tmp'), 'half');
    const list = async (prefix: string) => {
      const found = [];
      for await (const file of store.list(prefix)) found.push(file);
      return found.sort((x, y) => x.key.localeCompare(y.key));
    };
    const leads = await list('leads/');
    expect(leads.map((f) => f.key)).toEqual(['leads/7/passport-1', 'leads/8/consent-2']);
    expect(leads[0].modified).toEqual((await stat(join(dir, 'files', 'leads', '7', 'passport-1'))).mtime);
    expect((await list('leads/7/')).map((f) => f.key)).toEqual(['leads/7/passport-1']);
    expect((await list('uploads/')).map((f) => f.key)).toEqual(['uploads/a_1.png']);
    expect(await list('nothing-here/')).toEqual([]);
  });

  it('answers undefined for a file that is not there', async () => {
    expect(await store.get('uploads/missing.pdf')).toBeUndefined();
  });

  it('refuses unsafe keys on every operation and writes nothing', async () => {
    for (const key of ['../escape.png', '/abs.png', 'uploads/../../x.png', 'uploads/.x.tmp', 'a\\b']) {
      await expect(store.put(key, PNG, 'image/png')).rejects.toThrow(/invalid storage key/);
      await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid storage key/);
      await expect(
        store.createUploadTarget({ key, contentType: 'image/png', minBytes: 1, maxBytes: 10 }),
      ).rejects.toThrow(/invalid storage key/);
    }
    await expect(stat(join(dir, 'escape.png'))).rejects.toThrow();
  });

  it('hands out a signed target for /api/upload that its own check accepts until it expires', async () => {
    const target = await store.createUploadTarget({
      key: 'uploads/a_1.png',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 100,
    });
    expect(target.url).toBe('/api/upload');
    expect(Object.keys(target.fields)).toEqual(['key', 'Content-Type', 'policy', 'signature']);
    expect(target.fields).toMatchObject({ key: 'uploads/a_1.png', 'Content-Type': 'image/png' });
    const form = {
      policy: target.fields.policy,
      signature: target.fields.signature,
      key: target.fields.key,
      contentType: target.fields['Content-Type'],
    };
    expect(store.verifyUploadForm(form)).toMatchObject({ ok: true, policy: { maxBytes: 100 } });
    clock += 60_000;
    expect(store.verifyUploadForm(form)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('builds from the configuration: <dataDir>/files, the config secret, a relative or absolute URL', async () => {
    const config = testConfig(dir);
    const fromConfig = LocalFileStore.fromConfig(config);
    expect(fromConfig.root).toBe(join(dir, 'files'));
    expect(fromConfig.uploadUrl).toBe('/api/upload');
    expect(LocalFileStore.fromConfig(config, { baseUrl: 'https://forms.example/' }).uploadUrl).toBe(
      'https://forms.example/api/upload',
    );
    // a policy from one store instance verifies in another with the same secret (e.g. after a restart)
    const target = await fromConfig.createUploadTarget({
      key: 'k.png',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 9,
    });
    const again = LocalFileStore.fromConfig(config);
    expect(again.verifyUploadForm({ policy: target.fields.policy, signature: target.fields.signature }).ok).toBe(true);
  });
});
