import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPolicy, signPolicy, verifyPolicy } from '../../../../site/server/files/policy.js';

const SECRET = 'policy-test-secret';
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const INPUT = { key: 'uploads/12_abc.png', contentType: 'image/png', minBytes: 1, maxBytes: 1000 };

function issue() {
  return createPolicy(INPUT, { secret: SECRET, ttlSeconds: 900, now: NOW });
}

/** Re-encodes the policy with one field changed but keeps the old signature: what a tamperer can do. */
function tampered(encoded: string, change: Record<string, unknown>): string {
  const body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  return Buffer.from(JSON.stringify({ ...body, ...change })).toString('base64url');
}

describe('upload policy', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs a policy that verifies and reads back unchanged', () => {
    const signed = issue();
    expect(signed.expires).toBe(NOW + 900_000);
    const result = verifyPolicy(
      { policy: signed.policy, signature: signed.signature, key: INPUT.key, contentType: INPUT.contentType },
      SECRET,
      NOW + 1000,
    );
    expect(result).toEqual({ ok: true, policy: { ...INPUT, expires: NOW + 900_000 } });
  });

  it('encodes the policy as readable base64url JSON', () => {
    const { policy } = issue();
    expect(policy).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(policy, 'base64url').toString('utf8'))).toEqual({ ...INPUT, expires: NOW + 900_000 });
  });

  it.each([
    ['key', { key: 'uploads/someone-else.png' }],
    ['contentType', { contentType: 'application/pdf' }],
    ['minBytes', { minBytes: 0 }],
    ['maxBytes', { maxBytes: 10_000_000 }],
    ['expires', { expires: NOW + 86_400_000 }],
  ])('refuses a policy whose %s was changed', (_field, change) => {
    const signed = issue();
    const result = verifyPolicy({ policy: tampered(signed.policy, change), signature: signed.signature }, SECRET, NOW);
    expect(result).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a changed signature, one of another length, and one made with another secret', () => {
    const signed = issue();
    const flipped = `${signed.signature[0] === 'A' ? 'B' : 'A'}${signed.signature.slice(1)}`;
    expect(verifyPolicy({ policy: signed.policy, signature: flipped }, SECRET, NOW)).toMatchObject({
      reason: 'bad-signature',
    });
    expect(verifyPolicy({ policy: signed.policy, signature: signed.signature.slice(2) }, SECRET, NOW)).toMatchObject({
      reason: 'bad-signature',
    });
    const other = signPolicy({ ...INPUT, expires: NOW + 1000 }, 'another-secret');
    expect(verifyPolicy(other, SECRET, NOW)).toMatchObject({ reason: 'bad-signature' });
  });

  it('refuses missing and malformed fields with their own reasons', () => {
    const signed = issue();
    expect(verifyPolicy({ signature: signed.signature }, SECRET, NOW)).toMatchObject({ reason: 'missing' });
    expect(verifyPolicy({ policy: signed.policy }, SECRET, NOW)).toMatchObject({ reason: 'missing' });
    expect(verifyPolicy({ policy: 'not base64!', signature: signed.signature }, SECRET, NOW)).toMatchObject({
      reason: 'malformed',
    });
  });

  it('refuses a correctly signed policy of the wrong shape', () => {
    const bad = signPolicy({ ...INPUT, maxBytes: 'lots' as unknown as number, expires: NOW + 1000 }, SECRET);
    expect(verifyPolicy(bad, SECRET, NOW)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('expires at the given time', () => {
    const signed = issue();
    expect(verifyPolicy(signed, SECRET, signed.expires - 1).ok).toBe(true);
    const result = verifyPolicy(signed, SECRET, signed.expires);
    expect(result).toMatchObject({ ok: false, reason: 'expired' });
    expect(!result.ok && result.message).toContain('2025-01-01T12:15:00.000Z');
  });

  it('uses the real clock by default (checked with a fake one)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const signed = createPolicy(INPUT, { secret: SECRET, ttlSeconds: 60 });
    expect(verifyPolicy(signed, SECRET).ok).toBe(true);
    vi.setSystemTime(NOW + 61_000);
    expect(verifyPolicy(signed, SECRET)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it("refuses a form whose key or Content-Type differ from the policy's", () => {
    const signed = issue();
    const base = { policy: signed.policy, signature: signed.signature };
    expect(verifyPolicy({ ...base, key: 'uploads/other.png' }, SECRET, NOW)).toMatchObject({ reason: 'key-mismatch' });
    expect(verifyPolicy({ ...base, contentType: 'image/gif' }, SECRET, NOW)).toMatchObject({
      reason: 'content-type-mismatch',
    });
  });

  it('refuses to sign a nonsensical size range or without a secret', () => {
    expect(() => createPolicy({ ...INPUT, minBytes: 10, maxBytes: 5 }, { secret: SECRET, ttlSeconds: 1 })).toThrow(
      /size range/,
    );
    expect(() => createPolicy(INPUT, { secret: '', ttlSeconds: 1 })).toThrow(/secret/);
  });
});
