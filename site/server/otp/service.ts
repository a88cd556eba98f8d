/**
 * One-time codes of the KYC re-verification (spec 000: section 4 "KYC OTP", calls 6 and 7): six
 * random digits mailed to the lead, valid 10 minutes, resendable after the 60 s countdown the page
 * shows, checked at most 5 times before the lead is locked for 15 minutes.
 *
 * At rest only a salted scrypt hash of the code is kept (one row per lead in `otps`). Six digits
 * are a million possibilities, so a hash alone cannot keep a leaked row secret forever; scrypt's
 * cost (~50 ms a guess) makes trying them all take far longer than the code's 10-minute life.
 *
 * Every function takes `now`, so limits and expiry are tested with a fake clock and all times
 * in the table come from the caller, never from the database's clock.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { MailTransport } from '../context.js';
import type { Database } from '../db/schema.js';

export const OTP_DIGITS = 6;
export const OTP_TTL_SECONDS = 10 * 60;
/** The page's resend countdown (spec 000, section 9). */
export const OTP_RESEND_SECONDS = 60;
/** Sends allowed in a row before the lead must pause for `OTP_SEND_WINDOW_SECONDS`. */
export const OTP_MAX_SENDS = 5;
export const OTP_SEND_WINDOW_SECONDS = 60 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_LOCK_SECONDS = 15 * 60;

export type OtpFailureReason = 'invalid' | 'expired' | 'locked' | 'no-code' | 'too-many-requests';

export type SendOtpResult =
  | { ok: true; expiresInSeconds: number; resendAfterSeconds: number }
  | { ok: false; reason: 'locked' | 'too-many-requests'; retryAfterSeconds: number };

