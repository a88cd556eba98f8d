/**
 * POST /api/forms/{id}/submissions: the final submission of any form, shipped or published (issue 17). The body is
 * the form data as the engine holds it (JSON keyed by field name); `X-Form-Version` names the version it was filled
 * in (default: the one served now), `X-Form-Options` the variant. The data is checked against that version's whole
 * schema, uploads are read back from the upload table (the client's word on a file's type and size counts for
 * nothing), and the submission is stored with the form's id and version.
 */
import type { CompiledForm, FieldPlan } from '@antrag/core/compile/types';
import { translate } from '@antrag/core/i18n';
import { createFormValidator, type FieldError, type FormValidator } from '@antrag/core/validate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { jsonValue } from '../db/index.js';
import { markUploadsUsed, uploadKeysIn } from '../files/records.js';
import { FORM_OPTIONS_HEADER, type FormRegistry, parseOptionsHeader } from '../forms/registry.js';
import type { FormStore } from '../forms/store.js';
import { idempotencyOf, lostKeyRace, rememberAnswer, replay, storedAnswer } from '../idempotency.js';
import { checkBearer } from '../tokens.js';
import { retiredMessage } from './forms.js';
import { RequestProblem } from './lead.js';
import { FORM_VERSION_HEADER, fileRecords, rejection, requestLocale } from './submissions.js';

const FORM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const FILE_TYPES: ReadonlySet<FieldPlan['type']> = new Set<FieldPlan['type']>([
  'upload',
  'passportUpload',
  'consentPdf',
]);

type SubmissionRequest = FastifyRequest<{ Params: { id: string } }>;

/** The compiled form of the version and variant a submission names, or the answer that refuses it. */
async function formOf(
  registry: FormRegistry,
  store: FormStore | undefined,
  request: SubmissionRequest,
): Promise<{ form: CompiledForm; version?: number } | { status: number; body: Record<string, unknown> }> {
  const id = request.params.id;
  const refuse = (status: number, message: string, code?: string) => ({
    status,
    body: { ok: false, status: false, message, ...(code ? { code } : {}) },
  });
  if (!FORM_ID.test(id) || !registry.forms.has(id)) return refuse(404, `No form '${id.slice(0, 100)}'`);
  const header = request.headers[FORM_VERSION_HEADER];
  const text = Array.isArray(header) ? header[0] : header;
  const current = registry.versionOf.get(id);
  let source = registry;
  let version = current;
  if (text !== undefined && store && current !== undefined && text !== String(current)) {
    if (!/^[1-9]\d{0,8}$/.test(text)) return refuse(400, `${FORM_VERSION_HEADER} must be a version number`);
    const older = await store.version(id, Number(text));
    if (older === 'retired') return refuse(409, retiredMessage(id, text), 'form-version-retired');
    if (!older) return refuse(400, `The form '${id}' has no version ${text}`);
    source = older.registry;
    version = older.version;
  }
  const variant = source.variant(id, parseOptionsHeader(request.headers[FORM_OPTIONS_HEADER]));
  if (!variant) return refuse(404, `No form '${id}'`);
  if ('error' in variant) return refuse(400, variant.error);
  return { form: variant.form, version };
}

/** Upload fields' records as the upload table knows them (by the stored name the engine keeps). */
async function withStoredFiles(ctx: ServerContext, form: CompiledForm, data: Record<string, unknown>) {
  const out = { ...data };
  for (const plan of Object.values(form.fields)) {
    const list = out[plan.name];
    if (!FILE_TYPES.has(plan.type) || !Array.isArray(list)) continue;
    // a record as the engine holds it, or its stored name as a payload map sends it
    const names = list.map((f) => {
      if (typeof f === 'string') return f;
      const record = (f ?? {}) as { storedName?: unknown; name?: unknown };
      return String(record.storedName ?? record.name ?? '');
    });
    const records = await fileRecords(ctx, names);
    out[plan.name] = names.map((n) => records.get(n));
  }
  return out;
}

export function registerFormSubmissionRoute(
  app: FastifyInstance,
  ctx: ServerContext,
  registry: FormRegistry,
  store?: FormStore,
): void {
  const validators = new WeakMap<CompiledForm, FormValidator>();
  const validatorOf = (form: CompiledForm) => {
    let validator = validators.get(form);
    if (!validator) {
      validator = createFormValidator(form);
      validators.set(form, validator);
    }
    return validator;
  };
  app.post(
    '/api/forms/:id/submissions',
    { config: { rateLimit: { max: ctx.config.rateLimits.submissionsPerMinute, timeWindow: '1 minute' } } },
    async (request: SubmissionRequest, reply) => {
      const locale = requestLocale(request);
      const found = await formOf(registry, store, request);
      if ('status' in found) return reply.code(found.status).send(found.body);
      const { form, version } = found;
      if (form.submit?.auth === 'bearer') {
        const check = checkBearer(ctx.config.secret, request.headers.authorization);
        if (!check.ok)
          return reply.code(401).send({ status: false, ok: false, message: `Unauthorized: token ${check.reason}` });
      }
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new RequestProblem(400, 'Send the form data as a JSON object keyed by field name.');
      }
      const idem = idempotencyOf(request, request.headers.authorization ?? '');
      if (idem) {
        const stored = await storedAnswer(ctx.db, idem);
        if (stored) return replay(reply, stored);
      }
      const known = new Set(
        Object.values(form.fields)
          .filter((p) => p.hasData)
          .map((p) => p.name),
      );
      const unknownErrors: FieldError[] = Object.keys(body)
        .filter((key) => !known.has(key))
        .map((key) => ({
          path: `/${key}`,
          field: key,
          messageKey: 'validation.unknownField',
          message: translate('validation.unknownField', locale),
          params: {},
        }));
      const data = await withStoredFiles(ctx, form, body as Record<string, unknown>);
      const result = validatorOf(form).validate(data, { locale });
      // the form's schema may refuse an unknown key itself: each is named once
      const named = new Set(result.errors.map((e) => e.path));
      const extra = unknownErrors.filter((e) => !named.has(e.path));
      if (!result.valid || extra.length) return rejection(reply, [...result.errors, ...extra], locale);
      try {
        const answer = await ctx.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('submissions')
            .values({
              kind: registry.targets.find((t) => t.form.id === form.id)?.source ?? 'form',
              form_id: form.id,
              form_version: version ?? null,
              data: jsonValue(result.data),
              language: locale,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await markUploadsUsed(trx, uploadKeysIn(result.data));
          const answer = { ok: true, status: true, id: String(row.id), form: form.id, version: version ?? null };
          if (idem) await rememberAnswer(trx, idem, 201, answer);
          return answer;
        });
        return reply.code(201).send(answer);
      } catch (error) {
        if (idem && lostKeyRace(error)) {
          const stored = await storedAnswer(ctx.db, idem);
          if (stored) return replay(reply, stored);
        }
        throw error;
      }
    },
  );
}
