/**
 * The staff lock-out's counters (issue 17). A sign-in first *takes* an attempt, in one statement, and checks the
 * password only when that attempt was within the limit: parallel guesses each take their own number, so at most
 * `lockoutAttempts` passwords are checked per lock period however many arrive at once. The failure that finds the
 * counter at the limit locks it.
 *
 * An account's counter lives in `staff`; an address with no account has the same counter in
 * `staff_sign_in_guesses`, keyed by an HMAC of the normalised address (never its text), so both lock alike and the
 * lock-out tells no one which addresses have accounts. In the database rather than in memory: several instances
 * share PostgreSQL, and a counter per instance would give an attacker the limit once per instance and answer
 * unknown addresses differently from accounts. A counter starts again a day after its last attempt (accounts' and
 * unknown addresses' alike), so the table of unknown addresses stays small: `forgetOldGuesses` empties it hourly.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.js';

export interface LockoutPolicy {
  lockoutAttempts: number;
  lockoutMinutes: number;
}

/** Whose counter: an account's (`staff.id`) or an address's with no account (its `emailKey`). */
export type Counter = { account: number } | { unknown: string };

export type Attempt = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Used when no secret is given (the staff CLI, tests): keys stay stable while the process runs. */
const processSecret = randomBytes(32).toString('hex');

/** The HMAC (hex) of a normalised address: the key of its counter, and (shortened) its name in the audit log. */
export function emailKey(normalEmail: string, secret = processSecret): string {
  return createHmac('sha256', secret).update(`staff-email:${normalEmail}`).digest('hex');
}

type Table = 'staff' | 'staff_sign_in_guesses';

/**
 * Whether a counter starts again with this attempt: its lock has ended, its last attempt is a day old, or it
 * reached the limit but no lock followed within the lock-out time (the checks in flight never ended: a crash).
 */
function restarts(table: Table, policy: LockoutPolicy) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const lockout = sql`make_interval(secs => ${policy.lockoutMinutes * 60}::double precision)`;
  return sql<SqlBool>`(${column('locked_until')} is not null
    or ${column('last_attempt_at')} <= now() - interval '24 hours'
    or (${column('failed_attempts')} >= ${policy.lockoutAttempts} and ${column('last_attempt_at')} <= now() - ${lockout}))`;
}

/** The attempt's number: 1 when the counter starts again, else one more. */
function nextCount(table: Table, policy: LockoutPolicy): Expression<number> {
  return sql<number>`case when ${restarts(table, policy)} then 1 else ${sql.ref(`${table}.failed_attempts`)} + 1 end`;
}

/** An attempt may be taken: the counter is not locked, and below the limit or starting again. */
function open(table: Table, policy: LockoutPolicy) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`((${column('locked_until')} is null or ${column('locked_until')} <= now())
    and (${column('failed_attempts')} < ${policy.lockoutAttempts} or ${restarts(table, policy)}))`;
}

const unlocked = (table: Table) =>
  sql<SqlBool>`(${sql.ref(`${table}.locked_until`)} is null or ${sql.ref(`${table}.locked_until`)} <= now())`;

/**
 * Takes one attempt for `counter`: `ok` when a password may be checked, else how long until it may. Refused when
 * the counter is locked, or when `lockoutAttempts` attempts are already taken (being checked; the lock follows).
 * A refused attempt changes nothing.
 */
export async function takeAttempt(db: Kysely<Database>, counter: Counter, policy: LockoutPolicy): Promise<Attempt> {
  const taken =
    'account' in counter
      ? await db
          .updateTable('staff')
          .set({ failed_attempts: nextCount('staff', policy), locked_until: null, last_attempt_at: sql`now()` })
          .where('id', '=', counter.account)
          .where(open('staff', policy))
          .returning('failed_attempts')
          .executeTakeFirst()
      : await db
          .insertInto('staff_sign_in_guesses')
          .values({ email_key: counter.unknown, failed_attempts: 1 })
          .onConflict((oc) =>
            oc
              .column('email_key')
              .doUpdateSet({
                failed_attempts: nextCount('staff_sign_in_guesses', policy),
                locked_until: null,
                last_attempt_at: sql`now()`,
              })
              .where(open('staff_sign_in_guesses', policy)),
          )
          .returning('failed_attempts')
          .executeTakeFirst();
  if (taken) return { ok: true };
  return { ok: false, retryAfterSeconds: await secondsLocked(db, counter, policy) };
}

/** Seconds until a refused counter takes attempts again; the whole lock-out while its lock is still to come. */
async function secondsLocked(db: Kysely<Database>, counter: Counter, policy: LockoutPolicy): Promise<number> {
  const left = sql<number | string | null>`ceil(extract(epoch from (locked_until - now())))`.as('left');
  const row =
    'account' in counter
      ? await db.selectFrom('staff').select(left).where('id', '=', counter.account).executeTakeFirst()
      : await db
          .selectFrom('staff_sign_in_guesses')
          .select(left)
          .where('email_key', '=', counter.unknown)
          .executeTakeFirst();
  const seconds = Number(row?.left ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : Math.ceil(policy.lockoutMinutes * 60);
}

/**
 * After a wrong password: locks the counter when it has reached the limit and is not locked yet. Answers when the
 * lock ends if this failure set it, else undefined.
 */
export async function lockAtLimit(
  db: Kysely<Database>,
  counter: Counter,
  policy: LockoutPolicy,
): Promise<Date | undefined> {
  const until = sql<Date>`now() + make_interval(secs => ${policy.lockoutMinutes * 60}::double precision)`;
  const row =
    'account' in counter
      ? await db
          .updateTable('staff')
          .set({ locked_until: until })
          .where('id', '=', counter.account)
          .where('failed_attempts', '>=', policy.lockoutAttempts)
          .where('locked_until', 'is', null)
          .returning('locked_until')
          .executeTakeFirst()
      : await db
          .updateTable('staff_sign_in_guesses')
          .set({ locked_until: until })
          .where('email_key', '=', counter.unknown)
          .where('failed_attempts', '>=', policy.lockoutAttempts)
          .where('locked_until', 'is', null)
          .returning('locked_until')
          .executeTakeFirst();
  return row?.locked_until ? new Date(row.locked_until) : undefined;
}

/** Counters of unknown addresses a day past their last attempt and not locked: forgotten by the housekeeping. */
export async function forgetOldGuesses(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('staff_sign_in_guesses')
    .where(sql<SqlBool>`last_attempt_at <= now() - interval '24 hours'`)
    .where(unlocked('staff_sign_in_guesses'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
