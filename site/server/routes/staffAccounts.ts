/**
 * Staff accounts through the staff API (issue 17), for `antrag staff add|list|remove|unlock`. Only the admin token
 * (ANTRAG_ADMIN_TOKEN) may manage accounts: a staff sign-in gets 403, so a stolen staff cookie cannot make itself
 * new accounts. A server without an admin token makes its first account with `npm run staff` (staff-cli.ts).
 *
 * - POST /api/admin/staff `{ email, password, role? }` → 201 `{ email, role }`; 400 with the reason (an address
 *   that is none, a short password, an unknown role); 409 when the address has an account
 * - GET /api/admin/staff → `{ staff: [{ email, role, lockedUntil, createdAt }] }`
 * - DELETE /api/admin/staff/{email} → `{ ok, email }` (its sign-ins end with it); 404 when there is none
 * - POST /api/admin/staff/{email}/unlock → `{ ok, email }`; 404 when there is none
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import {
  addStaff,
  listStaff,
  normalEmail,
  removeStaff,
  STAFF_ROLES,
  StaffError,
  StaffExistsError,
  type StaffRole,
  unlockStaff,
} from '../staff/accounts.js';
import { requireStaff } from '../staff/auth.js';

export const TOKEN_ONLY =
  'Staff accounts are managed with the admin token (ANTRAG_ADMIN_TOKEN) or `npm run staff` on the server, ' +
  'not with a staff sign-in.';

type EmailRequest = FastifyRequest<{ Params: { email: string } }>;

/** Lets only the admin token through; runs after requireStaff, which has set `request.staff`. */
async function adminTokenOnly(request: FastifyRequest, reply: FastifyReply) {
  if (request.staff?.origin !== 'token') {
    return reply.code(403).header('Cache-Control', 'no-store').send({ ok: false, message: TOKEN_ONLY });
  }
}

/** A timestamp column as either engine gives it (a Date, or text). */
const dateOf = (value: unknown) => new Date(value as Date | string);

function emailOf(request: EmailRequest): string {
  return normalEmail(request.params.email).slice(0, 254);
}

export function registerStaffAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tokenOnly = { onRequest: [requireStaff(ctx, 'viewer'), adminTokenOnly] };
  const caller = (request: FastifyRequest) => request.staff?.name ?? 'token';

  app.post('/api/admin/staff', { ...tokenOnly, bodyLimit: 8 * 1024 }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const body = request.body as { email?: unknown; password?: unknown; role?: unknown } | undefined;
    if (typeof body?.email !== 'string' || typeof body.password !== 'string') {
      return reply.code(400).send({ ok: false, message: 'Send { "email", "password", "role" } as JSON.' });
    }
    const role = body.role ?? 'publisher';
    if (typeof role !== 'string' || !STAFF_ROLES.includes(role as StaffRole)) {
      return reply.code(400).send({ ok: false, message: `the role must be one of ${STAFF_ROLES.join(', ')}` });
    }
    try {
      const member = await addStaff(
        ctx.db,
        { email: body.email, password: body.password, role: role as StaffRole },
        caller(request),
      );
      return reply.code(201).send({ ok: true, email: member.email, role: member.role });
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      return reply.code(error instanceof StaffExistsError ? 409 : 400).send({ ok: false, message: error.message });
    }
  });

  app.get('/api/admin/staff', tokenOnly, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const now = Date.now();
    const staff = (await listStaff(ctx.db)).map((m) => ({
      email: m.email,
      role: m.role,
      lockedUntil:
        m.locked_until && dateOf(m.locked_until).getTime() > now ? dateOf(m.locked_until).toISOString() : null,
      createdAt: dateOf(m.created_at).toISOString(),
    }));
    return { staff };
  });

  app.delete('/api/admin/staff/:email', tokenOnly, async (request: EmailRequest, reply) => {
    const email = emailOf(request);
    reply.header('Cache-Control', 'no-store');
    if (!(await removeStaff(ctx.db, email, caller(request)))) {
      return reply.code(404).send({ ok: false, message: `No staff account for ${email}` });
    }
    return { ok: true, email };
  });

  app.post(
    '/api/admin/staff/:email/unlock',
    { ...tokenOnly, bodyLimit: 1024 },
    async (request: EmailRequest, reply) => {
      const email = emailOf(request);
      reply.header('Cache-Control', 'no-store');
      if (!(await unlockStaff(ctx.db, email, caller(request)))) {
        return reply.code(404).send({ ok: false, message: `No staff account for ${email}` });
      }
      return { ok: true, email };
    },
  );
}
