import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens for the customer-relationship calls: stateless (an expiry and a random id, signed
 * with the server secret), so any instance behind a load balancer accepts any other's tokens.
 */
export interface IssuedToken {
  access_token: string;
  /** ISO 8601 instant after which the token is refused. */
  valid_until: string;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`token:${payload}`).digest('base64url');
}

export function issueToken(secret: string, ttlSeconds: number, now = new Date()): IssuedToken {
  const expires = new Date(now.getTime() + ttlSeconds * 1000);
  const payload = Buffer.from(
    JSON.stringify({ exp: expires.getTime(), jti: randomBytes(12).toString('base64url') }),
  ).toString('base64url');
  return { access_token: `${payload}.${sign(secret, payload)}`, valid_until: expires.toISOString() };
}

export type TokenCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'bad-signature' | 'expired' };

/** Checks an `Authorization: Bearer …` header value. */
export function checkBearer(secret: string, header: string | undefined, now = new Date()): TokenCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const match = /^Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/i.exec(header.trim());
  if (!match) return { ok: false, reason: 'malformed' };
  const [, payload, signature] = match;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'bad-signature' };
  let exp: unknown;
  try {
    exp = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).exp;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof exp !== 'number' || exp <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true };
}
