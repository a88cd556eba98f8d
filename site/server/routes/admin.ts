/**
 * The staff API (issue 17): sign-in and sign-out with a session cookie, and publishing forms as versions.
 * Every route but sign-in checks the caller in `onRequest` (staff/auth.ts), before the body is read.
 *
 * - POST /api/admin/sign-in `{ email, password }`, POST /api/admin/sign-out, GET /api/admin/me
 * - GET /api/admin/forms: every stored form and the version it serves
 * - PUT /api/admin/forms/{id}: publish a definition as the next version → 201 `{ id, version }`, or 400 with the
 *   diagnostics the CLI prints (pointer, message) and nothing published; a draft of the same content is cleared
 * - the studio's drafts: routes/drafts.ts
 * - GET /api/admin/forms/{id}/versions, GET /api/admin/forms/{id}/versions/{n} (the definition as published)
 * - POST /api/admin/forms/{id}/rollback `{ version }` → 201 `{ id, version, rollbackOf }`
 * - GET /api/admin/forms/{id}/problems: why the CMS's or shipped file's latest definition was not published
 * - GET /api/admin/audit?form={id}&action={action}&before={id}&limit={1..500}: who published (or was refused),
 *   rolled back, signed in or managed accounts, and when; newest first, `next` the `before` of the next page
 * - /api/admin/staff…: staff accounts, for the admin token only (routes/staffAccounts.ts)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { clearPublishedDraft } from '../forms/drafts.js';
import { type Actor, type FormStore, MAX_DEFINITION_BYTES } from '../forms/store.js';
import { type StaffPolicy, signIn, signOut } from '../staff/accounts.js';
import { AUDIT_ACTIONS, type AuditAction, audit, auditEntries, MAX_AUDIT_PAGE } from '../staff/audit.js';
import { requireStaff, STAFF_COOKIE } from '../staff/auth.js';
import { FORM_ID } from './forms.js';
import { RequestProblem } from './lead.js';
import { registerStaffAccountRoutes } from './staffAccounts.js';

/** Versions are PostgreSQL integers: a larger number is no version (and must not reach a query). */
const MAX_VERSION = 2_147_483_647;
const VERSION_RANGE = `A version is a whole number from 1 to ${MAX_VERSION}.`;

/** A version from a path or query (digits) or a JSON body (a number), or undefined when it is none. */
export function versionOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_VERSION ? n : undefined;
}

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export function formIdOf(request: IdRequest): string {
  const id = request.params.id;
  if (!FORM_ID.test(id)) {
    throw new RequestProblem(
      400,
      `'${id.slice(0, 100)}' is not a form id: lower-case letters, digits and hyphens, at most 100 characters`,
    );
  }
  return id;
}

/**
 * A publish under an id that is none (as `antrag publish` sends the id written in the file): the definition's own
 * problems, which name the id at its place, or else what is wrong with the id.
 */
async function badIdAnswer(reply: FastifyReply, request: IdRequest, ctx: ServerContext, store: FormStore) {
  const [id, body] = [request.params.id, request.body];
  // checked as a publish is, in the publish worker: a large body must not hold the event loop here either
  const checked = body && typeof body === 'object' ? await store.prepare(body) : undefined;
  const message = `'${id.slice(0, 100)}' is not a form id: lower-case letters, digits and hyphens, at most 100 characters`;
  const diagnostics =
    checked && !checked.ok
      ? checked.diagnostics
      : [{ severity: 'error', code: 'bad-form-id', message, pointer: '/id' }];
  // the id is no form's, and text a caller chose: not written to the log
  const problems = diagnostics.filter((d) => d.severity === 'error').length;
  await audit(ctx.db, actorOf(request).name, 'publish-refused', null, null, { problems });
  return reply.code(400).send({ ok: false, message, diagnostics });
}

