/**
 * The payers of a lead (spec 000 §3 "Payer", §4 "Payers", §7 call 2):
 * - POST {host}/api/v1/lead/payer — creates a payer (ours: the spec does not show the call that saves one);
 *   a payer whose e-mail address the lead already has is updated instead;
 * - PUT {host}/api/v1/lead/payer/{payerId} — changes one (ours too);
 * - DELETE {host}/api/v1/lead/payer/{payerId} — removes one (spec call 2).
 * Bodies are form-urlencoded with nested values as bracketed keys, as submit-application's later steps send
 * them: `lead_id`, then the payer's fields (`phoneNumber[countryCode]`, `idProofFrontUpload[0][docId]`, …).
 * The payer is checked with the item schema of the blocked-account form's own `payers` field. Its files were
 * uploaded before through POST /api/v1/lead/upload-file (with `payer_id` once the payer has one); the upload
 * records carry the answered `doc_id` as `docId`, and saving the payer links those documents to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileForm } from '@antrag/core/compile';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n';
import { unflattenForm } from '@antrag/core/payload';
import type { FieldError } from '@antrag/core/validate/validator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { isUniqueViolation, jsonValue } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { activePayerId, parseId, RequestProblem, requireToken } from './lead.js';
import { authorizeLead, requireCredential } from './leadAccess.js';
import { type PayerItem, payerItemOf, typedByText, unknownKeys } from './payerItem.js';
import { isFormEntries, requestLocale } from './submissions.js';

const FORM_FILE = 'schemas/blocked-account/blocked-account.form.json';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The index of migration 0002: one payer per e-mail address and lead. */
const EMAIL_KEY = 'payers_lead_email_key';
/** Keys that would reach an object's prototype when nested (`__proto__[x]`): never part of a payer. */
const FORBIDDEN_KEY_PARTS = new Set(['__proto__', 'prototype', 'constructor']);

let defaultForm: CompiledForm | undefined;
/** The blocked-account form's default variant, compiled once per process as the form registry compiles it. */
function blockedAccountForm(): CompiledForm {
  if (!defaultForm) {
    const result = compileForm(JSON.parse(readFileSync(join(ROOT, FORM_FILE), 'utf8')));
    if (!result.form) {
      const problems = result.diagnostics.map((d) => `${d.pointer} ${d.message}`).join('; ');
      throw new Error(`${FORM_FILE}: cannot compile the payers' schema: ${problems}`);
    }
    defaultForm = result.form;
  }
  return defaultForm;
}

type Payer = Record<string, unknown>;

/** A failing payer field: 400 with the field's label in the message and every failing field listed. */
class PayerRejected extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? 'invalid payer');
  }
}

function rejectPayer(reply: FastifyReply, item: PayerItem, errors: FieldError[], locale: Locale, status = 400) {
  const first = errors[0];
  const message = !first
    ? translate('validation.invalid', locale)
    : first.field
      ? `${item.label(first.field, locale)}: ${first.message}`
      : first.message;
  return reply.code(status).send({
    status: false,
    ok: false,
    message,
    errors: errors.map((e) => ({ field: e.field, path: e.path, message: e.message, key: e.messageKey })),
  });
}

function fieldError(
  field: string,
  path: string,
  messageKey: string,
  locale: Locale,
  params: Record<string, unknown> = {},
): FieldError {
  return { field, path, messageKey, message: translate(messageKey, locale, params), params };
}

/** The body as `lead_id` and the payer's fields (still text); refuses what is no form body. */
function readBody(body: unknown): { leadId: string | undefined; fields: Payer } {
  if (!isFormEntries(body)) throw new RequestProblem(415, 'expected an application/x-www-form-urlencoded body');
  for (const [name] of body.formEntries) {
    if ((name.match(/[^[\]]+/g) ?? []).some((part) => FORBIDDEN_KEY_PARTS.has(part)))
      throw new RequestProblem(400, `${name} is not a payer field`);
  }
  const { lead_id: leadId, ...fields } = unflattenForm(body.formEntries);
  return { leadId: typeof leadId === 'string' ? leadId : undefined, fields };
}

/** The e-mail address a payer is de-duplicated by, as the index compares it. */
const emailKey = (payer: Payer) => (typeof payer.email === 'string' ? payer.email.trim().toLowerCase() : undefined);

/** The lead's payer (not removed) with this address, if any. */
async function payerByEmail(db: Kysely<Database>, leadId: number, email: string | undefined) {
  if (!email) return undefined;
  return (
    db
      .selectFrom('payers')
      .select('id')
      .where('lead_id', '=', leadId)
      .where('deleted_at', 'is', null)
      // the index's own expression, so the index answers it
      .where(sql<string>`lower(btrim(data ->> 'email'))`, '=', email)
      .executeTakeFirst()
  );
}

