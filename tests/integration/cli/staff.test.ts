/**
 * `antrag staff add|list|remove|unlock` against a real server (in this process) through its staff API with the
 * admin token: the password comes from standard input (a pipe here: its first line), the person then signs in
 * with POST /api/admin/sign-in; the server's refusals (a short password, an address taken, no such account) are
 * exit 1 with its reason, a missing or wrong token exit 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type FormServer, signIn, startFormServer } from '../server/staff/harness.js';
import { antragWith, lines } from './support.js';

const PASSWORD = 'a long enough password';

describe('antrag staff', () => {
  let server: FormServer;
  const staff = (args: string[], input = '', env: Record<string, string> = { ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN }) =>
    antragWith(['staff', ...args, '--server', server.base], { env, input });

  beforeAll(async () => {
    server = await startFormServer({ STAFF_LOCKOUT_ATTEMPTS: '2', RATE_LIMIT_SIGN_IN: '100' });
  });
  afterAll(() => server?.close());

  it('adds an account with the password from standard input; the person signs in with it', async () => {
    const run = await staff(['add', 'ada@example.org'], `${PASSWORD}\n`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('added ada@example.org as publisher\n');
    expect(run.code).toBe(0);
    const session = await signIn(server.base, 'ada@example.org', PASSWORD);
    expect(session.status).toBe(200);
    expect(session.cookie).toMatch(/^antrag_staff=/);
  });

  it('takes only the first line of a pipe, without its line break (\\r\\n too)', async () => {
    const run = await staff(['add', 'vic@example.org', '--role', 'viewer'], `${PASSWORD} 2\r\nnot this line\n`);
    expect(run.stdout).toBe('added vic@example.org as viewer\n');
    expect((await signIn(server.base, 'vic@example.org', `${PASSWORD} 2`)).status).toBe(200);
  });

  it('refuses a short password with the server’s reason, exit 1, and adds nobody', async () => {
    const run = await staff(['add', 'bea@example.org'], 'short\n');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: bea@example.org was not added: the password must have at least 12 characters\n');
    expect((await signIn(server.base, 'bea@example.org', 'short')).status).toBe(401);
  });

  it('refuses an address that has an account, exit 1, and keeps its password', async () => {
    const run = await staff(['add', 'Ada@Example.org'], 'another long password\n');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: Ada@Example.org was not added: there is already a staff account for ada@example.org\n',
    );
    expect((await signIn(server.base, 'ada@example.org', PASSWORD)).status).toBe(200);
  });

  it('without a password on standard input: a usage error, nothing sent', async () => {
    const run = await staff(['add', 'cy@example.org'], '');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: no password on standard input');
    const list = await staff(['list', '--format', 'json']);
    expect((JSON.parse(list.stdout) as { staff: Array<{ email: string }> }).staff.map((m) => m.email)).toEqual([
      'ada@example.org',
      'vic@example.org',
    ]);
  });

  it('lists the accounts with their roles and lock-outs; unlock lets a locked person in again', async () => {
    await signIn(server.base, 'vic@example.org', 'wrong password 1');
    expect((await signIn(server.base, 'vic@example.org', 'wrong password 2')).status).toBe(423);
    const list = await staff(['list']);
    expect(list.code).toBe(0);
    const [ada, vic] = lines(list.stdout);
    expect(ada).toBe('ada@example.org  publisher');
    expect(vic).toMatch(/^vic@example\.org {2}viewer {2}locked until \d{4}-\d\d-\d\dT/);

    const unlock = await staff(['unlock', 'vic@example.org']);
    expect(unlock.stdout).toBe('unlocked vic@example.org\n');
    expect(unlock.code).toBe(0);
    expect((await signIn(server.base, 'vic@example.org', `${PASSWORD} 2`)).status).toBe(200);
  });

  it('removes an account; removing it again is exit 1 with the server’s reason', async () => {
    const removed = await staff(['remove', 'vic@example.org']);
    expect(removed.stdout).toBe('removed vic@example.org\n');
    expect(removed.code).toBe(0);
    expect((await signIn(server.base, 'vic@example.org', `${PASSWORD} 2`)).status).toBe(401);
    const again = await staff(['remove', 'vic@example.org']);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: No staff account for vic@example.org\n');
  });

  it('without ANTRAG_ADMIN_TOKEN, or with a wrong one: one line naming it, exit 2, nobody added', async () => {
    const none = await staff(['add', 'dan@example.org'], `${PASSWORD}\n`, {});
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      "error: no admin token: set ANTRAG_ADMIN_TOKEN to the server's admin token (its own ANTRAG_ADMIN_TOKEN)\n",
    );
    const wrong = await staff(['add', 'dan@example.org'], `${PASSWORD}\n`, {
      ANTRAG_ADMIN_TOKEN: 'not-the-admin-token-but-long-enough-0000',
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^error: the server did not accept ANTRAG_ADMIN_TOKEN \(401 Unauthorized, POST /);
    expect((await signIn(server.base, 'dan@example.org', PASSWORD)).status).toBe(401);
  });

  it('says in its help how the first account is made', async () => {
    const help = await antragWith(['staff', 'add', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('The first account:');
    expect(help.stdout).toContain('npm run staff -- add <email>');
  });
});
