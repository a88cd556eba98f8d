/**
 * Staff accounts and their sign-ins. A sign-in hands out a random session token (the cookie's value); only its
 * SHA-256 is stored. After `lockoutAttempts` failed sign-ins in a row an account is locked for `lockoutMinutes`
 * (lockout.ts, which also counts parallel guesses right); an unknown e-mail is counted and locked alike, costs as
 * much time as a wrong password and gets the same answers.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { audit } from './audit.js';
import { type Counter, emailKey, forgetOldGuesses, lockAtLimit, takeAttempt } from './lockout.js';
import { decoyHash, hashPassword, MAX_PASSWORD_LENGTH, passwordProblem, verifyPassword } from './passwords.js';

export type StaffRole = 'publisher' | 'viewer';
export const STAFF_ROLES: readonly StaffRole[] = ['publisher', 'viewer'];

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
}

export interface StaffPolicy {
  /** Failed sign-ins in a row that lock an account (STAFF_LOCKOUT_ATTEMPTS, default 5). */
  lockoutAttempts: number;
  /** How long it stays locked, minutes (STAFF_LOCKOUT_MINUTES, default 15). */
  lockoutMinutes: number;
  /** How long a sign-in lasts, hours (STAFF_SESSION_HOURS, default 8). */
  sessionHours: number;
  /**
   * Keys the counters and audit names of unknown addresses (ANTRAG_SECRET: every instance needs the same one);
   * a random key of this process when absent.
   */
  secret?: string;
}

export const DEFAULT_STAFF_POLICY: StaffPolicy = { lockoutAttempts: 5, lockoutMinutes: 15, sessionHours: 8 };

const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as accounts are keyed: trimmed and lower-case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** How the audit log names a failed sign-in of an address with no account (the address itself is never written). */
export const UNKNOWN_ACTOR = 'unknown-email';

/**
 * Characters that do not show, or show something else, where an address is printed (a terminal, the audit log):
 * control characters (ANSI escapes too), format characters (bidi overrides like U+202E, zero-width spaces), private
 * use, unassigned and lone surrogates, line and paragraph separators, every space but the plain one (which the
 * address check refuses anyway), and whatever else Unicode says is ignorable by default (U+3164 …).
 */
const INVISIBLE = /(?! )\p{Zs}|[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Why an address is refused for its characters (the code point and where), or undefined. */
export function invisibleCharacterIn(text: string): string | undefined {
  const found = INVISIBLE.exec(text);
  if (!found) return undefined;
  const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  const position = [...text.slice(0, found.index)].length + 1;
  return `the e-mail address has an invisible or control character (${code}) at position ${position}: type it again by hand`;
}

/**
 * How the audit log and the version list name a staff member: `staff:<email>`, or the account's number when its
 * address could mislead a reader (an account made before such addresses were refused).
 */
export function staffName(member: { id: number; email: string }): string {
  return invisibleCharacterIn(member.email) ? `staff:#${member.id}` : `staff:${member.email}`;
}

export class StaffError extends Error {}
/** The address already has an account (the staff API answers 409). */
export class StaffExistsError extends StaffError {}

/**
 * Makes an account; throws StaffError naming what is wrong (a bad address, a short password, an existing account).
 * `actor`: who the audit log names (`cli` for `npm run staff`, `token` for the staff API).
 */
export async function addStaff(
  db: Kysely<Database>,
  input: { email: string; password: string; role?: StaffRole },
  actor = 'cli',
): Promise<StaffMember> {
  const email = normalEmail(input.email);
  const invisible = invisibleCharacterIn(email);
  if (invisible) throw new StaffError(invisible);
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))
    throw new StaffError(`'${input.email.trim()}' is not an e-mail address`);
  const problem = passwordProblem(input.password);
  if (problem) throw new StaffError(problem);
  const role = input.role ?? 'publisher';
  if (!STAFF_ROLES.includes(role)) throw new StaffError(`the role must be one of ${STAFF_ROLES.join(', ')}`);
  const password_hash = await hashPassword(input.password);
  const row = await db
    .insertInto('staff')
    .values({ email, password_hash, role })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email', 'role'])
    .executeTakeFirst();
  if (!row) throw new StaffExistsError(`there is already a staff account for ${email}`);
  await audit(db, actor, 'staff-add', null, null, { email, role });
  return { id: row.id, email: row.email, role: row.role as StaffRole };
}

/** Removes an account and its sign-ins; false when there is none. */
export async function removeStaff(db: Kysely<Database>, email: string, actor = 'cli'): Promise<boolean> {
  const result = await db.deleteFrom('staff').where('email', '=', normalEmail(email)).executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await audit(db, actor, 'staff-remove', null, null, { email: normalEmail(email) });
  return removed;
}

