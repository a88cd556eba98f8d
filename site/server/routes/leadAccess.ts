/**
 * Who may act on a lead (issue 14). The sign-up answer hands out a lead token (`lt_` and 256 random bits);
 * the lead keeps only its SHA-256. Every later call about the lead carries it in `X-Lead-Token`. A KYC link's
 * `user_key` (`kyc_` and 128 random bits, also kept as a hash in `lead_keys`) maps to its lead and grants the
 * KYC calls only, until it expires.
 *
 * The order of the checks is the order of the answers: no credential, or one that proves no lead → 403 (looked
 * up once per request, by its hash); an id that is no id → 400; no such lead → 404; another lead → 403; a
 * completed lead → 409. All of them come before the body is validated, so a caller without the right token
 * learns nothing of it.
 */
import { createHash, randomBytes } from 'node:crypto';
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

/** The `X-Lead-Token` header, trimmed; undefined when absent or empty. */
function tokenHeader(request: FastifyRequest): string | undefined {
  const header = request.headers[LEAD_TOKEN_HEADER];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
}

/** The credential of a request: the X-Lead-Token header, or (KYC calls) a KYC key sent as `lead_id`. */
function credentialOf(request: FastifyRequest, ref: LeadRef, options: AccessOptions): string | undefined {
  // only the code calls take the link's key in place of the lead id; the page sends it as its token afterwards
  return tokenHeader(request) ?? (options.kyc === 'code' && isKycKey(ref.leadId) ? ref.leadId : undefined);
}

interface ProvenLead extends AuthorizedLead {
  closed_at: Date | null;
}

/** What each request's credential proved, so that `requireCredential` and `authorizeLead` look it up once. */
const proven = new WeakMap<FastifyRequest, { credential: string; lead: Promise<ProvenLead> }>();

/** The lead a credential proves (a lead's token, or an unexpired KYC key for the KYC calls); 403 otherwise. */
function proveCredential(
  db: Kysely<Database>,
  request: FastifyRequest,
  credential: string,
  options: AccessOptions,
  now: Date,
): Promise<ProvenLead> {
  const known = proven.get(request);
  if (known?.credential === credential) return known.lead;
  const lead = (async (): Promise<ProvenLead> => {
    if (LEAD_TOKEN.test(credential)) {
      const row = await db
        .selectFrom('leads')
        .select(['id', 'account_id', 'data', 'closed_at'])
        .where('token_hash', '=', sha256(credential))
        .executeTakeFirst();
      if (!row) throw new RequestProblem(403, WRONG);
      return { ...row, via: 'token' };
    }
    if (!isKycKey(credential)) throw new RequestProblem(403, MISSING);
    if (!options.kyc) throw new RequestProblem(403, 'A KYC link grants the identity checks only.');
    const keyHash = sha256(credential);
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
      .where('lead_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (row?.scope !== 'kyc' || new Date(row.expires_at).getTime() <= now.getTime())
      throw new RequestProblem(403, 'This verification link is not valid or has expired.');
    if (options.kyc === 'verified' && !row.verified_at)
      throw new RequestProblem(403, 'Confirm the verification code first.');
    // a re-verification may concern a completed application: no closed check for a key
    return { id: row.id, account_id: row.account_id, data: row.data, closed_at: null, via: 'kyc', keyHash };
  })();
  proven.set(request, { credential, lead });
  return lead;
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
  const value = tokenHeader(request);
  if (value) await proveCredential(db, request, value, options, now);
  // the code calls may carry the link's key in the body instead
  else if (options.kyc !== 'code') throw new RequestProblem(403, MISSING);
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
  const { closed_at, ...lead } = await proveCredential(db, request, credential, options, now);

  if (ref.leadId !== undefined && ref.leadId !== '' && ref.leadId !== credential) {
    const id = parseId(ref.leadId);
    if (id === undefined) throw new RequestProblem(400, 'lead_id must be the id of an application');
    if (id !== lead.id) {
      // a token holder naming a lead that does not exist learns so; any other lead is not theirs
      const exists =
        lead.via === 'token' && (await db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst());
      throw exists || lead.via === 'kyc' ? new RequestProblem(403, WRONG) : new RequestProblem(404, NO_LEAD);
    }
  } else if (ref.accountId !== undefined && ref.accountId !== '') {
    // an account number the credential is not for: 403 whether or not it exists, so nobody learns which do
    if (ref.accountId !== lead.account_id) throw new RequestProblem(403, WRONG);
  } else if (lead.via === 'token') {
    throw new RequestProblem(
      400,
      'accountId' in ref
        ? 'blocked_acc_no is missing: it names the application.'
        : 'Missing lead identifier. Please complete Step 1 first.',
    );
  }
  if (closed_at && !options.allowClosed)
    throw new RequestProblem(409, 'This application is complete and can no longer be changed.');
  return lead;
}
