import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Locale } from '../../../renderer/core/dsl/types.js';
import { isLocale, translate } from '../../../renderer/core/i18n/index.js';
import { decodePayload, unflattenForm } from '../../../renderer/core/payload/index.js';
import type { FieldError } from '../../../renderer/core/validate/index.js';
import type { ServerContext } from '../context.js';
import { insertLead, jsonValue } from '../db/index.js';
import { confirmUpload } from '../files/confirm.js';
import {
  FORM_OPTIONS_HEADER,
  type FormRegistry,
  parseOptionsHeader,
  type SubmissionTarget,
} from '../forms/registry.js';
import { checkBearer } from '../tokens.js';

/** A urlencoded body as the parser hands it over: its entries in order, so bracketed keys can be nested. */
export interface FormEntries {
  readonly formEntries: Array<[string, string]>;
}

export function isFormEntries(body: unknown): body is FormEntries {
  return !!body && typeof body === 'object' && Array.isArray((body as FormEntries).formEntries);
}

/** The language of the answer's messages: X-Language, then Accept-Language, then English. */
export function requestLocale(request: FastifyRequest): Locale {
  const candidates = [request.headers['x-language'], ...String(request.headers['accept-language'] ?? '').split(',')];
  for (const c of candidates) {
    const code = String(c ?? '')
      .trim()
      .slice(0, 2)
      .toLowerCase();
    if (isLocale(code)) return code;
  }
  return 'en';
}

/** The body as the submission's payload map expects it. */
function payloadOf(target: SubmissionTarget, body: unknown): Record<string, unknown> | unknown[] {
  if (isFormEntries(body)) {
    return target.settings.nested === 'brackets'
      ? unflattenForm(body.formEntries)
      : Object.fromEntries(body.formEntries);
  }
  return (body ?? {}) as Record<string, unknown>;
}

/** Every failing field, in the request's language: the answer of a rejected submission. */
export function rejection(reply: FastifyReply, errors: FieldError[], locale: Locale) {
  const first = errors[0]?.message ?? translate('validation.invalid', locale);
  return reply.code(400).send({
    status: false,
    ok: false,
    title: first,
    message: first,
    errors: errors.map((e) => ({ field: e.field, path: e.path, message: e.message, key: e.messageKey })),
  });
}

/** Uploaded file names in a payload, turned back into the records the schema checks, from the upload table. */
async function fileRecords(ctx: ServerContext, names: string[]) {
  if (names.length === 0) return new Map<string, unknown>();
  const rows = await ctx.db
    .selectFrom('uploads')
    .select(['key', 'content_type', 'size'])
    .where(
      'key',
      'in',
      names.map((n) => `uploads/${n}`),
    )
    .execute();
  const found = new Map(rows.map((r) => [r.key.slice('uploads/'.length), r]));
  // S3 uploads go straight to the bucket: the first submission naming one has its bytes checked and recorded
  if (ctx.files.driver === 's3') {
    for (const name of names.filter((n) => !found.has(n))) {
      const confirmed = await confirmUpload(ctx, `uploads/${name}`);
      if (confirmed.ok) {
        found.set(name, {
          key: confirmed.file.key,
          content_type: confirmed.file.contentType,
          size: confirmed.file.size,
        });
      }
    }
  }
  return new Map(
    names.map((name) => {
      const row = found.get(name);
      // a name the server never received cannot pass: no type, not done
      return [
        name,
        row
          ? { uid: row.key, name, storedName: name, type: row.content_type, size: row.size, status: 'done' }
          : { uid: name, name, type: 'unknown', size: 0, status: 'missing' },
      ];
    }),
  );
}

/** Reads the payload back into form data, resolving uploaded files against the store. */
async function decode(ctx: ServerContext, target: SubmissionTarget, payload: unknown, unknown: string[] = []) {
  const textValues = target.settings.encoding !== 'json';
  const names: string[] = [];
  decodePayload(target.settings, payload, target.form, {
    textValues,
    onUnknownKey: (key) => unknown.push(key),
    resolveFiles: (list) => {
      names.push(...list);
      return [];
    },
  });
  const records = await fileRecords(ctx, [...new Set(names)]);
  return decodePayload(target.settings, payload, target.form, {
    textValues,
    resolveFiles: (list) => list.map((n) => records.get(n)),
  });
}

const LEAD_PATH = '/api/v1/lead/submit-application';

/** What each kind of submission answers on success (the specs' answer shapes). */
function answerFor(target: SubmissionTarget, id: number): Record<string, unknown> {
  switch (target.path) {
    case '/api/internal/services/aok':
      return { dealID: String(id) };
    case '/api/internal/contact-form':
      return { ok: true, id: String(id) };
    case '/api/internal/services/blocked-account':
      return { status: true, message: 'success', id: String(id) };
    case '/api/bookings/create':
    case '/api/v2/bookings/create':
      return { id: String(id) };
    default:
      return { ok: true, status: true, id: String(id) };
  }
}

