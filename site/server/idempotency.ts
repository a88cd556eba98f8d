/**
 * Retried submissions store nothing twice (issue 14). A client sends `Idempotency-Key` (one per submission
 * attempt, the same on its own retries); the server keeps the key with its answer in the same transaction as
 * what the request stored. A repeat of the key with the same request gets the first answer again, marked
 * `Idempotent-Replayed: true`; the same key with another request is refused with 422. Two copies of one
 * request racing each other: the second waits on the key's row, then rolls back and answers the first's.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isUniqueViolation, jsonValue } from './db/index.js';
import type { Database } from './db/schema.js';
import { RequestProblem } from './routes/lead.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{8,255}$/;
const PRIMARY_KEY = 'idempotency_keys_pkey';
/** How long a key is remembered: a client retries within minutes, a day is generous. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export interface Idempotency {
  scope: string;
  key: string;
  hash: string;
}

/**
 * The request's key, or undefined when it sends none. A key that is no key is a client error: 400 naming the
 * header, before anything is stored. `extra` is what else decides the request's meaning (the lead token).
 */
export function idempotencyOf(request: FastifyRequest, extra = ''): Idempotency | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!KEY.test(key))
    throw new RequestProblem(400, 'Idempotency-Key must be 8 to 255 visible ASCII characters (a UUID, say).');
  const scope = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        request.url,
        request.headers['content-type'] ?? '',
        request.headers['x-form-options'] ?? '',
        // the version a submission was made on, where it names one (issue 17)
        ...(request.headers['x-form-version'] !== undefined ? [request.headers['x-form-version']] : []),
        extra,
        request.body ?? null,
      ]),
    )
    .digest('hex');
  return { scope, key, hash };
}

/** The first answer to this key, or undefined when the key is new; 422 when the key came with another request. */
export async function storedAnswer(
  db: Kysely<Database> | Transaction<Database>,
  idem: Idempotency,
  now = new Date(),
): Promise<{ status: number; answer: unknown } | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'answer', 'created_at'])
    .where('scope', '=', idem.scope)
    .where('key', '=', idem.key)
    .executeTakeFirst();
  if (!row) return undefined;
  // a key is remembered for a day: after that it is forgotten, and the request is a new one
  if (new Date(row.created_at as unknown as string).getTime() < now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000) {
    await db.deleteFrom('idempotency_keys').where('scope', '=', idem.scope).where('key', '=', idem.key).execute();
    return undefined;
  }
  if (row.request_hash !== idem.hash)
    throw new RequestProblem(422, 'This Idempotency-Key was used for another request; send a new key.');
  return { status: row.status, answer: row.answer };
}

/** Keeps the answer with the key, inside the transaction that stored the request's data. */
export async function rememberAnswer(
  trx: Transaction<Database>,
  idem: Idempotency,
  status: number,
  answer: unknown,
): Promise<void> {
  await trx
    .insertInto('idempotency_keys')
    .values({ scope: idem.scope, key: idem.key, request_hash: idem.hash, status, answer: jsonValue(answer) })
    .execute();
}

/** Whether a failed transaction lost a race for the same key (then the winner's answer is there). */
export const lostKeyRace = (error: unknown) => isUniqueViolation(error, PRIMARY_KEY);

/** Sends a remembered answer again. */
export function replay(reply: FastifyReply, stored: { status: number; answer: unknown }) {
  reply.header('Idempotent-Replayed', 'true');
  reply.header('Cache-Control', 'no-store');
  return reply.code(stored.status).send(stored.answer);
}

/** Forgets keys older than the TTL; answers how many. Safe to run from several instances at once. */
export async function forgetOldKeys(db: Kysely<Database>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000);
  const result = await db.deleteFrom('idempotency_keys').where(sql<Date>`created_at`, '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
