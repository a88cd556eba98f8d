/**
 * What the customer-relationship routes of a lead share: the bearer-token check, ids read from text, and
 * the client error a handler throws (the app's error handler answers it with its status and message).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { checkBearer } from '../tokens.js';

export class RequestProblem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers 401 unless the request carries a valid bearer token from GET /api/get-token. */
export function requireToken(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const check = checkBearer(ctx.config.secret, request.headers.authorization);
  if (check.ok) return true;
  void reply.code(401).send({ status: false, message: `Unauthorized: token ${check.reason}` });
  return false;
}

/** A database id from text: plain decimal digits within the integer column's range, nothing else. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/** The id of a payer of the lead that has not been removed, or undefined (also for an id that is no id). */
export async function activePayerId(
  db: Kysely<Database>,
  id: number | undefined,
  leadId: number,
): Promise<number | undefined> {
  if (id === undefined) return undefined;
  const payer = await db
    .selectFrom('payers')
    .select('id')
    .where('id', '=', id)
    .where('lead_id', '=', leadId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return payer?.id;
}
