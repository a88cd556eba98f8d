/**
 * The studio's drafts on the staff API (issue 18); the queries are in forms/drafts.ts. Viewers may read drafts,
 * publishers write them: a draft is what the next version will be, and only publishers make versions. Every route
 * checks the caller in `onRequest` (staff/auth.ts), before the body is read.
 *
 * - GET /api/admin/drafts: every draft (without its text); there are at most FORM_DRAFTS_MAX
 * - GET /api/admin/forms/{id}/draft → `{ id, text, basedOn, etag, savedBy, savedAt, bytes }` (ETag header), 404
 *   when the form has none
 * - PUT /api/admin/forms/{id}/draft `{ text, basedOn? }` with `If-Match: "<etag>"` (over that draft) or
 *   `If-None-Match: *` (a new draft) → 200 / 201 with the new etag; 409 `{ etag }` when the draft changed meanwhile,
 *   428 without either header, 413 over MAX_DEFINITION_BYTES, 400 nested deeper than MAX_JSON_DEPTH (no reader
 *   could open it: the studio's checker and editor recurse), 409 for a new draft past FORM_DRAFTS_MAX. If-Match
 *   compares strongly (a weak `W/"…"` etag matches nothing); `If-Match: *` matches the draft there is. A form with
 *   no version yet may have a draft.
 * - DELETE /api/admin/forms/{id}/draft with `If-Match` → 200, 404, 409 as above
 * Saves and deletes count against RATE_LIMIT_DRAFTS a minute per staff member (429 with Retry-After past it).
 *
 * Publishing a draft is PUT /api/admin/forms/{id} (routes/admin.ts) with its content: that clears it.
 */

import { MAX_JSON_DEPTH, nestingDepth } from '@antrag/core/json';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import {
  ANY_ETAG,
  type DraftPrecondition,
  deleteDraft,
  hasVersion,
  listDrafts,
  readDraft,
  saveDraft,
  servedVersion,
} from '../forms/drafts.js';
import { MAX_DEFINITION_BYTES } from '../forms/store.js';
import { requireStaff } from '../staff/auth.js';
import { actorOf, formIdOf, versionOf } from './admin.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** A weak etag: no draft's (they are strong), so it matches none (RFC 9110: If-Match compares strongly). */
const WEAK = 'W/';

/**
 * The etag an `If-Match` header names (quoted or not; `*` for any), `WEAK` for a weak one (a mismatch, as a stale
 * etag is), or undefined when there is none.
 */
function ifMatchOf(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  if (typeof header !== 'string') return undefined;
  const given = header.trim();
  if (given === ANY_ETAG) return ANY_ETAG;
  if (given.startsWith(WEAK)) return WEAK;
  const etag = given.replace(/^"|"$/g, '');
  return /^[\w-]{1,64}$/.test(etag) ? etag : undefined;
}

function preconditionOf(request: FastifyRequest): DraftPrecondition | undefined {
  const ifMatch = ifMatchOf(request);
  if (ifMatch) return { ifMatch };
  return request.headers['if-none-match'] === '*' ? { create: true } : undefined;
}

const PRECONDITION =
  'Send If-Match with the etag of the draft you opened, or If-None-Match: * to start a draft the form does not have.';

function conflict(reply: FastifyReply, id: string, etag: string | undefined) {
  const message = etag
    ? `The draft of '${id}' was saved by someone else meanwhile: open it again, or overwrite it with its new etag.`
    : `The draft of '${id}' was published or deleted meanwhile: save it again as a new draft.`;
  return reply.code(409).send({ ok: false, message, ...(etag ? { etag } : {}) });
}

