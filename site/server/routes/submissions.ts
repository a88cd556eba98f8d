import type { Locale } from '@antrag/core/dsl/types';
import { isLocale, translate } from '@antrag/core/i18n';
import { decodePayload, unflattenForm } from '@antrag/core/payload';
import { templateErrors } from '@antrag/core/payload/template';
import type { FieldError } from '@antrag/core/validate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { ADDRESS_MISMATCH, hasOtherAddress } from '../customers/address.js';
import { insertLead, jsonValue } from '../db/index.js';
import { confirmUpload } from '../files/confirm.js';
import { markUploadsUsed, uploadKeysIn } from '../files/records.js';
import {
  FORM_OPTIONS_HEADER,
  type FormRegistry,
  parseOptionsHeader,
  type SubmissionTarget,
} from '../forms/registry.js';
import type { FormStore } from '../forms/store.js';
import { idempotencyOf, lostKeyRace, rememberAnswer, replay, storedAnswer } from '../idempotency.js';
import { checkBearer } from '../tokens.js';
import { FORM_VERSION_HEADER, namedVersion } from './forms.js';
import { RequestProblem } from './lead.js';
import {
  type AuthorizedLead,
  authorizeLead,
  LEAD_TOKEN_HEADER,
  newLeadToken,
  requireCredential,
} from './leadAccess.js';

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
    // the first 50: a body with 60,000 unknown keys must not get an answer ten times its size
    errors: errors
      .slice(0, MAX_ERRORS)
      .map((e) => ({ field: e.field, path: e.path, message: e.message, key: e.messageKey })),
    ...(errors.length > MAX_ERRORS ? { moreErrors: errors.length - MAX_ERRORS } : {}),
  });
}

const MAX_ERRORS = 50;

/** Uploaded file names in a payload, turned back into the records the schema checks, from the upload table. */
export async function fileRecords(ctx: ServerContext, allNames: string[]) {
  // a name no stored file can have (NUL, which neither database stores, or longer than a key) is not looked up:
  // it stays `missing` below, which the schema refuses
  const names = allNames.filter((n) => n.length <= 255 && !n.includes('\u0000'));
  if (names.length === 0) return new Map<string, unknown>(allNames.map((n) => [n, missingFile(n)]));
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
  return new Map<string, unknown>(
    allNames.map((name) => {
      const row = found.get(name);
      // a name the server never received cannot pass: no type, not done
      return [
        name,
        row
          ? { uid: row.key, name, storedName: name, type: row.content_type, size: row.size, status: 'done' }
          : missingFile(name),
      ];
    }),
  );
}

