/**
 * The staff lock-out against an attacker (issue 17), over real HTTP on a PostgreSQL schema of its own: a burst of
 * parallel guesses gets exactly STAFF_LOCKOUT_ATTEMPTS password checks, and the right password sent after them is
 * refused; an address with no account locks exactly as an account does (same answers, same Retry-After); a counter
 * left at the limit by checks that never ended starts again after the lock-out time; the counters of unknown
 * addresses are forgotten by the housekeeping. The sign-in rate limit is set high: the lock-out is under test.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, forgetExpiredSessions } from '../../../../site/server/staff/accounts.js';
import { ADMIN_TOKEN, type FormServer, startFormServer } from './harness.js';

const LIMIT = 5;
const PASSWORD = 'the right one, sent after the burst';

let server: FormServer;

beforeAll(async () => {
  server = await startFormServer({ RATE_LIMIT_SIGN_IN: '1000', STAFF_LOCKOUT_ATTEMPTS: String(LIMIT) });
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  message: string;
  retryAfter: number | null;
}

async function signIn(email: string, password: string): Promise<Answer> {
  const response = await fetch(`${server.base}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { message?: string };
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, message: body.message ?? '', retryAfter: retryAfter ? Number(retryAfter) : null };
}

/** How many answers had each status. */
function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

interface Entry {
  actor: string;
  action: string;
  detail: { known?: boolean; emailHash?: string } | null;
}

