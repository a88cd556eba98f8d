/**
 * Who may act on a lead (issue 14). The sign-up answer hands out a lead token (`lt_` and 256 random bits);
 * the lead keeps only its SHA-256. Every later call about the lead carries it in `X-Lead-Token`. A KYC link's
 * `user_key` (`kyc_` and 128 random bits, also kept as a hash in `lead_keys`) maps to its lead and grants the
 * KYC calls only, until it expires.
 *
 * The order of the checks is the order of the answers: no credential or one that is no token → 403; an id
 * that is no id → 400; no such lead → 404; a token that is not the lead's → 403; a completed lead → 409.
 * All of them come before the body is validated, so a caller without the right token learns nothing of it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { parseId, RequestProblem } from './lead.js';

export const LEAD_TOKEN_HEADER = 'x-lead-token';
const LEAD_TOKEN = /^lt_[A-Za-z0-9_-]{43}$/;
const KYC_KEY = /^kyc_[A-Za-z0-9_-]{22}$/;
/** How long a KYC link works unless its maker says otherwise. */
export const KYC_KEY_TTL_HOURS = 72;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new lead token and the hash the lead keeps. */
export function newLeadToken(): { token: string; hash: string } {
  const token = `lt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256(token) };
}

/** A new KYC `user_key` and the hash `lead_keys` keeps. */
export function newKycKey(): { key: string; hash: string } {
  const key = `kyc_${randomBytes(16).toString('base64url')}`;
  return { key, hash: sha256(key) };
}

export const isKycKey = (text: unknown): text is string => typeof text === 'string' && KYC_KEY.test(text);

/** Makes a KYC link's key for a lead; the key itself is answered once and never stored. */
export async function createKycKey(
  db: Kysely<Database>,
  leadId: number,
  ttlHours = KYC_KEY_TTL_HOURS,
  now = new Date(),
): Promise<{ userKey: string; expiresAt: Date }> {
  const { key, hash } = newKycKey();
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
  await db
    .insertInto('lead_keys')
    .values({ key_hash: hash, lead_id: leadId, scope: 'kyc', expires_at: expiresAt })
    .execute();
  return { userKey: key, expiresAt };
}

function sameHash(stored: string | null, token: string): boolean {
  if (!stored) return false; // a lead from before tokens: nobody can prove it is theirs
  const given = Buffer.from(sha256(token), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface LeadRef {
  /** The `lead_id` the request names (text as sent), or a KYC key in its place (the KYC link's calls). */
  leadId?: string;
  /** The blocked-account number the request names (`blocked_acc_no` of the identity checks). */
  accountId?: string;
}

export interface AccessOptions {
  /**
   * The call is one of the KYC calls, which a KYC link's key may make: `code` for sending and checking its
   * one-time code, `verified` for the document and face calls, which need the code confirmed first.
   */
  kyc?: 'code' | 'verified';
  /** A completed application may be read or re-verified (the KYC calls); everything else refuses it. */
  allowClosed?: boolean;
}

export interface AuthorizedLead {
  id: number;
  account_id: string;
  data: unknown;
  /** What proved it: the lead's own token or a KYC link's key. */
  via: 'token' | 'kyc';
  /** The KYC key's hash, when a key proved it. */
  keyHash?: string;
}

/** Marks a KYC link's code as confirmed: its key may now make the document and face calls. */
export async function markKycVerified(db: Kysely<Database>, lead: AuthorizedLead): Promise<void> {
  if (lead.keyHash)
    await db.updateTable('lead_keys').set({ verified_at: new Date() }).where('key_hash', '=', lead.keyHash).execute();
}

const MISSING = 'This call needs the lead token of its application (X-Lead-Token).';
const WRONG = 'The lead token does not belong to this application.';
const NO_LEAD = 'No application with this lead_id.';

/** The credential of a request: the X-Lead-Token header, or (KYC calls) a KYC key sent as `lead_id`. */
function credentialOf(request: FastifyRequest, ref: LeadRef, options: AccessOptions): string | undefined {
  const header = request.headers[LEAD_TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  // only the code calls take the link's key in place of the lead id; the page sends it as its token afterwards
  if (options.kyc === 'code' && isKycKey(ref.leadId)) return ref.leadId;
  return undefined;
}

/**
 * Before the body is read at all: whether the request may act on some lead. Its `X-Lead-Token` must be the token
 * of a lead, or (KYC calls) an unexpired KYC key, whose code is confirmed for the document calls; anything else
 * gets 403 before a byte of the body is buffered, so a stranger can neither learn what the body should hold nor
 * make the server read 10 MB for nothing. The KYC code calls may carry the link's key in the body instead, and
 * read no file. Which lead the body names is checked after, by `authorizeLead`.
 */
export async function requireCredential(
  db: Kysely<Database>,
  request: FastifyRequest,
  options: AccessOptions = {},
  now = new Date(),
): Promise<void> {
  const header = request.headers[LEAD_TOKEN_HEADER];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) {
    // the code calls may carry the link's key in the body instead
    if (options.kyc === 'code') return;
    throw new RequestProblem(403, MISSING);
  }
  if (LEAD_TOKEN.test(value)) {
    const lead = await db.selectFrom('leads').select('id').where('token_hash', '=', sha256(value)).executeTakeFirst();
    if (!lead) throw new RequestProblem(403, WRONG);
    return;
  }
  if (options.kyc && isKycKey(value)) {
    const key = await db
      .selectFrom('lead_keys')
      .select(['expires_at', 'verified_at'])
      .where('key_hash', '=', sha256(value))
      .executeTakeFirst();
    if (!key || new Date(key.expires_at).getTime() <= now.getTime())
      throw new RequestProblem(403, 'This verification link is not valid or has expired.');
    if (options.kyc === 'verified' && !key.verified_at)
      throw new RequestProblem(403, 'Confirm the verification code first.');
    return;
  }
  throw new RequestProblem(403, MISSING);
}

/** Forgets KYC keys a week after they expired (they open nothing by then); answers how many. */
export async function forgetExpiredKycKeys(db: Kysely<Database>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 7 * 24 * 3600_000);
  const result = await db.deleteFrom('lead_keys').where(sql<Date>`expires_at`, '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The lead a request names, once its credential proves the request may act on it; throws RequestProblem. */
export async function authorizeLead(
  db: Kysely<Database>,
  request: FastifyRequest,
  ref: LeadRef,
  options: AccessOptions = {},
  now = new Date(),
): Promise<AuthorizedLead> {
  const credential = credentialOf(request, ref, options);
  if (!credential) throw new RequestProblem(403, MISSING);

  if (isKycKey(credential)) {
    if (!options.kyc) throw new RequestProblem(403, 'A KYC link grants the identity checks only.');
    const row = await db
      .selectFrom('lead_keys')
      .innerJoin('leads', 'leads.id', 'lead_keys.lead_id')
      .select([
        'leads.id',
        'leads.account_id',
        'leads.data',
        'lead_keys.expires_at',
        'lead_keys.scope',
        'lead_keys.verified_at',
      ])
      .where('lead_keys.key_hash', '=', sha256(credential))
      .executeTakeFirst();
    if (row?.scope !== 'kyc' || new Date(row.expires_at).getTime() <= now.getTime())
      throw new RequestProblem(403, 'This verification link is not valid or has expired.');
    if (options.kyc === 'verified' && !row.verified_at)
      throw new RequestProblem(403, 'Confirm the verification code first.');
    // a request that also names a lead must name the key's own
    if (ref.leadId !== undefined && ref.leadId !== '' && ref.leadId !== credential) {
      const id = parseId(ref.leadId);
      if (id === undefined) throw new RequestProblem(400, 'lead_id must be the id of an application');
      if (id !== row.id) throw new RequestProblem(403, WRONG);
    }
    if (ref.accountId !== undefined && ref.accountId !== '' && ref.accountId !== row.account_id)
      throw new RequestProblem(403, WRONG);
    return { id: row.id, account_id: row.account_id, data: row.data, via: 'kyc', keyHash: sha256(credential) };
  }

  if (!LEAD_TOKEN.test(credential)) throw new RequestProblem(403, MISSING);
  let query = db.selectFrom('leads').select(['id', 'account_id', 'data', 'token_hash', 'closed_at']);
  if (ref.leadId !== undefined && ref.leadId !== '') {
    const id = parseId(ref.leadId);
    if (id === undefined) throw new RequestProblem(400, 'lead_id must be the id of an application');
    query = query.where('id', '=', id);
  } else if (ref.accountId !== undefined && ref.accountId !== '') {
    // no lead has such a number (NUL, spaces, 65 characters): it cannot be the caller's
    if (!/^[\x21-\x7e]{1,64}$/.test(ref.accountId)) throw new RequestProblem(403, WRONG);
    query = query.where('account_id', '=', ref.accountId);
  } else if ('accountId' in ref) {
    throw new RequestProblem(400, 'blocked_acc_no is missing: it names the application.');
  } else {
    throw new RequestProblem(400, 'Missing lead identifier. Please complete Step 1 first.');
  }
  const lead = await query.executeTakeFirst();
  // a lead id that names no lead: 404; an account number the caller's token is not for: 403 either way, so the
  // identity checks tell nobody which numbers exist
  if (!lead) throw new RequestProblem(ref.leadId ? 404 : 403, ref.leadId ? NO_LEAD : WRONG);
  if (!sameHash(lead.token_hash, credential)) throw new RequestProblem(403, WRONG);
  if (lead.closed_at && !options.allowClosed)
    throw new RequestProblem(409, 'This application is complete and can no longer be changed.');
  return { id: lead.id, account_id: lead.account_id, data: lead.data, via: 'token' };
}