/** Lifts a lock-out; false when there is no such account. */
export async function unlockStaff(db: Kysely<Database>, email: string, actor = 'cli'): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ failed_attempts: 0, locked_until: null })
    .where('email', '=', normalEmail(email))
    .executeTakeFirst();
  const unlocked = Number(result.numUpdatedRows) > 0;
  if (unlocked) await audit(db, actor, 'staff-unlock', null, null, { email: normalEmail(email) });
  return unlocked;
}

export async function listStaff(db: Kysely<Database>) {
  return db.selectFrom('staff').select(['email', 'role', 'locked_until', 'created_at']).orderBy('email').execute();
}

export type SignIn =
  | { ok: true; member: StaffMember; token: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whose attempt a sign-in is: the counter it takes and how the audit log names it. */
interface Attempter {
  counter: Counter;
  actor: string;
  detail: { known: boolean; emailHash?: string };
}

function attempterOf(row: { id: number; email: string } | undefined, normal: string, policy: StaffPolicy): Attempter {
  if (row) return { counter: { account: row.id }, actor: staffName(row), detail: { known: true } };
  // what was typed is never stored: it may be anything, a password typed into the wrong field too
  const key = emailKey(normal, policy.secret);
  return { counter: { unknown: key }, actor: UNKNOWN_ACTOR, detail: { known: false, emailHash: key.slice(0, 12) } };
}

/**
 * Checks e-mail and password, counting failures; hands out a session token on success. An unknown address takes
 * the same steps as an account (a counter of its own, a password check against the decoy hash), so its answers and
 * their timing tell nothing.
 */
export async function signIn(
  db: Kysely<Database>,
  email: string,
  password: string,
  policy: StaffPolicy,
): Promise<SignIn> {
  const normal = normalEmail(email);
  const row =
    normal.length <= MAX_EMAIL_LENGTH
      ? await db.selectFrom('staff').selectAll().where('email', '=', normal).executeTakeFirst()
      : undefined;
  const who = attempterOf(row, normal, policy);
  const attempt = await takeAttempt(db, who.counter, policy);
  if (!attempt.ok) return { ok: false, reason: 'locked', retryAfterSeconds: attempt.retryAfterSeconds };
  // a password no account can have is checked against the decoy too: as slow as a wrong one
  const usable = row !== undefined && password.length <= MAX_PASSWORD_LENGTH;
  const hash = usable ? row.password_hash : await decoyHash();
  const right = (await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), hash)) && usable;
  if (!right) return failed(db, who, policy);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.sessionHours * 3_600_000);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ failed_attempts: 0, locked_until: null }).where('id', '=', row.id).execute();
    await trx
      .insertInto('staff_sessions')
      .values({ token_hash: tokenHash(token), staff_id: row.id, expires_at: expiresAt })
      .execute();
    await audit(trx, who.actor, 'sign-in', null, null, null);
  });
  return { ok: true, member: { id: row.id, email: row.email, role: row.role as StaffRole }, token, expiresAt };
}

/** A wrong password: the failure that finds its counter at the limit locks it. */
async function failed(db: Kysely<Database>, who: Attempter, policy: StaffPolicy): Promise<SignIn> {
  const until = await lockAtLimit(db, who.counter, policy);
  if (until) {
    await audit(db, who.actor, 'locked', null, null, { ...who.detail, until: until.toISOString() });
    return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil(policy.lockoutMinutes * 60) };
  }
  await audit(db, who.actor, 'sign-in-failed', null, null, who.detail);
  return { ok: false, reason: 'invalid' };
}

/** The staff member a session token belongs to, while it lasts. */
export async function sessionMember(db: Kysely<Database>, token: string): Promise<StaffMember | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff.id', 'staff.email', 'staff.role'])
    .where('staff_sessions.token_hash', '=', tokenHash(token))
    .where('staff_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, role: row.role as StaffRole } : undefined;
}

export async function signOut(db: Kysely<Database>, token: string): Promise<void> {
  const row = await db
    .deleteFrom('staff_sessions')
    .where('token_hash', '=', tokenHash(token))
    .returning('staff_id')
    .executeTakeFirst();
  if (row) {
    const member = await db.selectFrom('staff').select('email').where('id', '=', row.staff_id).executeTakeFirst();
    await audit(
      db,
      member ? staffName({ id: row.staff_id, ...member }) : `staff:#${row.staff_id}`,
      'sign-out',
      null,
      null,
      null,
    );
  }
}

/** Sign-ins past their time, and the lock-out counters of unknown addresses a day old, forgotten hourly. */
export async function forgetExpiredSessions(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows) + (await forgetOldGuesses(db));
}