export type VerifyOtpResult =
  | { ok: true }
  | { ok: false; reason: 'invalid'; attemptsLeft: number }
  | { ok: false; reason: 'expired' | 'no-code' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

// Hashing -------------------------------------------------------------------------------------------

/** scrypt cost: 2^14 × 8 × 128 bytes = 16 MiB and tens of milliseconds per hash. */
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const HASH_BYTES = 32;

function scryptAsync(code: string, salt: Buffer, params: typeof SCRYPT): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code, salt, HASH_BYTES, params, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash, so they can change later. */
export async function hashOtp(code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(code, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function otpMatches(code: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const params = { ...SCRYPT, N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scryptAsync(code, Buffer.from(salt, 'base64url'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Six digits, each from the operating system's random source; leading zeros are kept. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
}

// Sending -------------------------------------------------------------------------------------------

export interface SendOtpInput {
  leadId: number;
  /** The lead's e-mail address. */
  to: string;
  now?: Date;
}

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/**
 * Creates a new code for the lead (replacing any earlier one, with a fresh attempt budget) and
 * mails it. Refused while the lead is locked, within 60 s of the last send, and after 5 sends
 * without an hour's pause: the table keeps only the last send time and a counter, so the hour is
 * counted from the last send, which also guarantees at most 5 sends in any hour.
 *
 * When the mail cannot be sent the error is thrown (the route answers 'Failed to send OTP'); the
 * send still counts, so a failing mail server is not hammered by retries.
 */
export async function sendOtp(db: Kysely<Database>, mail: MailTransport, input: SendOtpInput): Promise<SendOtpResult> {
  const now = input.now ?? new Date();
  const row = await db
    .selectFrom('otps')
    .select(['locked_until', 'last_sent_at', 'sends_in_window'])
    .where('lead_id', '=', input.leadId)
    .executeTakeFirst();

  let sends = 1;
  if (row) {
    const lockedUntil = row.locked_until ? new Date(row.locked_until) : undefined;
    if (lockedUntil && lockedUntil > now) {
      return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(lockedUntil, now) };
    }
    const lastSent = new Date(row.last_sent_at);
    const resendAt = plus(lastSent, OTP_RESEND_SECONDS);
    if (resendAt > now)
      return { ok: false, reason: 'too-many-requests', retryAfterSeconds: secondsUntil(resendAt, now) };
    const windowEnds = plus(lastSent, OTP_SEND_WINDOW_SECONDS);
    if (windowEnds > now) {
      if (row.sends_in_window >= OTP_MAX_SENDS) {
        return { ok: false, reason: 'too-many-requests', retryAfterSeconds: secondsUntil(windowEnds, now) };
      }
      sends = row.sends_in_window + 1;
    }
  }

  const code = generateOtp();
  const values = {
    code_hash: await hashOtp(code),
    expires_at: plus(now, OTP_TTL_SECONDS),
    attempts: 0,
    locked_until: null,
    last_sent_at: now,
    sends_in_window: sends,
  };
  // Insert or replace in one statement (`on conflict`, on PGlite and PostgreSQL alike). The update
  // applies only if the row is still the one read above, so two concurrent sends cannot both pass
  // the limits: the loser writes nothing and is told to wait.
  const written = await db
    .insertInto('otps')
    .values({ lead_id: input.leadId, ...values })
    .onConflict((oc) =>
      row
        ? oc.column('lead_id').doUpdateSet(values).where('otps.last_sent_at', '=', new Date(row.last_sent_at))
        : oc.column('lead_id').doNothing(),
    )
    .returning('lead_id')
    .executeTakeFirst();
  if (!written) return { ok: false, reason: 'too-many-requests', retryAfterSeconds: OTP_RESEND_SECONDS };

  await mail.send({ to: input.to, ...otpMail(code) });
  return { ok: true, expiresInSeconds: OTP_TTL_SECONDS, resendAfterSeconds: OTP_RESEND_SECONDS };
}

/** The message (English for now; the lead's language can be passed in later). */
export function otpMail(code: string): { subject: string; text: string } {
  return {
    subject: 'Your verification code',
    text: [
      `Your verification code is ${code}`,
      '',
      `It is valid for ${OTP_TTL_SECONDS / 60} minutes. Enter it on the verification page to continue.`,
      'If you did not ask for this code, you can ignore this e-mail.',
    ].join('\n'),
  };
}

// Verifying -----------------------------------------------------------------------------------------

export interface VerifyOtpInput {
  leadId: number;
  code: string;
  now?: Date;
}

/**
 * Checks a code. A wrong code uses one of 5 attempts; the fifth wrong one locks the lead for 15
 * minutes, during which every code, the right one too, is refused. The right code deletes the row.
 *
 * The attempt is taken before the code is compared, in one conditional update, so parallel
 * requests cannot try more than 5 codes between them. A text that is not 6 digits is refused
 * without using an attempt: it cannot be right, and a paste slip should not lock anyone out.
 */
export async function verifyOtp(db: Kysely<Database>, input: VerifyOtpInput): Promise<VerifyOtpResult> {
  const now = input.now ?? new Date();
  const code = String(input.code ?? '').replace(/\s+/g, '');
  if (!isWellFormed(code)) return refusal(db, input.leadId, now);

  // Take an attempt if the code is live and the lead not locked. A lock that has run out starts a
  // new budget (attempts back to 1, the lock cleared).
  const claimed = await db
    .updateTable('otps')
    .set({
      attempts: sql<number>`case when locked_until is not null then 1 else attempts + 1 end`,
      locked_until: null,
    })
    .where('lead_id', '=', input.leadId)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('locked_until', 'is', null), eb('attempts', '<', OTP_MAX_ATTEMPTS)]),
        eb('locked_until', '<=', now),
      ]),
    )
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();

  if (!claimed) return refusal(db, input.leadId, now);

  if (await otpMatches(code, claimed.code_hash)) {
    await db
      .deleteFrom('otps')
      .where('lead_id', '=', input.leadId)
      .where('code_hash', '=', claimed.code_hash)
      .execute();
    return { ok: true };
  }
  if (claimed.attempts >= OTP_MAX_ATTEMPTS) {
    const lockedUntil = plus(now, OTP_LOCK_SECONDS);
    await db.updateTable('otps').set({ locked_until: lockedUntil }).where('lead_id', '=', input.leadId).execute();
    return { ok: false, reason: 'locked', retryAfterSeconds: OTP_LOCK_SECONDS };
  }
  return { ok: false, reason: 'invalid', attemptsLeft: OTP_MAX_ATTEMPTS - claimed.attempts };
}

function isWellFormed(code: string): boolean {
  return new RegExp(`^\\d{${OTP_DIGITS}}$`).test(code);
}

/** Why a code was refused without a comparison, read from the row as it is now. */
async function refusal(db: Kysely<Database>, leadId: number, now: Date): Promise<VerifyOtpResult> {
  const row = await db
    .selectFrom('otps')
    .select(['expires_at', 'attempts', 'locked_until'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'no-code' };
  const lockedUntil = row.locked_until ? new Date(row.locked_until) : undefined;
  if (lockedUntil && lockedUntil > now) {
    return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(lockedUntil, now) };
  }
  // Out of attempts with the lock not yet written: a parallel request is writing it right now.
  if (!lockedUntil && row.attempts >= OTP_MAX_ATTEMPTS) {
    return { ok: false, reason: 'locked', retryAfterSeconds: OTP_LOCK_SECONDS };
  }
  if (new Date(row.expires_at) <= now) return { ok: false, reason: 'expired' };
  // A malformed code, or a new code was sent between the update and this read. After a lock has
  // run out the next attempt starts a fresh budget.
  const used = lockedUntil ? 0 : row.attempts;
  return { ok: false, reason: 'invalid', attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - used) };
}
