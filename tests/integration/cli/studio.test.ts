/**
 * `antrag studio`: refuses a folder it cannot write (exit 2, a message naming it and why) before it starts
 * anything; serves the studio API on 127.0.0.1 with every path confined to the folder.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioHost } from '../../../packages/cli/src/studio.js';
import { etagOf, pathSegments } from '../../../packages/studio/src/folder.js';
import { type StudioServer, startStudioServer } from '../../../packages/studio/src/server.js';
import { antrag, ROOT, tempDir } from './support.js';

const isRoot = process.getuid?.() === 0;

/** A folder this process cannot create files in, or undefined (root may write almost anywhere). */
function unwritableFolder(): string | undefined {
  if (!isRoot) {
    const dir = join(tempDir('studio-ro'), 'locked');
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    return dir;
  }
  // as root, permission bits do not stop a write: a kernel file system that refuses new files does
  for (const dir of ['/sys', '/sys/kernel', '/proc/sys']) {
    try {
      writeFileSync(join(dir, '.antrag-probe'), '');
      rmSync(join(dir, '.antrag-probe'), { force: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return dir;
    }
  }
  return undefined;
}

/** A web app build and a studio bundle, as little as the server needs to start. */
function fakeBuilds(base: string): { webRoot: string; studioRoot: string } {
  const webRoot = join(base, 'web');
  const studioRoot = join(base, 'studio-app');
  mkdirSync(join(webRoot, '.vite'), { recursive: true });
  mkdirSync(studioRoot, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify({ 'studio/StudioPage.tsx': { file: 'x.js' } }));
  writeFileSync(join(studioRoot, 'studio-app.js'), 'export function mount() { return () => {}; }');
  return { webRoot, studioRoot };
}

describe('antrag studio refuses a folder it cannot write', () => {
  it('a folder without write permission: a clear message and exit code 2', async () => {
    const dir = unwritableFolder();
    if (!dir) return; // no such folder on this machine (root without a read-only file system)
    const run = await antrag('studio', dir, '--port', '0');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      new RegExp(`^antrag studio: cannot write to '${dir}': (permission denied|read-only file system)$`),
    );
    expect(run.stdout).toBe('');
  });

  it('a path that is a regular file, and a folder under one', async () => {
    const base = tempDir('studio-file');
    const file = join(base, 'notes.txt');
    writeFileSync(file, 'not a folder');
    const direct = await antrag('studio', file);
    expect(direct.code).toBe(2);
    expect(direct.stderr.trim()).toBe(`antrag studio: cannot write to '${file}': not a folder`);
    const under = await antrag('studio', join(file, 'forms'));
    expect(under.code).toBe(2);
    expect(under.stderr.trim()).toBe(`antrag studio: cannot write to '${join(file, 'forms')}': not a folder`);
  });

  it('a folder that does not exist, and a port that is no number', async () => {
    const missing = join(tempDir('studio-missing'), 'nowhere');
    const run = await antrag('studio', missing);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`antrag studio: cannot write to '${missing}': no such folder`);
    const port = await antrag('studio', 'schemas', '--port', 'eighty');
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/expected a port number/);
  });
});

