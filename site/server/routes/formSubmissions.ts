/**
 * POST /api/forms/{id}/submissions: the final submission of any form, shipped or published (issue 17). The body is
 * the form data as the engine holds it (JSON keyed by field name); `X-Form-Version` names the version it was filled
 * in (default: the one served now), `X-Form-Options` the variant.
 *
 * - A form whose definition names a submission of its own on this server gets the answers through it: encoded as
 *   its payload map says and handed to that route with the caller's credentials, so all its checks apply.
 * - A form that sends its answers step by step to calls of its own, or holds results of checks (a one-time code, a
 *   face check), is not taken here (409): only those calls can vouch for them.
 * - Any other form (as staff publish them, without `submit`) is checked against that version's whole schema, with
 *   every file record, at any depth, read back from the upload table (the client's word on a file's type and size
 *   counts for nothing), and stored with the form's id and version.
 */
import type { CompiledForm, FieldPlan } from '@antrag/core/compile/types';
import type { SubmitSettings } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n';
import { encodeRequest } from '@antrag/core/payload';
import { createFormValidator, type FieldError, type FormValidator } from '@antrag/core/validate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { jsonValue } from '../db/index.js';
import { markUploadsUsed, uploadKeysIn } from '../files/records.js';
import { endpointPath, FORM_OPTIONS_HEADER, type FormRegistry, parseOptionsHeader } from '../forms/registry.js';
import type { FormStore } from '../forms/store.js';
import { idempotencyOf, lostKeyRace, rememberAnswer, replay, storedAnswer } from '../idempotency.js';
import { checkBearer } from '../tokens.js';
import { FORM_ID, FORM_VERSION_HEADER, namedVersion } from './forms.js';
import { RequestProblem } from './lead.js';
import { fileRecords, rejection, requestLocale } from './submissions.js';

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
  const named = await namedVersion(store, registry, id, request.headers[FORM_VERSION_HEADER]);
  if ('status' in named) return named;
  const { registry: source, version } = named;
  const variant = source.variant(id, parseOptionsHeader(request.headers[FORM_OPTIONS_HEADER]));
  if (!variant) return refuse(404, `No form '${id}'`);
  if ('error' in variant) return refuse(400, variant.error);
  return { form: variant.form, version };
}

/** A file record as the engine holds one (`{ uid, name, storedName?, type, size, status }`): the upload schema needs them all. */
const isFileRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'uid' in value && 'status' in value;

/** The stored name a record or a payload map's name stands for. */
function storedNameOf(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  const record = (entry ?? {}) as { storedName?: unknown; name?: unknown };
  return String(record.storedName ?? record.name ?? '');
}

/**
 * The data with every file record, at any depth (a payer's ID proof too), replaced by what the upload table knows of
 * its file: the client's word on a file's type, size, status or address counts for nothing, and a file never
 * uploaded stays `missing`, which the schema refuses. Upload fields may also carry stored names, as a payload map
 * sends them.
 */
async function withStoredFiles(ctx: ServerContext, form: CompiledForm, data: Record<string, unknown>) {
  const names = new Set<string>();
  const collect = (value: unknown, depth: number): void => {
    if (depth > 32 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) isFileRecord(item) ? names.add(storedNameOf(item)) : collect(item, depth + 1);
    } else for (const item of Object.values(value)) collect(item, depth + 1);
  };
  const fileFields = Object.values(form.fields).filter((p) => FILE_TYPES.has(p.type));
  for (const plan of fileFields) {
    const list = data[plan.name];
    if (Array.isArray(list)) for (const entry of list) names.add(storedNameOf(entry));
  }
  collect(data, 0);
  const records = await fileRecords(ctx, [...names]);
  const replace = (value: unknown, depth: number): unknown => {
    if (depth > 32 || !value || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      return value.map((item) => (isFileRecord(item) ? records.get(storedNameOf(item)) : replace(item, depth + 1)));
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v, depth + 1)]));
  };
  const out = replace(data, 0) as Record<string, unknown>;
  for (const plan of fileFields) {
    const list = data[plan.name];
    if (Array.isArray(list)) out[plan.name] = list.map((entry) => records.get(storedNameOf(entry)));
  }
  return out;
}

