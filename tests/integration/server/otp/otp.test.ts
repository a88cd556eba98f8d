import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLead, type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { type ConfiguredMailTransport, createMailTransport } from '../../../../site/server/otp/mail.js';
import {
  OTP_LOCK_SECONDS,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS,
  OTP_RESEND_SECONDS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
  sendOtp,
  verifyOtp,
} from '../../../../site/server/otp/service.js';

// The real stack: PGlite on disk with the migrations, the outbox transport writing .eml files.
let dataDir: string;
let opened: OpenDatabase;
let mail: ConfiguredMailTransport;
let leadId: number;

const T0 = new Date('2030-01-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const EMAIL = 'applicant@example.com';

async function outboxFiles(): Promise<string[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return names.map((n) => join(dir, n));
}

/** The code of the latest message in the outbox, read back from the .eml file. */
async function lastCode(): Promise<string> {
  const files = await outboxFiles();
  const eml = await readFile(files[files.length - 1], 'utf8');
  const code = /verification code is (\d{6})/.exec(eml)?.[1];
  if (!code) throw new Error(`no code in ${eml}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'otp-test-'));
  opened = await openDatabase({ dataDir });
  mail = createMailTransport({ dataDir, mail: { transport: 'outbox', from: 'Antrag <no-reply@localhost>' } });
  // Creating a PGlite database (initdb in WebAssembly) takes 10–20 s on a small machine.
}, 120_000);

afterAll(async () => {
  await opened?.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  const lead = await insertLead(opened.db, { data: JSON.stringify({}) });
  leadId = lead.id;
});

describe('sending a code', () => {
  it('mails six digits to the outbox and keeps only a salted hash', async () => {
    const before = (await outboxFiles()).length;
    expect(await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 })).toEqual({
      ok: true,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: OTP_RESEND_SECONDS,
    });
    const files = await outboxFiles();
    expect(files).toHaveLength(before + 1);
    const eml = await readFile(files[files.length - 1], 'utf8');
    expect(eml).toMatch(/^To: applicant@example\.com$/m);
    expect(eml).toMatch(/^Subject: Your verification code$/m);
    expect(eml).toMatch(/^From: Antrag <no-reply@localhost>$/m);
    // Owner-only: the file holds a live code.
    expect((await stat(files[files.length - 1])).mode & 0o077).toBe(0);

    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const row = await opened.db.selectFrom('otps').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^scrypt\$/);
    expect(row.code_hash).not.toContain(code);
    // Nowhere in the row, in any column's text.
    const dump = await sql<{ t: string }>`select o::text as t from otps o where lead_id = ${leadId}`.execute(opened.db);
    expect(dump.rows[0].t).not.toContain(code);
    expect(new Date(row.expires_at).getTime()).toBe(at(OTP_TTL_SECONDS).getTime());
    expect(row).toMatchObject({ attempts: 0, locked_until: null, sends_in_window: 1 });
  });

  it('salts each code: the same code never gives the same hash', async () => {
    const { hashOtp, otpMatches } = await import('../../../../site/server/otp/service.js');
    const [a, b] = await Promise.all([hashOtp('123456'), hashOtp('123456')]);
    expect(a).not.toBe(b);
    expect(await otpMatches('123456', a)).toBe(true);
    expect(await otpMatches('123457', a)).toBe(false);
    expect(await otpMatches('123456', 'garbage')).toBe(false);
  });

  it('allows a resend after the 60 s countdown, and the new code replaces the old one', async () => {
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 });
    const first = await lastCode();
    expect(await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(20) })).toEqual({
      ok: false,
      reason: 'too-many-requests',
      retryAfterSeconds: 40,
    });
    expect((await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(60) })).ok).toBe(true);
    const second = await lastCode();
    if (first !== second) {
      expect(await verifyOtp(opened.db, { leadId, code: first, now: at(61) })).toMatchObject({ reason: 'invalid' });
    }
    expect(await verifyOtp(opened.db, { leadId, code: second, now: at(62) })).toEqual({ ok: true });
  });

  it(`allows ${OTP_MAX_SENDS} sends, then asks for an hour's pause after the last one`, async () => {
    for (let i = 0; i < OTP_MAX_SENDS; i++) {
      expect((await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(i * 60) })).ok).toBe(true);
    }
    const last = (OTP_MAX_SENDS - 1) * 60;
    expect(await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(last + 120) })).toEqual({
      ok: false,
      reason: 'too-many-requests',
      retryAfterSeconds: OTP_SEND_WINDOW_SECONDS - 120,
    });
    const resumed = await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(last + OTP_SEND_WINDOW_SECONDS) });
    expect(resumed.ok).toBe(true);
    const row = await opened.db.selectFrom('otps').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    expect(row.sends_in_window).toBe(1);
  });

  it('lets only one of two simultaneous sends through', async () => {
    const results = await Promise.all([
      sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 }),
      sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ reason: 'too-many-requests' });
  });
});