async function auditLog(): Promise<Entry[]> {
  const response = await fetch(`${server.base}/api/admin/audit?limit=500`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return ((await response.json()) as { entries: Entry[] }).entries;
}

/** Password checks made: every one ends in a failed sign-in or the lock-out in the audit log. */
const checks = (entries: Entry[], actor: string) =>
  entries.filter((e) => e.actor === actor && (e.action === 'sign-in-failed' || e.action === 'locked'));

/** Waits until `LIMIT` attempts of the burst are taken (or the lock is set), so whatever comes next is one more. */
async function burstTaken(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the burst never reached the lock-out limit');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a burst of parallel guesses', () => {
  it('gets exactly STAFF_LOCKOUT_ATTEMPTS password checks, and the right password after them is refused', async () => {
    const email = 'burst@example.org';
    const { id } = await addStaff(server.database.db, { email, password: PASSWORD });
    const burst = Array.from({ length: 20 }, (_, i) => signIn(email, `wrong guess number ${i}`));
    await burstTaken(async () => {
      const row = await server.database.db
        .selectFrom('staff')
        .select(['failed_attempts', 'locked_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.failed_attempts >= LIMIT || row.locked_until !== null;
    });
    const right = await signIn(email, PASSWORD);
    const answers = await Promise.all(burst);

    expect(tally(answers)).toEqual({ 401: LIMIT - 1, 423: 20 - (LIMIT - 1) });
    expect(right.status).toBe(423);
    expect(right.retryAfter).toBeGreaterThan(14 * 60);
    const log = await auditLog();
    expect(checks(log, `staff:${email}`)).toHaveLength(LIMIT);
    expect(log.filter((e) => e.actor === `staff:${email}` && e.action === 'locked')).toHaveLength(1);
    expect(log.filter((e) => e.actor === `staff:${email}` && e.action === 'sign-in')).toEqual([]);
  });

  it('against an address with no account is counted alike: the same answers, the same number of checks', async () => {
    const email = 'nobody-in-a-burst@example.org';
    const before = await auditLog();
    const guesses = () =>
      server.database.db.selectFrom('staff_sign_in_guesses').select(['email_key', 'failed_attempts', 'locked_until']);
    const counted = new Set((await guesses().execute()).map((r) => r.email_key));
    const burst = Array.from({ length: 20 }, (_, i) => signIn(email, `wrong guess number ${i}`));
    await burstTaken(async () => {
      const rows = (await guesses().execute()).filter((r) => !counted.has(r.email_key));
      return rows.some((r) => r.failed_attempts >= LIMIT || r.locked_until !== null);
    });
    const last = await signIn(email, PASSWORD);
    const answers = await Promise.all(burst);

    expect(tally(answers)).toEqual({ 401: LIMIT - 1, 423: 20 - (LIMIT - 1) });
    expect(last.status).toBe(423);
    const log = await auditLog();
    const made = checks(log, 'unknown-email').length - checks(before, 'unknown-email').length;
    expect(made).toBe(LIMIT);
  });
});

describe('an address with no account', () => {
  it('is locked out after as many failures as an account, with the same answers', async () => {
    await addStaff(server.database.db, { email: 'known@example.org', password: PASSWORD });
    const known: Answer[] = [];
    const unknown: Answer[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      known.push(await signIn('known@example.org', `wrong password ${i}`));
      unknown.push(await signIn('Unknown@Example.org', `wrong password ${i}`));
    }
    const statuses = [...Array(LIMIT - 1).fill(401), 423, 423, 423];
    expect(known.map((a) => a.status)).toEqual(statuses);
    expect(unknown.map((a) => a.status)).toEqual(statuses);
    expect(unknown.map((a) => a.message)).toEqual(known.map((a) => a.message));
    for (let i = LIMIT - 1; i < LIMIT + 2; i++) {
      expect(unknown[i].retryAfter).toBeGreaterThan(14 * 60);
      expect(Math.abs((unknown[i].retryAfter ?? 0) - (known[i].retryAfter ?? 0))).toBeLessThanOrEqual(2);
    }
    // one address, however it is written: the normalised one is counted
    expect((await signIn(' unknown@example.ORG ', 'wrong again')).status).toBe(423);
    // another unknown address has a counter of its own
    expect((await signIn('someone-else@example.org', 'wrong password')).status).toBe(401);
  });

  it('says "1 minute", not "1 minutes", when a minute or less is left', async () => {
    const email = 'almost@example.org';
    await addStaff(server.database.db, { email, password: PASSWORD });
    await server.database.db
      .updateTable('staff')
      .set({ failed_attempts: LIMIT, locked_until: sql<Date>`now() + interval '30 seconds'` })
      .where('email', '=', email)
      .execute();
    const answer = await signIn(email, PASSWORD);
    expect(answer.status).toBe(423);
    expect(answer.message).toBe('Too many failed sign-ins: try again in 1 minute.');
    expect(answer.retryAfter).toBeLessThanOrEqual(30);
  });
});

describe('the counters', () => {
  it('start again when checks at the limit never ended (a crash) and the lock-out time has passed', async () => {
    const email = 'crashed@example.org';
    await addStaff(server.database.db, { email, password: PASSWORD });
    const stuck = (ago: string) =>
      server.database.db
        .updateTable('staff')
        .set({ failed_attempts: LIMIT, locked_until: null, last_attempt_at: sql<Date>`now() - ${ago}::interval` })
        .where('email', '=', email)
        .execute();
    // checks still in flight: refused
    await stuck('1 second');
    expect((await signIn(email, PASSWORD)).status).toBe(423);
    // STAFF_LOCKOUT_MINUTES (15) later nothing can be in flight any more
    await stuck('16 minutes');
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('of unknown addresses are forgotten a day after their last attempt, unless locked', async () => {
    const db = server.database.db;
    await db
      .insertInto('staff_sign_in_guesses')
      .values([
        { email_key: 'old', failed_attempts: 2, last_attempt_at: sql<Date>`now() - interval '25 hours'` },
        {
          email_key: 'old-but-locked',
          failed_attempts: LIMIT,
          locked_until: sql<Date>`now() + interval '1 hour'`,
          last_attempt_at: sql<Date>`now() - interval '25 hours'`,
        },
        { email_key: 'recent', failed_attempts: 2 },
      ])
      .execute();
    await forgetExpiredSessions(db);
    const keys = (await db.selectFrom('staff_sign_in_guesses').select('email_key').execute()).map((r) => r.email_key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('old-but-locked');
    expect(keys).toContain('recent');
  });
});
