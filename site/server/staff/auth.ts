/**
 * Who is calling the staff API: the admin token of automation (ANTRAG_ADMIN_TOKEN, as a bearer credential) or a
 * signed-in staff member (the session cookie). Checked in `onRequest`, before the body is even read, so nobody
 * without staff credentials makes the server parse, check or compile anything. Credentials that prove someone
 * who is not staff (an applicant's access token or lead token) get 403; none, or wrong ones, 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { LEAD_TOKEN_HEADER } from '../routes/leadAccess.js';
import { checkBearer } from '../tokens.js';
import { type StaffRole, sessionMember, staffName } from './accounts.js';

/** The name of the staff session cookie. */
export const STAFF_COOKIE = 'antrag_staff';

/** A caller of the staff API, as the audit log names it. */
export interface StaffCaller {
  origin: 'staff' | 'token';
  name: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffCaller;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (both sides hashed first, so their lengths do not show). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function refuse(reply: FastifyReply, status: 401 | 403, message: string) {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="antrag-staff"');
  return reply.code(status).header('Cache-Control', 'no-store').send({ ok: false, message });
}

export const NOT_SIGNED_IN = 'Sign in as staff, or send the admin token as a bearer credential.';
export const NOT_STAFF =
  'These credentials are not a staff account’s: the staff API needs a staff sign-in or the admin token.';
export const VIEWER_ONLY = 'Your staff account may read forms but not publish or roll back.';

/** An `onRequest` hook that lets only staff through (`role`: the least role the route needs). */
export function requireStaff(ctx: ServerContext, role: StaffRole = 'viewer') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await callerOf(ctx, request);
    if (caller === 'not-staff') return refuse(reply, 403, NOT_STAFF);
    if (!caller) return refuse(reply, 401, NOT_SIGNED_IN);
    if (role === 'publisher' && caller.role !== 'publisher') return refuse(reply, 403, VIEWER_ONLY);
    request.staff = caller;
  };
}

/** The caller's staff credentials: a caller, 'not-staff' (an applicant's or lead's token), or none. */
export async function callerOf(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<StaffCaller | 'not-staff' | undefined> {
  const header = request.headers.authorization;
  const adminToken = ctx.config.forms.adminToken;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (bearer !== undefined) {
    if (adminToken && sameSecret(bearer, adminToken)) return { origin: 'token', name: 'token', role: 'publisher' };
    // an applicant's access token (GET /api/get-token) is a credential, but not a staff one
    if (checkBearer(ctx.config.secret, header).ok) return 'not-staff';
    return undefined;
  }
  const cookie = request.cookies?.[STAFF_COOKIE];
  if (cookie) {
    const member = await sessionMember(ctx.db, cookie);
    if (member) return { origin: 'staff', name: staffName(member), role: member.role };
  }
  const leadToken = request.headers[LEAD_TOKEN_HEADER];
  if (typeof leadToken === 'string' && leadToken.length <= 128) {
    const hash = createHash('sha256').update(leadToken).digest('hex');
    const lead = await ctx.db.selectFrom('leads').select('id').where('token_hash', '=', hash).executeTakeFirst();
    if (lead) return 'not-staff';
  }
  return undefined;
}