/**
 * Whether a request comes from this site's own pages: the browser says so (Sec-Fetch-Site), or its Origin is the
 * site's (PUBLIC_URL) or the address it was sent to. Without either header it is no browser's cross-site request.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  return own.includes(origin);
}

/** The audit log's filters and page from GET /api/admin/audit's query, or what is wrong with them. */
function auditQueryOf(query: Record<string, unknown>) {
  const { form, action, before, limit } = query;
  if (form !== undefined && (typeof form !== 'string' || !FORM_ID.test(form))) return 'form must be a form id';
  if (action !== undefined && !AUDIT_ACTIONS.includes(action as AuditAction)) {
    return `action must be one of ${AUDIT_ACTIONS.join(', ')}`;
  }
  const beforeId = before === undefined ? undefined : versionOf(before);
  if (before !== undefined && beforeId === undefined) return 'before must be an entry id (the next of a page)';
  const size = typeof limit === 'string' && /^\d{1,3}$/.test(limit) ? Number(limit) : Number.NaN;
  if (limit !== undefined && !(size >= 1 && size <= MAX_AUDIT_PAGE)) {
    return `limit must be a whole number from 1 to ${MAX_AUDIT_PAGE}`;
  }
  return {
    formId: form as string | undefined,
    action: action as AuditAction | undefined,
    before: beforeId,
    limit: limit === undefined ? undefined : size,
  };
}

export function actorOf(request: FastifyRequest): Actor {
  const staff = request.staff;
  if (!staff) throw new Error('staff route without a caller');
  return { origin: staff.origin, name: staff.name };
}

