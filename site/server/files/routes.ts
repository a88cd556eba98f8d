/**
 * The shared upload contract (forms spec §7 calls 1 and 2):
 *
 *   GET  /api/upload-file?file=<generated name>&fileType=<MIME>  →  { url, fields }
 *   POST <url>  multipart: the fields, then `file`                →  204, or 400/403/409/413 { error, message }
 *
 * With the S3 driver `url` is the bucket and S3 enforces the policy; with the local driver `url` is
 * POST /api/upload below, which enforces the same policy and, unlike S3, also checks the file's bytes.
 */
import multipart from '@fastify/multipart';
// Types only: routes carry `config.rateLimit`, which takes effect when the app registered the plugin.
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { ALLOWED_UPLOAD_TYPES, type CheckFailure, checkFile } from './check.js';
import { LOCAL_UPLOAD_PATH, LocalFileStore } from './local.js';
import { checkUploadRequest, MIN_UPLOAD_BYTES, uploadKeyProblem } from './names.js';
import { claimUpload, keyTaken, releaseUpload } from './records.js';

export { MIN_UPLOAD_BYTES } from './names.js';

/** Form fields of the upload form: a handful of short strings (the policy is well under 1 KB). */
const FORM_LIMITS = { fields: 16, fieldSize: 8 * 1024, files: 1, parts: 17, fieldNameSize: 100, headerPairs: 100 };

interface UploadFileQuery {
  file?: unknown;
  fileType?: unknown;
}

function sendError(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, message });
}

/**
 * Per client address. A form uploads a handful of files; the caps stop one client from filling the
 * disk with valid uploads, each of which may be up to the size limit.
 */
const TARGET_RATE = { max: 60, timeWindow: '1 minute' };
const UPLOAD_RATE = { max: 30, timeWindow: '1 minute' };

const CHECK_STATUS: Record<CheckFailure, number> = {
  empty: 400,
  'too-small': 400,
  'too-large': 413,
  'type-not-allowed': 400,
  'unknown-type': 400,
  'type-mismatch': 400,
};

/**
 * Registers GET /api/upload-file and, for the local store, POST /api/upload (a route module in the
 * sense of app.ts: `await registerUploadRoutes(app, ctx)`).
 */
export async function registerUploadRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const maxBytes = ctx.config.storage.maxUploadBytes;

  app.get<{ Querystring: UploadFileQuery }>(
    '/api/upload-file',
    { config: { rateLimit: TARGET_RATE } },
    async (request, reply) => {
      const checked = checkUploadRequest(request.query ?? {});
      if (!checked.ok) return sendError(reply, 400, 'bad-request', checked.message);
      // Names are generated with a unique id; one already taken means a replay or an attempt to
      // overwrite someone else's file (or a file the orphan sweep is removing).
      if (await keyTaken(ctx.db, checked.key)) {
        return sendError(
          reply,
          409,
          'already-uploaded',
          `a file named '${checked.fileName}' was already uploaded; upload it under a new name`,
        );
      }
      const target = await ctx.files.createUploadTarget({
        key: checked.key,
        contentType: checked.contentType,
        minBytes: MIN_UPLOAD_BYTES,
        maxBytes,
      });
      // A signed target is a short-lived credential: no cache may keep it.
      return reply.header('cache-control', 'no-store').send(target);
    },
  );

  const store = ctx.files;
  // The S3 driver's targets point at the bucket, so the local target exists only for the local store.
  if (!(store instanceof LocalFileStore)) return;

  await app.register(async (scope) => {
    // The app may have registered @fastify/multipart already; registering it twice fails.
    if (!scope.hasRequestDecorator('parts')) {
      await scope.register(multipart, { limits: { ...FORM_LIMITS, fileSize: maxBytes } });
    }

    scope.post(LOCAL_UPLOAD_PATH, { config: { rateLimit: UPLOAD_RATE } }, async (request, reply) => {
      if (!request.isMultipart()) {
        return sendError(reply, 400, 'bad-request', 'the upload must be a multipart/form-data form');
      }
      try {
        return await handleUploadForm(request, reply, ctx, store, maxBytes);
      } catch (error) {
        // The parser's own refusals (too many parts, truncated body, file over the global cap …)
        // carry a 4xx status; everything else is the server's fault and goes to the error handler.
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500) {
          const code = (error as { code?: string }).code ?? 'bad-request';
          return sendError(reply, status, code, (error as Error).message);
        }
        throw error;
      }
    });
  });
}

