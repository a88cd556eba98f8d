/**
 * Signed upload policies for the local file store: the local stand-in for an S3 POST policy.
 *
 * GET /api/upload-file hands the browser a policy that fixes the key, the content type and the size
 * range, with an expiry; POST /api/upload only accepts a file whose form carries a policy this
 * server signed. The browser can read the policy (it is plain base64url JSON) but cannot change it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a policy allows: exactly one key, one content type, a byte range, until `expires`. */
export interface UploadPolicy {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
  /** Expiry, milliseconds since the epoch. */
  expires: number;
}

/** The two form fields that carry a policy. */
export interface SignedPolicy {
  /** base64url of the policy's JSON. */
  policy: string;
  /** base64url HMAC-SHA256 of `policy`. */
  signature: string;
}

export type PolicyFailure =
  | 'missing'
  | 'malformed'
  | 'bad-signature'
  | 'expired'
  | 'key-mismatch'
  | 'content-type-mismatch';

export type PolicyCheck = { ok: true; policy: UploadPolicy } | { ok: false; reason: PolicyFailure; message: string };

/**
 * The HMAC key is derived from the server secret rather than being the secret itself: the same
 * secret also signs access tokens, and a separate key means no token signature can ever pass as an
 * upload signature (or the other way round).
 */
function policyKey(secret: string): Buffer {
  if (!secret) throw new Error('upload policies need a non-empty secret');
  return createHmac('sha256', secret).update('antrag/upload-policy/v1').digest();
}

function sign(encoded: string, secret: string): string {
  return createHmac('sha256', policyKey(secret)).update(encoded).digest('base64url');
}

/** Signs a policy; the fields go into the upload form unchanged. */
export function signPolicy(policy: UploadPolicy, secret: string): SignedPolicy {
  // Fixed property order, so the same policy always encodes to the same text.
  const body = {
    key: policy.key,
    contentType: policy.contentType,
    minBytes: policy.minBytes,
    maxBytes: policy.maxBytes,
    expires: policy.expires,
  };
  const encoded = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return { policy: encoded, signature: sign(encoded, secret) };
}

/** A policy for one upload, valid for `ttlSeconds` from `now`. */
export function createPolicy(
  input: { key: string; contentType: string; minBytes: number; maxBytes: number },
  options: { secret: string; ttlSeconds: number; now?: number },
): UploadPolicy & SignedPolicy {
  const { minBytes, maxBytes } = input;
  if (!Number.isSafeInteger(minBytes) || !Number.isSafeInteger(maxBytes) || minBytes < 0 || maxBytes < minBytes) {
    throw new Error(`bad size range ${minBytes}…${maxBytes}`);
  }
  const policy: UploadPolicy = { ...input, expires: (options.now ?? Date.now()) + options.ttlSeconds * 1000 };
  return { ...policy, ...signPolicy(policy, options.secret) };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function fail(reason: PolicyFailure, message: string): PolicyCheck {
  return { ok: false, reason, message };
}

function isPolicy(value: unknown): value is UploadPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.contentType === 'string' &&
    Number.isSafeInteger(v.minBytes) &&
    Number.isSafeInteger(v.maxBytes) &&
    Number.isSafeInteger(v.expires) &&
    (v.minBytes as number) >= 0 &&
    (v.maxBytes as number) >= (v.minBytes as number)
  );
}

/**
 * Checks the fields of an upload form: the signature first (so nothing unsigned is even parsed),
 * then the expiry, then that the form's own `key` and `Content-Type` fields say what the policy
 * says. S3 refuses a form whose fields contradict its policy; so does this.
 */
export function verifyPolicy(
  fields: { policy?: string; signature?: string; key?: string; contentType?: string },
  secret: string,
  now: number = Date.now(),
): PolicyCheck {
  const { policy: encoded, signature } = fields;
  if (!encoded || !signature) return fail('missing', 'the upload form has no policy or no signature');
  if (!BASE64URL.test(encoded) || !BASE64URL.test(signature)) {
    return fail('malformed', 'the policy or its signature is not base64url');
  }
  const expected = Buffer.from(sign(encoded, secret), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  // timingSafeEqual throws on different lengths; the length of a valid signature is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return fail('bad-signature', 'the policy signature is not valid (the policy was changed or not issued here)');
  }
  let policy: unknown;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return fail('malformed', 'the policy is not valid JSON');
  }
  // Signed by us but of the wrong shape can only mean a bug or an old format; refuse it all the same.
  if (!isPolicy(policy)) return fail('malformed', 'the policy lacks key, contentType, size range or expiry');
  if (now >= policy.expires) {
    return fail('expired', `the upload policy expired at ${new Date(policy.expires).toISOString()}`);
  }
  if (fields.key !== undefined && fields.key !== policy.key) {
    return fail('key-mismatch', `the form's key '${fields.key}' is not the key the policy allows`);
  }
  if (fields.contentType !== undefined && fields.contentType !== policy.contentType) {
    return fail(
      'content-type-mismatch',
      `the form's Content-Type '${fields.contentType}' is not the policy's '${policy.contentType}'`,
    );
  }
  return { ok: true, policy };
}