/**
 * The payer's upload records checked against the documents table and rewritten from it: each names a
 * document (`docId`) of this lead, of the field's kind, not linked to another payer. Type and size come
 * from the stored document, not from the request. Answers the records and the document ids to link.
 */
async function checkedUploads(
  db: Kysely<Database>,
  item: PayerItem,
  payer: Payer,
  leadId: number,
  payerId: number | undefined,
  locale: Locale,
): Promise<{ payer: Payer; docIds: number[] }> {
  const out: Payer = { ...payer };
  const docIds: number[] = [];
  const errors: FieldError[] = [];
  for (const [field, docKey] of item.uploads) {
    const records = payer[field];
    if (!Array.isArray(records)) continue;
    const ids = records.map((r) =>
      parseId(typeof (r as Payer).docId === 'string' ? ((r as Payer).docId as string) : ''),
    );
    const rows =
      ids.every((id) => id !== undefined) && ids.length > 0
        ? await db
            .selectFrom('documents')
            .select(['id', 'lead_id', 'payer_id', 'doc_key', 'content_type', 'size'])
            .where('id', 'in', ids as number[])
            .execute()
        : [];
    const usable = (id: number | undefined) => {
      const row = rows.find((r) => r.id === id);
      return row &&
        row.lead_id === leadId &&
        (docKey === undefined || row.doc_key === docKey) &&
        (row.payer_id === null || row.payer_id === payerId)
        ? row
        : undefined;
    };
    const failing = ids.findIndex((id) => !usable(id));
    if (failing >= 0) {
      errors.push(fieldError(field, `/${field}/${failing}/docId`, 'payers.documentUnknown', locale));
      continue;
    }
    out[field] = records.map((record, i) => {
      const row = usable(ids[i])!;
      const { uid, name } = record as Payer;
      docIds.push(row.id);
      return { uid, name, type: row.content_type, size: row.size, status: 'done', docId: String(row.id) };
    });
  }
  if (errors.length > 0) throw new PayerRejected(errors);
  // the records now carry the stored type and size: checked again, so no claimed size passes the field's rules
  const stored = item.validate(out, locale);
  if (stored.length > 0) throw new PayerRejected(stored);
  return { payer: out, docIds };
}

/**
 * The payer routes. `form` is the form whose `payers` field defines a payer (default: the blocked-account
 * form of `schemas/`); its item schema is compiled once, here.
 */
