/**
 * POST /api/admin/content-changed: the content service's webhook (issue 17). It reads the CMS's form definitions
 * now and publishes those that changed (forms/cmsSync.ts), and answers what happened:
 *
 * - 200 `{ ok: true, documents, published, unchanged, refused, failed, forms: [{ kind, record, id, outcome,
 *   version?, problems? }] }` when every kind was read (a refused document is the CMS's to fix, not a reason to
 *   send the hook again);
 * - 502 with the same counts and `errors` when a kind could not be read (the service down or answering garbage):
 *   the CMS may send the hook again, and nothing served was changed;
 * - 202 `{ ok: true, running: true }` when the reading takes longer than `waitMs` (it goes on; the log tells);
 * - 401 without the shared secret (CONTENT_WEBHOOK_SECRET) as `X-Webhook-Secret` or `Authorization: Bearer …`,
 *   checked in constant time before the body is read; the body itself is never used;
 * - 404 when this server has no hook: the content comes from files (CONTENT_SOURCE=files), CONTENT_FORMS=none, or
 *   CONTENT_WEBHOOK_SECRET is not set.
 *
 * Hooks and polls that arrive while a reading runs share the next reading (one at a time per instance).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../app.js';
import type { CmsFormSync, SyncReport } from '../forms/cmsSync.js';
import { sameSecret } from '../staff/auth.js';

export const CONTENT_CHANGED_PATH = '/api/admin/content-changed';

/** The webhook's header for the shared secret (a bearer credential is taken too). */
const SECRET_HEADER = 'x-webhook-secret';

/** Webhooks carry the changed record, which may be a whole definition: read (and dropped) up to this size. */
const HOOK_BODY_LIMIT = 8 * 1024 * 1024;

export interface ContentHook {
  sync: CmsFormSync;
  /** CONTENT_WEBHOOK_SECRET; absent: the hook is off (the poll still reads). */
  secret?: string;
  /** How long the answer waits for the reading, ms (default 20,000, within a CMS's usual webhook timeout). */
  waitMs?: number;
}

const NO_HOOK =
  'No content hook on this server: forms are read from the content service with CONTENT_SOURCE=graphql, ' +
  'CONTENT_FORMS not none and CONTENT_WEBHOOK_SECRET set.';
const NO_SECRET = 'Send the webhook secret as X-Webhook-Secret (or as a bearer credential).';

function secretOf(request: FastifyRequest): string | undefined {
  const header = request.headers[SECRET_HEADER];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
}

/** The route module of the hook; `hook` undefined: the route answers 404. */
export function contentChangedRoute(hook: ContentHook | undefined): RouteModule {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // whatever the CMS sends (JSON, form data, text) is read within the limit and dropped: only the call counts
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (_request, _body, done) =>
        done(null, undefined),
      );
      scope.post(CONTENT_CHANGED_PATH, { onRequest: authorize(hook) }, async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (!hook) return reply.code(404).send({ ok: false, message: NO_HOOK });
        const report = await within(hook.sync.sync(), hook.waitMs ?? 20_000);
        if (!report) {
          return reply.code(202).send({ ok: true, running: true, message: 'The forms are being read; see the log.' });
        }
        return reply.code(report.errors.length ? 502 : 200).send({ ok: report.errors.length === 0, ...report });
      });
    });
  };
}

/** Lets through only the holder of the secret, before the body is read. */
function authorize(hook: ContentHook | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hook?.secret) return reply.code(404).header('Cache-Control', 'no-store').send({ ok: false, message: NO_HOOK });
    const given = secretOf(request);
    if (given === undefined || !sameSecret(given, hook.secret)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="antrag-content-hook"')
        .header('Cache-Control', 'no-store')
        .send({ ok: false, message: NO_SECRET });
    }
  };
}

/** The reading's report, or undefined when it takes longer than `ms` (it goes on). */
function within(reading: Promise<SyncReport>, ms: number): Promise<SyncReport | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([reading, late]).finally(() => clearTimeout(timer));
}