describe('verifying a code', () => {
  it('accepts the right code once, then there is no code', async () => {
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 });
    const code = await lastCode();
    expect(await verifyOtp(opened.db, { leadId, code, now: at(30) })).toEqual({ ok: true });
    expect(await opened.db.selectFrom('otps').selectAll().where('lead_id', '=', leadId).execute()).toEqual([]);
    expect(await verifyOtp(opened.db, { leadId, code, now: at(31) })).toEqual({ ok: false, reason: 'no-code' });
  });

  it('answers no-code for a lead that was never sent one', async () => {
    expect(await verifyOtp(opened.db, { leadId, code: '123456', now: T0 })).toEqual({ ok: false, reason: 'no-code' });
  });

  it('refuses the right code after 10 minutes', async () => {
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 });
    const code = await lastCode();
    expect(await verifyOtp(opened.db, { leadId, code, now: at(OTP_TTL_SECONDS) })).toEqual({
      ok: false,
      reason: 'expired',
    });
    // A new code works again.
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(OTP_TTL_SECONDS + 1) });
    expect(await verifyOtp(opened.db, { leadId, code: await lastCode(), now: at(OTP_TTL_SECONDS + 2) })).toEqual({
      ok: true,
    });
  });

  it('counts wrong codes, locks after the fifth (the right code too) and unlocks after 15 minutes', async () => {
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 });
    const code = await lastCode();
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      expect(await verifyOtp(opened.db, { leadId, code: wrong(code), now: at(i) })).toEqual({
        ok: false,
        reason: 'invalid',
        attemptsLeft: OTP_MAX_ATTEMPTS - i,
      });
    }
    expect(await verifyOtp(opened.db, { leadId, code: wrong(code), now: at(10) })).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: OTP_LOCK_SECONDS,
    });
    expect(await verifyOtp(opened.db, { leadId, code, now: at(70) })).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: OTP_LOCK_SECONDS - 60,
    });
    // No new code while locked either: that would be a way round the lock.
    expect(await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: at(70) })).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: OTP_LOCK_SECONDS - 60,
    });

    // After the lock the old code has expired (15 > 10 minutes); a new one works.
    const unlocked = at(10 + OTP_LOCK_SECONDS);
    expect(await verifyOtp(opened.db, { leadId, code, now: unlocked })).toEqual({ ok: false, reason: 'expired' });
    expect((await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: unlocked })).ok).toBe(true);
    const fresh = await lastCode();
    expect(await verifyOtp(opened.db, { leadId, code: wrong(fresh), now: unlocked })).toEqual({
      ok: false,
      reason: 'invalid',
      attemptsLeft: OTP_MAX_ATTEMPTS - 1,
    });
    expect(await verifyOtp(opened.db, { leadId, code: fresh, now: unlocked })).toEqual({ ok: true });
  });

  it('tries at most five codes however many requests arrive at once', async () => {
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 });
    const code = await lastCode();
    const guesses = Array.from({ length: 12 }, (_, i) => wrong(String((Number(code) + i) % 1_000_000)));
    const results = await Promise.all(guesses.map((g) => verifyOtp(opened.db, { leadId, code: g, now: at(5) })));
    expect(results.filter((r) => !r.ok && r.reason === 'invalid')).toHaveLength(OTP_MAX_ATTEMPTS - 1);
    expect(results.filter((r) => !r.ok && r.reason === 'locked')).toHaveLength(12 - (OTP_MAX_ATTEMPTS - 1));
    expect(await verifyOtp(opened.db, { leadId, code, now: at(6) })).toMatchObject({ reason: 'locked' });
  });

  it('refuses malformed codes without using an attempt', async () => {
    await sendOtp(opened.db, mail, { leadId, to: EMAIL, now: T0 });
    const code = await lastCode();
    for (const bad of ['12345', '1234567', '12a456', '']) {
      expect(await verifyOtp(opened.db, { leadId, code: bad, now: at(1) })).toEqual({
        ok: false,
        reason: 'invalid',
        attemptsLeft: OTP_MAX_ATTEMPTS,
      });
    }
    // Spaces from a paste are ignored.
    expect(await verifyOtp(opened.db, { leadId, code: ` ${code.slice(0, 3)} ${code.slice(3)} `, now: at(2) })).toEqual({
      ok: true,
    });
  });
});