export function registerAdminRoutes(app: FastifyInstance, ctx: ServerContext, store: FormStore): void {
  const viewer = { onRequest: requireStaff(ctx, 'viewer') };
  const publisher = { onRequest: requireStaff(ctx, 'publisher') };
  const policy: StaffPolicy = {
    lockoutAttempts: ctx.config.forms.lockoutAttempts,
    lockoutMinutes: ctx.config.forms.lockoutMinutes,
    sessionHours: ctx.config.forms.sessionHours,
    secret: ctx.config.secret,
  };
  const secure = ctx.config.publicUrl.startsWith('https:');

  app.post(
    '/api/admin/sign-in',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: { max: ctx.config.forms.signInPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body as { email?: unknown; password?: unknown } | undefined;
      if (typeof body?.email !== 'string' || typeof body.password !== 'string' || !body.email || !body.password) {
        return reply.code(400).send({ ok: false, message: 'Send your e-mail address and password.' });
      }
      const result = await signIn(ctx.db, body.email, body.password, policy);
      reply.header('Cache-Control', 'no-store');
      if (!result.ok && result.reason === 'locked') {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        return reply
          .code(423)
          .header('Retry-After', String(result.retryAfterSeconds))
          .send({
            ok: false,
            message: `Too many failed sign-ins: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          });
      }
      if (!result.ok) return reply.code(401).send({ ok: false, message: 'The e-mail address or password is wrong.' });
      reply.setCookie(STAFF_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/',
        expires: result.expiresAt,
      });
      return { ok: true, email: result.member.email, role: result.member.role };
    },
  );

  app.post('/api/admin/sign-out', { bodyLimit: 1024 }, async (request, reply) => {
    const token = request.cookies?.[STAFF_COOKIE];
    if (token) await signOut(ctx.db, token);
    // another site's form posts here without the cookie (SameSite=Strict): clearing it then would sign the staff
    // member out in the browser while the session stays valid; only a sign-out with the session, or from our own
    // pages, clears it
    if (token || sameOrigin(request, ctx.config.publicUrl)) {
      reply.clearCookie(STAFF_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
    }
    return reply.header('Cache-Control', 'no-store').send({ ok: true });
  });

  app.get('/api/admin/me', viewer, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const staff = request.staff!;
    return { name: staff.name, role: staff.role, origin: staff.origin };
  });

  app.get('/api/admin/forms', viewer, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { forms: await store.forms() };
  });

  app.put<{ Params: { id: string } }>(
    '/api/admin/forms/:id',
    { ...publisher, bodyLimit: MAX_DEFINITION_BYTES },
    async (request: IdRequest, reply: FastifyReply) => {
      if (!FORM_ID.test(request.params.id)) return badIdAnswer(reply, request, ctx, store);
      const id = request.params.id;
      if (request.body === undefined || request.body === null || typeof request.body !== 'object') {
        return reply.code(400).send({ ok: false, message: 'Send the definition as a JSON object or array.' });
      }
      const result = await store.publish(id, request.body, actorOf(request));
      if (!result.ok) {
        const count = result.diagnostics.filter((d) => d.severity === 'error').length;
        await audit(ctx.db, actorOf(request).name, 'publish-refused', id, null, { problems: count });
        const first = result.diagnostics[0];
        return reply.code(400).send({
          ok: false,
          message: `The definition has ${count} problem${count === 1 ? '' : 's'}; nothing was published. First: ${first.pointer || '/'} ${first.message}`,
          diagnostics: result.diagnostics,
        });
      }
      // the draft of this content, if any, is published now (routes/drafts.ts)
      await clearPublishedDraft(ctx.db, id, request.body, result.version, actorOf(request));
      // the content served now again: 200 and the version that serves it, nothing new
      return reply.code(result.unchanged ? 200 : 201).send({
        id: result.id,
        version: result.version,
        unchanged: !!result.unchanged,
        warnings: result.warnings ?? [],
      });
    },
  );

  app.get('/api/admin/forms/:id/versions', viewer, async (request: IdRequest, reply) => {
    const id = formIdOf(request);
    const versions = await store.versions(id);
    if (!versions) return reply.code(404).send({ ok: false, message: `No form '${id}' in the store` });
    reply.header('Cache-Control', 'no-store');
    return { id, current: versions.find((v) => v.current)?.version, versions };
  });

  type VersionRequest = FastifyRequest<{ Params: { id: string; version: string } }>;
  app.get('/api/admin/forms/:id/versions/:version', viewer, async (request: VersionRequest, reply) => {
    const id = formIdOf(request);
    const version = versionOf(request.params.version);
    if (version === undefined) return reply.code(400).send({ ok: false, message: VERSION_RANGE });
    const definition = await store.definition(id, version);
    if (definition === undefined) {
      return reply.code(404).send({ ok: false, message: `Form '${id}' has no version ${version}` });
    }
    reply.header('Cache-Control', 'no-store');
    return { id, version, definition };
  });

  app.post('/api/admin/forms/:id/rollback', { ...publisher, bodyLimit: 1024 }, async (request: IdRequest, reply) => {
    const id = formIdOf(request);
    const given = (request.body as { version?: unknown } | undefined)?.version;
    if (typeof given !== 'number') {
      return reply.code(400).send({ ok: false, message: 'Send { "version": n } with the version to serve again.' });
    }
    const version = versionOf(given);
    if (version === undefined) return reply.code(400).send({ ok: false, message: VERSION_RANGE });
    const result = await store.rollback(id, version, actorOf(request));
    if (!result) return reply.code(404).send({ ok: false, message: `Form '${id}' has no version ${version}` });
    if (result.unchanged) return reply.code(200).send({ id, version, unchanged: true });
    return reply.code(201).send({ ...result, rollbackOf: version });
  });

  // a harmful older version (a rule that hangs, a consent dropped by mistake) stops serving drafts and submissions now
  app.post(
    '/api/admin/forms/:id/versions/:version/withdraw',
    { ...publisher, bodyLimit: 1024 },
    async (request: VersionRequest, reply) => {
      const id = formIdOf(request);
      const version = versionOf(request.params.version);
      if (version === undefined) return reply.code(400).send({ ok: false, message: VERSION_RANGE });
      const result = await store.withdraw(id, version, actorOf(request));
      if (result === undefined)
        return reply.code(404).send({ ok: false, message: `Form '${id}' has no version ${version}` });
      if (result === 'current') {
        const message = `Version ${version} is the one '${id}' serves now: publish or roll back to another first.`;
        return reply.code(409).send({ ok: false, message });
      }
      return { id, version, withdrawn: true };
    },
  );

  app.get('/api/admin/forms/:id/problems', viewer, async (request: IdRequest, reply) => {
    const id = formIdOf(request);
    reply.header('Cache-Control', 'no-store');
    return { id, problems: store.problems.get(id) ?? [] };
  });

  app.get('/api/admin/audit', viewer, async (request, reply) => {
    const query = auditQueryOf(request.query as Record<string, unknown>);
    if (typeof query === 'string') return reply.code(400).send({ ok: false, message: query });
    reply.header('Cache-Control', 'no-store');
    return auditEntries(ctx.db, query);
  });

  registerStaffAccountRoutes(app, ctx);
}