async function handleUploadForm(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ServerContext,
  store: LocalFileStore,
  maxBytes: number,
): Promise<FastifyReply> {
  // Field names compared case-insensitively, as S3 does for form fields.
  const fields = new Map<string, string>();
  for await (const part of request.parts({ limits: { ...FORM_LIMITS, fileSize: maxBytes } })) {
    if (part.type === 'field') {
      const name = part.fieldname.toLowerCase();
      if (typeof part.value !== 'string' || part.valueTruncated) {
        return sendError(reply, 400, 'bad-request', `the form field '${part.fieldname}' is not a short text`);
      }
      if (fields.has(name)) {
        return sendError(reply, 400, 'bad-request', `the form field '${part.fieldname}' appears more than once`);
      }
      fields.set(name, part.value);
      continue;
    }

    if (part.fieldname !== 'file') {
      part.file.destroy();
      return sendError(
        reply,
        400,
        'bad-request',
        `the file must be sent as the form field 'file', not '${part.fieldname}'`,
      );
    }
    // Like S3: the file comes last, so the policy is known (and checked) before a byte is read,
    // and no unauthorised upload costs more than its headers.
    const key = fields.get('key');
    const contentType = fields.get('content-type');
    if (key === undefined || contentType === undefined) {
      part.file.destroy();
      return sendError(reply, 400, 'bad-request', "the form fields 'key' and 'Content-Type' must come before 'file'");
    }
    const verdict = store.verifyUploadForm({
      policy: fields.get('policy'),
      signature: fields.get('signature'),
      key,
      contentType,
    });
    if (!verdict.ok) {
      part.file.destroy();
      const status = verdict.reason === 'missing' || verdict.reason === 'malformed' ? 400 : 403;
      return sendError(reply, status, `policy-${verdict.reason}`, verdict.message);
    }
    const { policy } = verdict;
    // A policy names its key, and only a signed one gets here; still, the key goes to the disk next, so
    // it must be an upload key (a forged or buggy policy with '../' or another folder is the client's
    // error, not the server's).
    const keyProblem = uploadKeyProblem(policy.key);
    if (keyProblem) {
      part.file.destroy();
      return sendError(reply, 400, 'invalid-key', `the upload policy's key cannot be used: ${keyProblem}`);
    }
    const cap = Math.min(policy.maxBytes, maxBytes);

    // Read with our own count: the parser's cap is the global one, the policy's may be lower, and
    // the bytes stop being buffered as soon as the cap is passed.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) break; // leaving the loop destroys the stream; the rest of the body is dropped
      chunks.push(chunk);
    }
    if (size > cap || part.file.truncated) {
      return sendError(reply, 413, 'too-large', `the file is larger than the ${cap} bytes this upload allows`);
    }
    const bytes = Buffer.concat(chunks, size);

    // Only the signed policy speaks for the file; the part's own filename and MIME header are ignored.
    const checked = await checkFile(bytes, policy.contentType, {
      minBytes: policy.minBytes,
      maxBytes: cap,
      allowed: ALLOWED_UPLOAD_TYPES,
    });
    if (!checked.ok) return sendError(reply, CHECK_STATUS[checked.reason], checked.reason, checked.message);

    // The row is claimed before the file is written, so a second post for the same key cannot
    // overwrite an accepted file; if writing fails the claim is released and nothing is kept.
    const stored = { key: policy.key, contentType: checked.contentType, size };
    if (!(await claimUpload(ctx.db, stored))) {
      return sendError(reply, 409, 'already-uploaded', 'a file was already uploaded under this key');
    }
    try {
      await store.put(policy.key, bytes, checked.contentType);
    } catch (error) {
      await releaseUpload(ctx.db, policy.key);
      await store.delete(policy.key).catch(() => {});
      throw error;
    }
    // Fields after the file are ignored, as S3 ignores them.
    return reply.code(204).header('cache-control', 'no-store').send();
  }
  return sendError(reply, 400, 'bad-request', "the form has no 'file'");
}