/** The submission a form's definition names for its answers (the form's, else its last step's), if any. */
function finalSubmissionOf(form: CompiledForm): SubmitSettings | undefined {
  return form.submit ?? form.steps.at(-1)?.submit;
}

const isGeneric = (form: CompiledForm, settings: SubmitSettings) =>
  endpointPath(settings.endpoint) === `/api/forms/${form.id}/submissions`;

/**
 * Why the answers of a form without a final submission of its own cannot be taken here: its steps send them to
 * calls of their own (which check what this route cannot), or it holds results of checks (a confirmed one-time
 * code, an accepted face check) that only those calls can vouch for.
 */
function notTakenHere(form: CompiledForm): string | undefined {
  const step = form.steps.find((s) => s.submit && !isGeneric(form, s.submit));
  if (step?.submit) {
    return `The form '${form.id}' sends its answers step by step to its own calls (${step.submit.endpoint}, …), which check them; it has no submission here.`;
  }
  const checked = checkedField(form.uiSchema, '');
  if (checked) {
    return `The form '${form.id}' holds the result of a check (${checked}) that only its own calls can vouch for: give the form a submission of its own.`;
  }
  return undefined;
}

/** The path of a field, at any depth (a payer's too), whose value is the result of a check: a code, a face check. */
function checkedField(ui: unknown, path: string): string | undefined {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return undefined;
  const node = ui as Record<string, unknown>;
  if (node['ui:widget'] === 'otp' || node['ui:field'] === 'faceCapture') return path || '/';
  // a payer's fields are in its `ui:options.itemUiSchema`
  for (const [key, child] of Object.entries(node)) {
    const inner = key.startsWith('ui:') || key === 'items' || key === 'itemUiSchema';
    const found = checkedField(child, inner ? path : `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/** Headers a forwarded submission keeps: the credentials and what says how to read it. */
const FORWARDED = ['authorization', 'x-lead-token', 'x-language', 'accept-language', 'idempotency-key'];

/**
 * A form whose definition names a submission of its own on this server (the blocked-account application, the
 * health-insurance booking, a KYC check): the answers are encoded as its payload map says and handed to that route,
 * so every check it makes (lead token, one-time code, face check, one address per e-mail) applies here too.
 */
async function forward(
  request: SubmissionRequest,
  reply: FastifyReply,
  form: CompiledForm,
  settings: SubmitSettings,
  data: Record<string, unknown>,
) {
  const path = endpointPath(settings.endpoint);
  const encoded = encodeRequest(settings, data, {}, form);
  if (!path.startsWith('/') || /^https?:/.test(settings.endpoint) || Array.isArray(encoded.body)) {
    const message = `The form '${form.id}' sends its answers to ${settings.endpoint}; send them there.`;
    return reply.code(409).send({ ok: false, status: false, message });
  }
  const headers: Record<string, string> = { ...encoded.headers };
  for (const name of [...FORWARDED, FORM_VERSION_HEADER, FORM_OPTIONS_HEADER]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await request.server.inject({
    method: (settings.method ?? 'POST') as 'POST',
    url: path,
    headers,
    payload: encoded.body,
    // the forwarded request counts against the applicant's own limits, not a shared local address
    remoteAddress: request.ip,
  });
  const type = answer.headers['content-type'];
  if (typeof type === 'string') reply.type(type);
  return reply.code(answer.statusCode).send(answer.body);
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
      const own = finalSubmissionOf(form);
      if (own && !isGeneric(form, own)) return forward(request, reply, form, own, body as Record<string, unknown>);
      const refusal = notTakenHere(form);
      if (refusal) return reply.code(409).send({ ok: false, status: false, message: refusal });
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
