/**
 * `npm run staff` (site/server/staff-cli.ts): the server's own command makes staff accounts in its database with
 * its environment, which is how a server without an admin token gets its first account. Run as a child process
 * (the sources through tsx, as the durability harness runs the server) against PostgreSQL, where the server is
 * running at the same time, and against a fresh embedded database (the default), which a server then opens.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../site/server/config.js';
import { openDatabase } from '../../../../site/server/db/index.js';
import { signIn as checkSignIn, DEFAULT_STAFF_POLICY } from '../../../../site/server/staff/accounts.js';
import { ROOT } from '../durability/harness.js';
import { type FormServer, signIn, startFormServer } from './harness.js';

const PASSWORD = 'first account password';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run staff -- …args` with `env` as the server's environment (nothing else of it) and `input` on stdin. */
function staffCli(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent' };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=antrag:source', '--import', 'tsx', 'site/server/staff-cli.ts', ...args],
      { cwd: ROOT, env: { ...base, ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

describe('npm run staff, on PostgreSQL beside a running server', () => {
  let server: FormServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startFormServer();
    env = { DATABASE_URL: server.databaseUrl };
  });
  afterAll(() => server?.close());

  it('adds an account from the password on standard input; the person signs in at the server', async () => {
    const run = await staffCli(['add', 'ada@example.org', '--role', 'viewer'], env, `${PASSWORD}\n`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('added ada@example.org as viewer\n');
    expect(run.code).toBe(0);
    const session = await signIn(server.base, 'ada@example.org', PASSWORD);
    expect(session.status).toBe(200);
    const me = await fetch(`${server.base}/api/admin/me`, { headers: { cookie: session.cookie! } });
    expect(await me.json()).toMatchObject({ role: 'viewer' });
  });

  it('refuses a short password and an address taken (exit 1), lists, unlocks and removes', async () => {
    const short = await staffCli(['add', 'bea@example.org'], env, 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('staff: the password must have at least 12 characters\n');
    const taken = await staffCli(['add', 'ADA@example.org'], env, `${PASSWORD}\n`);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('staff: there is already a staff account for ada@example.org\n');
    expect((await staffCli(['list'], env)).stdout).toBe('ada@example.org  viewer\n');
    expect((await staffCli(['unlock', 'ada@example.org'], env)).stdout).toBe('unlocked ada@example.org\n');
    expect((await staffCli(['remove', 'ada@example.org'], env)).stdout).toBe('removed ada@example.org\n');
    const again = await staffCli(['remove', 'ada@example.org'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('staff: no staff account for ada@example.org\n');
    expect((await signIn(server.base, 'ada@example.org', PASSWORD)).status).toBe(401);
  });

  it('usage errors exit 2 with the usage, which says how the first account is made', async () => {
    const unknown = await staffCli(['promote', 'ada@example.org'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("staff: unknown command 'promote'");
    expect(unknown.stderr).toContain('The first staff account: run "npm run staff -- add <email>"');
    const noPassword = await staffCli(['add', 'cy@example.org'], env, '');
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('staff: no password on standard input');
    const help = await staffCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run staff -- add <email> [--role publisher|viewer]');
  });
});

describe('npm run staff, on the embedded database (a server without an admin token)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'antrag-staff-pglite-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses while a server holds the embedded database open, then makes the first account; the server’s sign-in takes it', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'staff-cli-test' });
    const serving = await openDatabase(config);
    try {
      const refused = await staffCli(['add', 'first@example.org'], { DATA_DIR: dataDir }, `${PASSWORD}\n`);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('staff: the embedded database is open in another process');
      expect(refused.stderr).toContain('stop the server first');
    } finally {
      await serving.close();
    }

    const run = await staffCli(['add', 'first@example.org'], { DATA_DIR: dataDir }, `${PASSWORD}\n`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('added first@example.org as publisher\n');
    expect(run.code).toBe(0);
    const database = await openDatabase(config);
    try {
      const result = await checkSignIn(database.db, 'first@example.org', PASSWORD, DEFAULT_STAFF_POLICY);
      expect(result).toMatchObject({ ok: true, member: { email: 'first@example.org', role: 'publisher' } });
      // the refused run stored nothing: one account, added once
      const added = await database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'staff-add')
        .execute();
      expect(added).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
