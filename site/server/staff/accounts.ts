/**
 * Staff accounts and their sign-ins. A sign-in hands out a random session token (the cookie's value); only its
 * SHA-256 is stored. After `lockout.attempts` failed sign-ins in a row an account is locked for `lockout.minutes`;
 * an unknown e-mail costs as much time as a wrong password and gets the same answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { audit } from './audit.js';
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
}

export const DEFAULT_STAFF_POLICY: StaffPolicy = { lockoutAttempts: 5, lockoutMinutes: 15, sessionHours: 8 };

const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as accounts are keyed: trimmed and lower-case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
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
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))
    throw new StaffError(`'${input.email}' is not an e-mail address`);
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

/** Checks e-mail and password, counting failures; hands out a session token on success. */
export async function signIn(
  db: Kysely<Database>,
  email: string,
  password: string,
  policy: StaffPolicy,
): Promise<SignIn> {
  const normal = normalEmail(email);
  const row =
    normal.length <= MAX_EMAIL_LENGTH && password.length <= MAX_PASSWORD_LENGTH
      ? await db.selectFrom('staff').selectAll().where('email', '=', normal).executeTakeFirst()
      : undefined;
  if (!row) {
    await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), await decoyHash());
    await audit(db, `staff:${normal.slice(0, MAX_EMAIL_LENGTH)}`, 'sign-in-failed', null, null, { known: false });
    return { ok: false, reason: 'invalid' };
  }
  const now = Date.now();
  if (row.locked_until && new Date(row.locked_until).getTime() > now) {
    return {
      ok: false,
      reason: 'locked',
      retryAfterSeconds: Math.ceil((new Date(row.locked_until).getTime() - now) / 1000),
    };
  }
  if (!(await verifyPassword(password, row.password_hash))) return failed(db, row.id, normal, policy);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + policy.sessionHours * 3_600_000);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ failed_attempts: 0, locked_until: null }).where('id', '=', row.id).execute();
    await trx
      .insertInto('staff_sessions')
      .values({ token_hash: tokenHash(token), staff_id: row.id, expires_at: expiresAt })
      .execute();
    await audit(trx, `staff:${normal}`, 'sign-in', null, null, null);
  });
  return { ok: true, member: { id: row.id, email: row.email, role: row.role as StaffRole }, token, expiresAt };
}

/** Counts a failed sign-in (atomically: parallel guesses all count) and locks the account at the limit. */
async function failed(db: Kysely<Database>, id: number, email: string, policy: StaffPolicy): Promise<SignIn> {
  const row = await db
    .updateTable('staff')
    .set({ failed_attempts: sql`failed_attempts + 1` })
    .where('id', '=', id)
    .returning('failed_attempts')
    .executeTakeFirstOrThrow();
  if (row.failed_attempts >= policy.lockoutAttempts) {
    const until = new Date(Date.now() + policy.lockoutMinutes * 60_000);
    await db.updateTable('staff').set({ failed_attempts: 0, locked_until: until }).where('id', '=', id).execute();
    await audit(db, `staff:${email}`, 'locked', null, null, { until: until.toISOString() });
    return { ok: false, reason: 'locked', retryAfterSeconds: policy.lockoutMinutes * 60 };
  }
  await audit(db, `staff:${email}`, 'sign-in-failed', null, null, { known: true });
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
    await audit(db, `staff:${member?.email ?? row.staff_id}`, 'sign-out', null, null, null);
  }
}

/** Sign-ins past their time, forgotten by the hourly housekeeping. */
export async function forgetExpiredSessions(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