/**
 * Every submission a known form makes, validated with that form's compiled submit schema before
 * anything is stored. Routes come from the forms' own endpoints, so a new form needs no code here.
 */
export function registerSubmissionRoutes(app: FastifyInstance, ctx: ServerContext, registry: FormRegistry) {
  const paths = new Map<string, Set<string>>();
  for (const t of registry.targets) {
    if (!paths.has(t.path)) paths.set(t.path, new Set());
    paths.get(t.path)!.add(t.method);
  }
  for (const [path, methods] of paths) {
    for (const method of methods) {
      if (app.hasRoute({ method: method as 'POST', url: path })) continue;
      app.route({
        method: method as 'POST',
        url: path,
        config: { rateLimit: { max: ctx.config.rateLimits.submissionsPerMinute, timeWindow: '1 minute' } },
        handler: async (request, reply) => {
          const locale = requestLocale(request);
          const probe = isFormEntries(request.body) ? Object.fromEntries(request.body.formEntries) : request.body;
          const first = Array.isArray(probe) ? probe[0] : probe;
          // the variant the browser filled in (`X-Form-Options: mobile=true`); none means the default one
          const target = registry.find(method, path, first, parseOptionsHeader(request.headers[FORM_OPTIONS_HEADER]));
          if (!target) {
            return reply
              .code(400)
              .send({ status: false, ok: false, message: 'This submission does not belong to any known form step.' });
          }
          if (target.settings.auth === 'bearer') {
            const check = checkBearer(ctx.config.secret, request.headers.authorization);
            if (!check.ok)
              return reply.code(401).send({ status: false, message: `Unauthorized: token ${check.reason}` });
          }
          const payload = payloadOf(target, request.body);
          const unknownKeys: string[] = [];
          let data = await decode(ctx, target, payload, unknownKeys);
          const unknownMessage = translate('validation.unknownField', locale);
          const unknownErrors: FieldError[] = unknownKeys.map((key) => ({
            path: `/${key}`,
            field: key,
            messageKey: 'validation.unknownField',
            message: unknownMessage,
            params: {},
          }));

          let leadId: number | undefined;
          if (path === LEAD_PATH) {
            const raw = (payload as Record<string, unknown>).lead_id;
            leadId = raw === undefined || raw === '' ? undefined : Number(raw);
            if (leadId !== undefined && !Number.isInteger(leadId)) {
              return reply.code(400).send({ status: false, message: 'lead_id must be a whole number' });
            }
            const isFirst = target.first;
            if (leadId !== undefined) {
              const lead = await ctx.db
                .selectFrom('leads')
                .select(['data'])
                .where('id', '=', leadId)
                .executeTakeFirst();
              if (!lead) return reply.code(404).send({ status: false, message: 'No application with this lead_id.' });
              // earlier steps' answers take part in this step's rules (dates between birth and arrival, the minor flag)
              const earlier = Object.assign({}, ...Object.values(lead.data as Record<string, Record<string, unknown>>));
              data = { ...earlier, ...data };
            } else if (!isFirst) {
              return reply
                .code(400)
                .send({ status: false, message: 'Missing lead identifier. Please complete Step 1 first.' });
            }
          }

          const result = target.validator.validateStep(0, data, { locale });
          if (!result.valid || unknownErrors.length)
            return rejection(reply, [...result.errors, ...unknownErrors], locale);

          if (path === LEAD_PATH) {
            const stepKey = target.step ?? 'form';
            const decoded = await decode(ctx, target, payload);
            const answer = await ctx.db.transaction().execute(async (trx) => {
              if (leadId === undefined) {
                return insertLead(trx, {
                  data: jsonValue({ [stepKey]: decoded }),
                  sent: jsonValue({ [stepKey]: payload }),
                });
              }
              const lead = await trx
                .selectFrom('leads')
                .select(['data', 'sent', 'account_id'])
                .where('id', '=', leadId)
                .forUpdate()
                .executeTakeFirstOrThrow();
              const merged = { ...(lead.data as Record<string, unknown>), [stepKey]: decoded };
              const sent = { ...(lead.sent as Record<string, unknown>), [stepKey]: payload };
              await trx
                .updateTable('leads')
                .set({ data: jsonValue(merged), sent: jsonValue(sent), updated_at: sql`now()` })
                .where('id', '=', leadId)
                .execute();
              return { id: leadId, account_id: lead.account_id };
            });
            return reply.send({ status: true, message: 'success', id: answer.id, account_id: answer.account_id });
          }

          const row = await ctx.db
            .insertInto('submissions')
            .values({
              kind: target.source ?? target.path,
              form_id: target.form.id,
              data: jsonValue(result.data),
              language: locale,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return reply.send(answerFor(target, row.id));
        },
      });
    }
  }
}