/** A file name the server never received: no type, not done, so the schema refuses it. */
const missingFile = (name: string) => ({ uid: name, name, type: 'unknown', size: 0, status: 'missing' });

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
const AOK_PATH = '/api/internal/services/aok';
/** The blocked-account application's final submission: naming its lead, it completes (closes) it. */
const COMPLETES_LEAD = '/api/internal/services/blocked-account';

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
export function registerSubmissionRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  registry: FormRegistry,
  store?: FormStore,
) {
  const paths = new Map<string, Set<string>>();
  for (const t of registry.targets) {
    if (!paths.has(t.path)) paths.set(t.path, new Set());
    paths.get(t.path)!.add(t.method);
  }
  for (const [path, methods] of paths) {
    for (const method of methods) {
      if (app.hasRoute({ method: method as 'POST', url: path })) continue;
      // a path any of whose forms calls it with the bearer token needs the token before anything else
      const bearer = registry.targets.some(
        (t) => t.path === path && t.method === method && t.settings.auth === 'bearer',
      );
      app.route({
        method: method as 'POST',
        url: path,
        config: { rateLimit: { max: ctx.config.rateLimits.submissionsPerMinute, timeWindow: '1 minute' } },
        handler: async (request, reply) => {
          const locale = requestLocale(request);
          if (bearer) {
            const check = checkBearer(ctx.config.secret, request.headers.authorization);
            if (!check.ok)
              return reply.code(401).send({ status: false, message: `Unauthorized: token ${check.reason}` });
          }
          const probe = isFormEntries(request.body) ? Object.fromEntries(request.body.formEntries) : request.body;
          const first = (Array.isArray(probe) ? probe[0] : probe) as Record<string, unknown> | undefined;

          // the lead's owner, proven before the body is validated: a later step, or any request naming a lead
          let lead: AuthorizedLead | undefined;
          const raw = first && typeof first === 'object' ? first.lead_id : undefined;
          const leadIdText = raw === undefined || raw === null ? undefined : String(raw);
          const step = first && typeof first === 'object' ? first.step : undefined;
          const signUp = path === LEAD_PATH && (step === undefined || step === '' || String(step) === '1');
          const needsLead =
            (path === LEAD_PATH || path === COMPLETES_LEAD) &&
            ((leadIdText !== undefined && leadIdText !== '') || (path === LEAD_PATH && !signUp));
          if (needsLead) await requireCredential(ctx.db, request);
          // a repeat gets the first answer, also once that answer closed the lead; the key counts only with the
          // same credentials (bearer and lead token), so nobody else's repeat is answered
          const idem = idempotencyOf(
            request,
            `${request.headers.authorization ?? ''}|${request.headers[LEAD_TOKEN_HEADER] ?? ''}`,
          );
          const newLead = signUp && !needsLead;
          if (idem) {
            const stored = await storedAnswer(ctx.db, idem);
            if (stored) return replay(reply, await replayed(stored, newLead));
          }
          if (needsLead) {
            try {
              lead = await authorizeLead(ctx.db, request, { leadId: leadIdText });
            } catch (error) {
              // the same request, sent twice at once: the first closed the lead meanwhile
              const stored =
                idem &&
                error instanceof RequestProblem &&
                error.statusCode === 409 &&
                (await storedAnswer(ctx.db, idem));
              if (stored) return replay(reply, stored);
              throw error;
            }
          }

          // the variant the browser filled in (`X-Form-Options: mobile=true`); none means the default one
          const requested = parseOptionsHeader(request.headers[FORM_OPTIONS_HEADER]);
          const found = registry.find(method, path, first, requested);
          // the version the applicant filled in (`X-Form-Version`), when it is not the one served now
          const versioned =
            found && (await versionedTarget(store, registry, found, request, { method, path, first, requested }));
          if (versioned && 'refused' in versioned) return reply.code(versioned.status).send(versioned.refused);
          const target = versioned?.target;
          if (!target) {
            return reply
              .code(400)
              .send({ status: false, ok: false, message: 'This submission does not belong to any known form step.' });
          }
          const payload = payloadOf(target, request.body);
          const unknownKeys: string[] = [];
          let data = await decode(ctx, target, payload, unknownKeys);
          const unknownMessage = translate('validation.unknownField', locale);
          const unknownErrors: FieldError[] = unknownKeys.map((key) => ({
            path: `/${key}`,
            // a nested key (`country/evil`) belongs to its top-level field
            field: key.split('/')[0],
            messageKey: 'validation.unknownField',
            message: unknownMessage,
            params: {},
          }));
          // earlier steps' answers take part in this step's rules (dates between birth and arrival, the minor flag)
          if (lead && path === LEAD_PATH) {
            // the other steps' answers only: this step's earlier answers must not fill in what this request leaves out
            const steps = Object.entries(lead.data as Record<string, Record<string, unknown>>);
            const earlier = Object.assign(
              {},
              ...steps.filter(([id]) => id !== (target.step ?? 'form')).map(([, v]) => v),
            );
            data = { ...earlier, ...data };
          }

          // a template payload (the CMS bookings) is its published template with only the answers filled in
          const shape = templateErrors(target.settings, payload, locale, {
            textValues: target.settings.encoding !== 'json',
          });
          if (shape.length) return rejection(reply, shape, locale);

          const result = target.validator.validateStep(0, data, { locale });
          if (!result.valid || unknownErrors.length)
            return rejection(reply, [...result.errors, ...unknownErrors], locale);
          // a health-insurance customer has one address: another one for the same e-mail is refused
          if (path === AOK_PATH && (await hasOtherAddress(ctx.db, target.form.id, result.data))) {
            return reply
              .code(409)
              .send({ status: false, ok: false, message: ADDRESS_MISMATCH, customerError: ADDRESS_MISMATCH });
          }

          try {
            if (path === LEAD_PATH) {
              const stepKey = target.step ?? 'form';
              const decoded = await decode(ctx, target, payload);
              const answer = await ctx.db.transaction().execute(async (trx) => {
                // the files this step names are kept from now on (files/sweep.ts), or the step is refused (409)
                await markUploadsUsed(trx, uploadKeysIn(decoded));
                let saved: { id: number; account_id: string; token?: string };
                if (lead === undefined) {
                  const token = newLeadToken();
                  const row = await insertLead(trx, {
                    data: jsonValue({ [stepKey]: decoded }),
                    sent: jsonValue({ [stepKey]: payload }),
                    token_hash: token.hash,
                  });
                  saved = { id: row.id, account_id: row.account_id, token: token.token };
                } else {
                  const row = await trx
                    .selectFrom('leads')
                    .select(['data', 'sent', 'account_id', 'closed_at'])
                    .where('id', '=', lead.id)
                    .forUpdate()
                    .executeTakeFirstOrThrow();
                  // completed meanwhile (the final submission between the check and this change)
                  if (row.closed_at) throw new RequestProblem(409, LEAD_CLOSED);
                  const merged = { ...(row.data as Record<string, unknown>), [stepKey]: decoded };
                  const sent = { ...(row.sent as Record<string, unknown>), [stepKey]: payload };
                  await trx
                    .updateTable('leads')
                    .set({ data: jsonValue(merged), sent: jsonValue(sent), updated_at: sql`now()` })
                    .where('id', '=', lead.id)
                    .execute();
                  saved = { id: lead.id, account_id: row.account_id };
                }
                const body = { status: true, message: 'success', id: saved.id, account_id: saved.account_id };
                // the token is never kept in clear, not even with the key: a replay hands out a new one
                if (idem) await rememberAnswer(trx, idem, 200, body);
                return saved.token ? { ...body, lead_token: saved.token } : body;
              });
              // the answer may carry the lead token: no cache keeps it
              return reply.header('Cache-Control', 'no-store').send(answer);
            }

            const answer = await ctx.db.transaction().execute(async (trx) => {
              if (lead) {
                const closed = await trx
                  .updateTable('leads')
                  .set({ closed_at: sql`now()`, status: 'submitted', updated_at: sql`now()` })
                  .where('id', '=', lead.id)
                  .where('closed_at', 'is', null)
                  .executeTakeFirst();
                if (Number(closed.numUpdatedRows) === 0) throw new RequestProblem(409, LEAD_CLOSED);
              }
              const row = await trx
                .insertInto('submissions')
                .values({
                  kind: target.source ?? target.path,
                  form_id: target.form.id,
                  form_version: versioned?.version ?? null,
                  data: jsonValue(lead ? { ...result.data, lead_id: lead.id } : result.data),
                  language: locale,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
              // the files the submission names are kept from now on (files/sweep.ts), or it is refused (409)
              await markUploadsUsed(trx, uploadKeysIn(result.data));
              const body = answerFor(target, row.id);
              if (idem) await rememberAnswer(trx, idem, 200, body);
              return body;
            });
            return reply.send(answer);
          } catch (error) {
            // the same request, sent twice at once: the first stored it, this one answers as the first did
            if (idem && (lostKeyRace(error) || (error instanceof RequestProblem && error.statusCode === 409))) {
              const stored = await storedAnswer(ctx.db, idem);
              if (stored) return replay(reply, await replayed(stored, newLead));
            }
            throw error;
          }
        },
      });
    }
  }

  /**
   * A remembered answer as it is sent again. A replayed sign-up hands out a new lead token (the first one
   * was lost with the answer, and is not kept in clear): only the holder of the key, with the same bearer token
   * and within the key's day, can ask for it.
   */
  async function replayed(stored: { status: number; answer: unknown }, newLead: boolean) {
    const answer = stored.answer as Record<string, unknown>;
    if (!newLead || typeof answer?.id !== 'number') return stored;
    const token = newLeadToken();
    await ctx.db.updateTable('leads').set({ token_hash: token.hash }).where('id', '=', answer.id).execute();
    return { status: stored.status, answer: { ...answer, lead_token: token.token } };
  }
}

const LEAD_CLOSED = 'This application is complete and can no longer be changed.';

type Versioned =
  | { target: SubmissionTarget | undefined; version?: number }
  | { refused: Record<string, unknown>; status: number };

/**
 * The submission target of the version the request names (`X-Form-Version`), found as `found` was in the registry
 * of the version served now: the same target when it names that version or none, the older version's within its
 * grace time, else a refusal (409 a version past its grace time, 400 a version the form never had).
 */
async function versionedTarget(
  store: FormStore | undefined,
  registry: FormRegistry,
  found: SubmissionTarget,
  request: FastifyRequest,
  lookup: { method: string; path: string; first: unknown; requested: Record<string, string> },
): Promise<Versioned> {
  const named = await namedVersion(store, registry, found.form.id, request.headers[FORM_VERSION_HEADER]);
  if ('status' in named) return { status: named.status, refused: named.body };
  if (named.registry === registry) return { target: found, version: named.version };
  const target = named.registry.find(lookup.method, lookup.path, lookup.first, lookup.requested);
  return { target, version: named.version };
}