export async function registerPayerRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  form: CompiledForm = blockedAccountForm(),
): Promise<void> {
  const item = payerItemOf(form);
  // payer calls count as submissions (RATE_LIMIT_SUBMISSIONS, default 30 a minute from one address)
  const limited = {
    config: { rateLimit: { max: ctx.config.rateLimits.submissionsPerMinute, timeWindow: '1 minute' } },
  };

  /**
   * The payer of a request, checked: unknown keys refused, read-only fields (the id, `action`) not taken,
   * then the item schema. Throws PayerRejected with every failing field.
   */
  const payerOf = (fields: Payer, locale: Locale): Payer => {
    const unknown = unknownKeys(fields, item.schema);
    if (unknown.length > 0) {
      throw new PayerRejected(
        unknown.map((path) => fieldError(path.split('/')[1] ?? '', path, 'validation.unknownField', locale)),
      );
    }
    const typed = typedByText(fields, item.schema) as Payer;
    for (const name of item.readOnly) delete typed[name];
    const errors = item.validate(typed, locale);
    if (errors.length > 0) throw new PayerRejected(errors);
    // as the rules saw it: an empty text is no answer
    return Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== undefined && v !== ''));
  };

  const emailTaken = (locale: Locale) =>
    new PayerRejected([fieldError('email', '/email', 'payers.emailTaken', locale)]);

  /**
   * Stores the payer: as `payerId` when given, else as the lead's payer with the same address, else as a
   * new one; links its documents. One transaction; a create that loses a race for an address retries once
   * and then updates the winner.
   */
  const store = async (
    leadId: number,
    payerId: number | undefined,
    payer: Payer,
    locale: Locale,
  ): Promise<{ id: number; created: boolean }> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await ctx.db.transaction().execute(async (trx) => {
          const sameEmail = await payerByEmail(trx, leadId, emailKey(payer));
          if (payerId !== undefined && sameEmail && sameEmail.id !== payerId) throw emailTaken(locale);
          const target = payerId ?? sameEmail?.id;
          if (item.maxItems !== undefined && target === undefined) {
            const { n } = await trx
              .selectFrom('payers')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('lead_id', '=', leadId)
              .where('deleted_at', 'is', null)
              .executeTakeFirstOrThrow();
            if (Number(n) >= item.maxItems)
              throw new PayerRejected([fieldError('', '', 'payers.maxReached', locale, { count: item.maxItems })]);
          }
          const checked = await checkedUploads(trx, item, payer, leadId, target, locale);
          let id: number;
          if (target === undefined) {
            const row = await trx
              .insertInto('payers')
              .values({ lead_id: leadId, data: jsonValue(checked.payer) })
              .returning('id')
              .executeTakeFirstOrThrow();
            id = row.id;
          } else {
            const updated = await trx
              .updateTable('payers')
              .set({ data: jsonValue(checked.payer) })
              .where('id', '=', target)
              .where('deleted_at', 'is', null)
              .executeTakeFirst();
            // removed meanwhile (a DELETE between the check and this change)
            if (Number(updated.numUpdatedRows) === 0)
              throw new RequestProblem(404, 'No payer with this id in this application.');
            id = target;
          }
          if (checked.docIds.length > 0) {
            await trx.updateTable('documents').set({ payer_id: id }).where('id', 'in', checked.docIds).execute();
          }
          return { id, created: target === undefined };
        });
      } catch (error) {
        if (!isUniqueViolation(error, EMAIL_KEY)) throw error;
        if (payerId !== undefined || attempt > 0) throw emailTaken(locale);
      }
    }
  };

  const answer = async (reply: FastifyReply, locale: Locale, run: () => Promise<{ id: number; created: boolean }>) => {
    try {
      const saved = await run();
      return reply.send({
        status: true,
        message: saved.created ? 'Payer added successfully' : 'Payer updated successfully',
        payer_id: String(saved.id),
      });
    } catch (error) {
      if (error instanceof PayerRejected) {
        const conflict = error.errors[0]?.messageKey === 'payers.emailTaken';
        return rejectPayer(reply, item, error.errors, locale, conflict ? 409 : 400);
      }
      throw error;
    }
  };

  /** Creates a payer of the lead, or updates the lead's payer with the same e-mail address. */
  app.post('/api/v1/lead/payer', limited, async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request);
    const locale = requestLocale(request);
    const { leadId: leadText, fields } = readBody(request.body);
    const { id: leadId } = await authorizeLead(ctx.db, request, { leadId: leadText });
    return answer(reply, locale, async () => {
      // a new payer has no id; an id is the path of PUT
      if (fields.payerId !== undefined && fields.payerId !== '')
        throw new PayerRejected([fieldError('payerId', '/payerId', 'payers.idNotExpected', locale)]);
      return store(leadId, undefined, payerOf(fields, locale), locale);
    });
  });

  /** Changes a payer of the lead. */
  app.put<{ Params: { payerId: string } }>('/api/v1/lead/payer/:payerId', limited, async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request);
    const locale = requestLocale(request);
    const { leadId: leadText, fields } = readBody(request.body);
    const { id: leadId } = await authorizeLead(ctx.db, request, { leadId: leadText });
    if (!/^\d+$/.test(request.params.payerId)) throw new RequestProblem(400, 'payerId must be the id of a payer');
    const id = parseId(request.params.payerId);
    const existing = await activePayerId(ctx.db, id, leadId);
    if (existing === undefined) throw new RequestProblem(404, 'No payer with this id in this application.');
    return answer(reply, locale, async () => {
      if (fields.payerId !== undefined && fields.payerId !== '' && fields.payerId !== request.params.payerId)
        throw new PayerRejected([fieldError('payerId', '/payerId', 'payers.idMismatch', locale)]);
      return store(leadId, existing, payerOf(fields, locale), locale);
    });
  });

  /** Removes a payer from the lead's list. */
  app.delete<{ Params: { payerId: string } }>('/api/v1/lead/payer/:payerId', limited, async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request);
    // not a decimal number: a bad request; a number no payer can have: not found
    if (!/^\d+$/.test(request.params.payerId))
      return reply.code(400).send({ status: false, message: 'Failed to remove payer' });
    const id = parseId(request.params.payerId);
    if (id === undefined) return reply.code(404).send({ status: false, message: 'Failed to remove payer' });
    const payer = await ctx.db
      .selectFrom('payers')
      .select('lead_id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!payer) return reply.code(404).send({ status: false, message: 'Failed to remove payer' });
    // the payer's lead must be the caller's
    const lead = await authorizeLead(ctx.db, request, { leadId: String(payer.lead_id) });
    const result = await ctx.db
      .updateTable('payers')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('lead_id', '=', lead.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      return reply.code(404).send({ status: false, message: 'Failed to remove payer' });
    return { status: true, message: 'Payer removed successfully' };
  });
}