export function registerDraftRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const viewer = { onRequest: requireStaff(ctx, 'viewer') };
  const publisher = { onRequest: requireStaff(ctx, 'publisher') };

  const { maxDrafts, draftWritesPerMinute } = ctx.config.forms;
  // counted per staff member (requireStaff ran before: the rate limit's hook comes after the route's own), so one
  // editor's burst does not hold back colleagues behind the same address
  const writes = {
    ...publisher,
    config: {
      rateLimit: {
        max: draftWritesPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `drafts:${request.staff?.name ?? request.ip}`,
      },
    },
  };

  app.get('/api/admin/drafts', viewer, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { drafts: await listDrafts(ctx.db, maxDrafts) };
  });

  app.get('/api/admin/forms/:id/draft', viewer, async (request: IdRequest, reply) => {
    const id = formIdOf(request);
    reply.header('Cache-Control', 'no-store');
    const draft = await readDraft(ctx.db, id);
    if (!draft) return reply.code(404).send({ ok: false, message: `Form '${id}' has no draft` });
    return reply.header('ETag', `"${draft.etag}"`).send(draft);
  });

  app.put(
    '/api/admin/forms/:id/draft',
    // the text travels as a JSON string: escaped quotes and line breaks may double its size on the way
    { ...writes, bodyLimit: 2 * MAX_DEFINITION_BYTES + 1024 },
    async (request: IdRequest, reply) => {
      const id = formIdOf(request);
      const body = request.body as { text?: unknown; basedOn?: unknown } | undefined;
      if (typeof body?.text !== 'string') {
        return reply.code(400).send({ ok: false, message: 'Send { "text": "<the form as JSON text>" }.' });
      }
      const bytes = Buffer.byteLength(body.text);
      if (bytes > MAX_DEFINITION_BYTES) {
        return reply.code(413).send({
          ok: false,
          message: `The draft of '${id}' is ${bytes} bytes; a draft may have at most ${MAX_DEFINITION_BYTES}.`,
        });
      }
      if (nestingDepth(body.text) > MAX_JSON_DEPTH) {
        return reply.code(400).send({
          ok: false,
          message: `The draft of '${id}' is nested deeper than ${MAX_JSON_DEPTH} levels; a form needs far fewer.`,
        });
      }
      let basedOn: number | null;
      if (body.basedOn === undefined) basedOn = await servedVersion(ctx.db, id);
      else if (body.basedOn === null) basedOn = null;
      else {
        const version = versionOf(body.basedOn);
        if (version === undefined || typeof body.basedOn !== 'number') {
          return reply.code(400).send({ ok: false, message: 'basedOn must be a version number, or null.' });
        }
        if (!(await hasVersion(ctx.db, id, version))) {
          return reply.code(400).send({ ok: false, message: `basedOn: form '${id}' has no version ${version}` });
        }
        basedOn = version;
      }
      const precondition = preconditionOf(request);
      if (!precondition) return reply.code(428).send({ ok: false, message: PRECONDITION });
      const draft = { text: body.text, basedOn };
      const saved = await saveDraft(ctx.db, id, draft, precondition, actorOf(request), maxDrafts);
      if (!saved.ok && 'full' in saved) {
        const message = `At most ${saved.max} drafts are kept (FORM_DRAFTS_MAX), and there are as many: publish or delete one first.`;
        return reply.code(409).send({ ok: false, message });
      }
      if (!saved.ok) return conflict(reply, id, saved.etag);
      return reply
        .code(saved.created ? 201 : 200)
        .header('ETag', `"${saved.draft.etag}"`)
        .header('Cache-Control', 'no-store')
        .send(saved.draft);
    },
  );

  app.delete('/api/admin/forms/:id/draft', { ...writes, bodyLimit: 1024 }, async (request: IdRequest, reply) => {
    const id = formIdOf(request);
    const ifMatch = ifMatchOf(request);
    if (!ifMatch) return reply.code(428).send({ ok: false, message: 'Send If-Match with the etag of the draft.' });
    const outcome = await deleteDraft(ctx.db, id, ifMatch, actorOf(request));
    if (outcome === 'none') return reply.code(404).send({ ok: false, message: `Form '${id}' has no draft` });
    if (outcome !== 'deleted') return conflict(reply, id, outcome.etag);
    return { id, deleted: true };
  });
}
