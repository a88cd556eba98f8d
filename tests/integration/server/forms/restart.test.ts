/**
 * Published versions survive a crash (issue 17): the real server (a child process) publishes two versions of a
 * form, is killed with SIGKILL right after the second publish was answered, and is started again on the same data.
 * It then serves the version it acknowledged, lists every version as before, still serves the older one, and, with
 * the files of `schemas/` unchanged, stores no new version of any shipped form.
 *
 * On embedded PGlite (the default) and on PostgreSQL at 127.0.0.1:5432, each in a place of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSchema, dropSchema, type RunningServer, startServer } from '../durability/harness.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  call,
  PROBE_FORM,
  probeForm,
  publish,
  served,
  shippedFormIds,
  type VersionSummary,
  versionsOf,
} from './support.js';

/** Two server starts (PGlite: initdb and crash recovery take 6–25 s each on a busy machine). */
const TEST_TIMEOUT_MS = 300_000;

const tempDirs: string[] = [];
const schemas: string[] = [];
const servers: RunningServer[] = [];

afterAll(async () => {
  // a failed test may leave a server running: it was started here, so it is ended here
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await Promise.all(schemas.splice(0).map(dropSchema));
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Location {
  dataDir: string;
  databaseUrl?: string;
}

const engines: Array<{ name: string; location(): Promise<Location> }> = [
  { name: 'PGlite', location: async () => ({ dataDir: await tempDir() }) },
  {
    name: 'PostgreSQL',
    location: async () => {
      const { schema, url } = await createSchema('forms_restart');
      schemas.push(schema);
      return { dataDir: await tempDir(), databaseUrl: url };
    },
  },
];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'antrag-forms-restart-'));
  tempDirs.push(dir);
  return dir;
}

async function start(location: Location): Promise<RunningServer> {
  const server = await startServer({ ...location, env: { ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN } });
  servers.push(server);
  return server;
}

/** Every stored form's versions, by form id. */
async function everyVersion(base: string): Promise<Record<string, VersionSummary[]>> {
  const listed = await call<{ forms: Array<{ id: string }> }>(base, '/api/admin/forms', { headers: ADMIN });
  expect(listed.status).toBe(200);
  const out: Record<string, VersionSummary[]> = {};
  for (const { id } of listed.body.forms) out[id] = (await versionsOf(base, id)).versions;
  return out;
}

describe.each(engines)('a SIGKILL after a publish on $name', (engine) => {
  it(
    'loses no version, and a restart stores no new version of the unchanged shipped forms',
    async () => {
      const location = await engine.location();
      const first = await start(location);
      expect((await publish(first.base, PROBE_FORM, probeForm(false))).status).toBe(201);
      const before = await everyVersion(first.base);
      const published = await publish(first.base, PROBE_FORM, probeForm(true));
      expect(published.status).toBe(201);
      expect(published.body.version).toBe(2);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      const second = await start(location);
      expect(await served(second.base, PROBE_FORM)).toEqual({
        status: 200,
        version: 2,
        required: ['fullName', 'nickname'],
      });
      // a draft of version 1 still finds its version after the crash
      expect(await served(second.base, PROBE_FORM, '?version=1')).toMatchObject({ status: 200, version: 1 });

      const after = await everyVersion(second.base);
      expect(Object.keys(after).sort()).toEqual([...shippedFormIds(), PROBE_FORM].sort());
      // the shipped forms exactly as before the crash and restart: no new version
      const { [PROBE_FORM]: probeAfter, ...shippedAfter } = after;
      const { [PROBE_FORM]: probeBefore, ...shippedBefore } = before;
      expect(shippedAfter).toEqual(shippedBefore);
      // the probe form: version 1 as it was, version 2 (acknowledged just before the kill) current
      expect(probeAfter.map((v) => [v.version, v.current])).toEqual([
        [2, true],
        [1, false],
      ]);
      expect(probeAfter[1]).toEqual({ ...probeBefore[0], current: false, retiredAt: probeAfter[1].retiredAt });
      expect(probeAfter[1].retiredAt).toEqual(expect.any(String));

      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );
});