describe('antrag studio serves the studio', () => {
  it('on 127.0.0.1, printing its address, until it is stopped (exit 0)', async () => {
    const base = tempDir('studio-run');
    const folder = join(base, 'forms');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.form.json'), '{}\n');
    const { webRoot, studioRoot } = fakeBuilds(base);
    const child = spawn(
      process.execPath,
      [
        'packages/cli/bin/antrag.js',
        'studio',
        folder,
        '--port',
        '0',
        '--web-root',
        webRoot,
        '--studio-root',
        studioRoot,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found =
          /^antrag studio: (http:\/\/127\.0\.0\.1:\d+)\/studio — .*forms, 1 form file \(Ctrl\+C stops\)$/m.exec(out);
        if (found) resolve(found[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const files = (await (await fetch(`${url}/api/studio/files`)).json()) as { files: Array<{ path: string }> };
    expect(files.files.map((f) => f.path)).toEqual(['a.form.json']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('the studio API', () => {
  let base: string;
  let folder: string;
  let server: StudioServer;

  beforeAll(async () => {
    base = tempDir('studio-api');
    folder = join(base, 'forms');
    mkdirSync(join(folder, 'contact'), { recursive: true });
    mkdirSync(join(folder, 'shared'));
    mkdirSync(join(folder, '.hidden'));
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside', 'secret.json'), '{"secret":true}');
    writeFileSync(join(base, 'outside', 'x.form.json'), '{}');
    symlinkSync(join(base, 'outside'), join(folder, 'link'));
    writeFileSync(join(folder, 'dsl.schema.json'), '{}');
    writeFileSync(join(folder, '.hidden', 'h.form.json'), '{}');
    writeFileSync(join(folder, 'shared', 'fields.json'), '{"fields":[]}');
    writeFileSync(
      join(folder, 'contact', 'contact.form.json'),
      readFileSync(join(ROOT, 'tests/fixtures/cli/valid/contact.form.json'), 'utf8').replace(
        '{ "$ref": "./shared/address-fields.json#/fields" }',
        '[{ "name": "street", "type": "text", "label": "Street" }]',
      ),
    );
    const { webRoot, studioRoot } = fakeBuilds(base);
    server = await startStudioServer({ folder, webRoot, studioRoot, port: 0, host: studioHost });
  });

  afterAll(async () => {
    await server?.close();
  });

  const api = (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, init);
  const file = (path: string) => `/api/studio/file?path=${encodeURIComponent(path)}`;
  const put = (path: string, text: unknown, headers: Record<string, string>) =>
    api(file(path), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ text }),
    });

  it('lists the form files (not hidden ones, not through links out of the folder) and the meta-schema', async () => {
    const answer = (await (await api('/api/studio/files')).json()) as {
      dslSchema: string;
      files: Array<{ path: string }>;
    };
    expect(answer.files.map((f) => f.path)).toEqual(['contact/contact.form.json']);
    expect(answer.dslSchema).toBe('dsl.schema.json');
  });

  it('reads a JSON file of the folder with its version', async () => {
    const response = await api(file('shared/fields.json'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      path: 'shared/fields.json',
      text: '{"fields":[]}',
      etag: etagOf('{"fields":[]}'),
    });
  });

  it('confines every path to the folder: no .., no absolute path, no hidden segment, no link leading out', async () => {
    for (const [path, status] of [
      ['../outside/secret.json', 403],
      ['contact/../../outside/secret.json', 403],
      ['/etc/passwd', 400],
      ['/etc/os.json', 403],
      ['link/secret.json', 403],
      ['.hidden/h.form.json', 400],
      ['contact//contact.form.json', 400],
      ['contact\\contact.form.json', 400],
      ['C:/x.json', 400],
      ['contact/./contact.form.json', 400],
      ['shared/missing.json', 404],
      ['notes.txt', 400],
      ['', 400],
    ] as const) {
      const response = await api(file(path));
      expect(response.status, path).toBe(status);
      expect(await response.text(), path).not.toMatch(/"secret":true|root:/);
    }
    expect(() => pathSegments('a/../b')).toThrow(/outside/);
    expect(pathSegments('a/b.form.json')).toEqual(['a', 'b.form.json']);
  });

  it('saves a form file over the version opened, refusing one that changed on disk since', async () => {
    const path = 'contact/contact.form.json';
    const opened = (await (await api(file(path))).json()) as { text: string; etag: string };
    const text = opened.text.replace('"Street"', '"Street and number"');
    const saved = await put(path, text, { 'If-Match': `"${opened.etag}"` });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ok: true, path, etag: etagOf(text) });
    expect(readFileSync(join(folder, path), 'utf8')).toBe(text);
    // the old version is not the one on disk any more
    const stale = await put(path, opened.text, { 'If-Match': opened.etag });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      message: `'${path}' changed on disk since it was opened`,
      etag: etagOf(text),
    });
    expect(readFileSync(join(folder, path), 'utf8')).toBe(text);
  });

  it('creates a new form file (and its folder) only when it does not exist', async () => {
    const created = await put('bookings/new.form.json', '{\n  "id": "new"\n}\n', { 'If-None-Match': '*' });
    expect(created.status).toBe(200);
    expect(readFileSync(join(folder, 'bookings/new.form.json'), 'utf8')).toBe('{\n  "id": "new"\n}\n');
    const again = await put('bookings/new.form.json', '{}', { 'If-None-Match': '*' });
    expect(again.status).toBe(409);
  });

  it('saves only valid JSON, only *.form.json files, only inside the folder, only with a version named', async () => {
    const bad = await put('bookings/broken.form.json', '{\n  "id": "x",\n}', { 'If-None-Match': '*' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'not saved: bookings/broken.form.json:3:1 / invalid JSON: expected a property name in double quotes',
    );
    expect(existsSync(join(folder, 'bookings/broken.form.json'))).toBe(false);
    expect((await put('shared/fields.json', '{}', { 'If-None-Match': '*' })).status).toBe(400);
    expect((await put('../outside/x.form.json', '{}', { 'If-None-Match': '*' })).status).toBe(403);
    expect((await put('link/x.form.json', '{}', { 'If-None-Match': '*' })).status).toBe(403);
    expect(readFileSync(join(base, 'outside', 'x.form.json'), 'utf8')).toBe('{}');
    expect((await put('contact/contact.form.json', '{}', {})).status).toBe(400);
  });

  it('answers only at 127.0.0.1 and takes changes only from its own pages', async () => {
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(server.origin);
        request({ host: url.hostname, port: url.port, path: '/api/studio/files', headers: { Host: host } }, (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    expect(await status('evil.example:80')).toBe(403);
    expect(await status(new URL(server.origin).host)).toBe(200);
    const foreign = await put('bookings/other.form.json', '{}', {
      'If-None-Match': '*',
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(existsSync(join(folder, 'bookings/other.form.json'))).toBe(false);
  });

  it('serves the web app at /studio and the studio bundle at /studio-app/, with a CSP that allows the preview', async () => {
    const page = await api('/studio/preview');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-eval'");
    expect((await api('/studio-app/studio-app.js')).status).toBe(200);
    expect((await api('/api/forms/x')).status).toBe(404);
  });

  it('generates the TypeScript type of the text being edited, as `antrag typegen` does', async () => {
    const text = readFileSync(join(folder, 'contact/contact.form.json'), 'utf8');
    const response = await api('/api/studio/typegen', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: 'contact/contact.form.json', text: text.replace('"Street and number"', '"Road"') }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { typeName: string; types: string };
    expect(answer.types).toMatch(/export interface \w+Data \{/);
    expect(answer.types).toContain('street');
    const broken = await api('/api/studio/typegen', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: 'contact/contact.form.json', text: '{"id": 3}' }),
    });
    expect(broken.status).toBe(422);
  });
});
