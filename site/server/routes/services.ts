import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { jsonValue } from '../db/index.js';
import { createFaceProvider, FaceProviderError } from '../documents/face.js';
import { extractPassport, verifyDocument } from '../documents/passport.js';
import { checkFile, DOCUMENT_TYPES, VIDEO_TYPES } from '../files/check.js';
import { sendOtp, verifyOtp } from '../otp/service.js';
import { autocomplete, placeDetails } from '../places/index.js';
import { newSearch, normalizeLanguage, searchUniversities } from '../search/index.js';
import { activePayerId, parseId, RequestProblem, requireToken } from './lead.js';
import { type AuthorizedLead, authorizeLead, markKycVerified, requireCredential } from './leadAccess.js';
import { registerPayerRoutes } from './payers.js';

/** A multipart request read whole: its text fields and at most one file. */
interface MultipartBody {
  fields: Record<string, string>;
  file?: { field: string; filename: string; contentType: string; bytes: Uint8Array };
}

/**
 * Reads a multipart body; the file size limit of the multipart plugin turns into 413. `files: false` for calls that
 * take text fields only (the code calls): a file part is refused with 413 before it is read.
 */
async function readMultipart(request: FastifyRequest, { files = true } = {}): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new RequestProblem(415, 'expected a multipart/form-data body');
  const body: MultipartBody = { fields: {} };
  for await (const part of request.parts(files ? undefined : { limits: { files: 0, fileSize: 0 } })) {
    if (part.type === 'file') {
      if (!files) throw new RequestProblem(413, 'this call takes no file');
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new RequestProblem(413, 'the file is larger than the server accepts');
      body.file = { field: part.fieldname, filename: part.filename, contentType: part.mimetype, bytes };
    } else body.fields[part.fieldname] = String(part.value);
  }
  return body;
}

/** The lead's e-mail address from the sign-up step. */
function emailOf(lead: AuthorizedLead): string | undefined {
  const steps = Object.values(lead.data as Record<string, Record<string, unknown>>);
  return steps.map((s) => s.email).find((e): e is string => typeof e === 'string');
}

/** Keeps a verification result, linked to the lead the request proved it may act on. */
async function recordVerification(
  ctx: ServerContext,
  lead: AuthorizedLead,
  kind: string,
  status: string,
  details: unknown,
) {
  await ctx.db
    .insertInto('verifications')
    .values({ lead_id: lead.id, kind, status, details: jsonValue(details) })
    .execute();
}

/** The document kinds a KYC link's upload may add: the passport (spec 000 §7 call 10). */
const KYC_DOC_KEYS = new Set(['passport_eu', 'passport_non_eu']);

const IMAGE_LIMITS = { minBytes: 1, allowed: DOCUMENT_TYPES.filter((t) => t.startsWith('image/')) };

/**
 * A lead's documents follow the shared uploader (spec 001 §5): JPEG, PNG or PDF (no GIF), at most 10 MB in 1000-based
 * units (or MAX_UPLOAD_BYTES when that is lower). The browser refuses the same before sending a byte.
 */
const LEAD_DOCUMENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
const LEAD_DOCUMENT_MAX_BYTES = 10_000_000;
/**
 * The smallest document of the shared uploader (spec 001 §5: 0.1 MB, 1000-based), for every kind but the passport
 * images, which the verification and text extraction read at any size.
 */
const LEAD_DOCUMENT_MIN_BYTES = 100_000;

/**
 * The calls behind the document, face, OTP, payer, place and search features. The CRM paths answer
 * on this server by default (`{host}` is this server unless CRM_BASE points elsewhere).
 */
export async function registerServiceRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const maxBytes = ctx.config.storage.maxUploadBytes;
  const face = createFaceProvider(ctx.config.faceProvider);
  const limited = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

  /** The passport image's text: POST /api/mrz-ocr (multipart `file`). */
  app.post('/api/mrz-ocr', limited(20), async (request) => {
    const { file } = await readMultipart(request);
    if (!file) throw new RequestProblem(400, 'the passport image is missing (multipart field `file`)');
    const check = await checkFile(file.bytes, file.contentType, { ...IMAGE_LIMITS, maxBytes });
    if (!check.ok) throw new RequestProblem(400, check.message);
    const extraction = await extractPassport(file.bytes, { owner: request.ip });
    return { extractedData: extraction.extractedData };
  });

  /** Document verification of the lead's passport. */
  app.post('/api/v1/identity/verify-doc', limited(20), async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request, { kyc: 'verified' });
    const { fields, file } = await readMultipart(request);
    const lead = await authorizeLead(ctx.db, request, { accountId: fields.blocked_acc_no }, { kyc: 'verified' });
    if (!file) throw new RequestProblem(400, 'the document is missing (multipart field `document`)');
    const check = await checkFile(file.bytes, file.contentType, { ...IMAGE_LIMITS, maxBytes });
    if (!check.ok) throw new RequestProblem(400, check.message);
    const result = await verifyDocument(file.bytes, { owner: request.ip });
    await recordVerification(ctx, lead, 'document', result.doc_status, result.details);
    return { data: { doc_status: result.doc_status, details: result.details }, message: result.message };
  });

  /** Face verification: the reference provider checks the video; an external one is called with it. */
  app.post('/api/v1/identity/face-recog', limited(20), async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request, { kyc: 'verified' });
    const { fields, file } = await readMultipart(request);
    const lead = await authorizeLead(ctx.db, request, { accountId: fields.blocked_acc_no }, { kyc: 'verified' });
    if (!file) throw new RequestProblem(400, 'the video is missing (multipart field `face`)');
    const check = await checkFile(file.bytes, file.contentType, { minBytes: 1, maxBytes, allowed: VIDEO_TYPES });
    if (!check.ok) throw new RequestProblem(400, check.message);
    let result: Awaited<ReturnType<typeof face.verify>>;
    try {
      result = await face.verify({
        face: file.bytes,
        filename: file.filename,
        contentType: check.contentType,
        blocked_acc_no: lead.account_id,
        doc_type: fields.doc_type ?? 'passport',
        document_id: fields.document_id ?? '',
      });
    } catch (error) {
      if (error instanceof FaceProviderError)
        return reply.code(502).send({ status: false, message: 'Processing failed.' });
      throw error;
    }
    await recordVerification(ctx, lead, 'face', result.doc_status, result.details ?? {});
    return { data: { doc_status: result.doc_status }, message: result.message };
  });

  /** A document of the lead (passport, consent letter, eligibility document, payer files). */
  app.post('/api/v1/lead/upload-file', limited(30), async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request, { kyc: 'verified' });
    const { fields, file } = await readMultipart(request);
    const lead = await authorizeLead(ctx.db, request, { leadId: fields.lead_id }, { kyc: 'verified' });
    const leadId = lead.id;
    const docKey = fields.doc_key ?? '';
    // a KYC link re-verifies the passport: it adds no other document and none of a payer
    if (lead.via === 'kyc' && (!KYC_DOC_KEYS.has(docKey) || fields.payer_id))
      throw new RequestProblem(403, 'A verification link adds a new passport only.');
    if (!file) throw new RequestProblem(400, 'the file is missing (multipart field `file`)');
    if (!/^[a-z0-9_]{1,64}$/.test(docKey)) throw new RequestProblem(400, 'doc_key must name a document kind');
    const check = await checkFile(file.bytes, file.contentType, {
      minBytes: KYC_DOC_KEYS.has(docKey) ? 1 : LEAD_DOCUMENT_MIN_BYTES,
      maxBytes: Math.min(maxBytes, LEAD_DOCUMENT_MAX_BYTES),
      allowed: LEAD_DOCUMENT_TYPES,
    });
    if (!check.ok) throw new RequestProblem(check.reason === 'too-large' ? 413 : 400, check.message);
    let payerId: number | null = null;
    if (fields.payer_id) {
      const payer = await activePayerId(ctx.db, parseId(fields.payer_id), leadId);
      if (payer === undefined) throw new RequestProblem(400, 'payer_id must be a payer of this application');
      payerId = payer;
    }
    const key = `leads/${leadId}/${docKey}-${randomBytes(8).toString('hex')}`;
    await ctx.files.put(key, file.bytes, check.contentType);
    try {
      const row = await ctx.db
        .insertInto('documents')
        .values({
          lead_id: leadId,
          payer_id: payerId,
          doc_key: docKey,
          file_key: key,
          content_type: check.contentType,
          size: check.size,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { doc_id: String(row.id) };
    } catch (error) {
      await ctx.files.delete(key); // a file without its record is not kept
      throw error;
    }
  });

  /** Payers of the lead: create, update, remove (routes/payers.ts). */
  await registerPayerRoutes(app, ctx);

  /** Sends a KYC code to the lead's e-mail address. */
  app.post('/api/v1/blkacct/send-kyc-otp', limited(10), async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request, { kyc: 'code' });
    const { fields } = await readMultipart(request, { files: false });
    const lead = await authorizeLead(ctx.db, request, { leadId: fields.lead_id }, { kyc: 'code', allowClosed: true });
    const email = emailOf(lead);
    if (!email) throw new RequestProblem(409, 'The application has no e-mail address to send the code to.');
    const result = await sendOtp(ctx.db, ctx.mail, { leadId: lead.id, to: email });
    if (!result.ok) {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      return reply
        .code(429)
        .send({ status: false, message: 'Failed to send OTP', retry_after: result.retryAfterSeconds });
    }
    return { status: true, message: 'OTP sent successfully', account_id: lead.account_id };
  });

  /** Checks a KYC code: 5 wrong tries lock the lead for a while. */
  app.post('/api/v1/blkacct/verify-kyc-otp', limited(20), async (request, reply) => {
    if (!requireToken(ctx, request, reply)) return reply;
    await requireCredential(ctx.db, request, { kyc: 'code' });
    const { fields } = await readMultipart(request, { files: false });
    const lead = await authorizeLead(ctx.db, request, { leadId: fields.lead_id }, { kyc: 'code', allowClosed: true });
    const result = await verifyOtp(ctx.db, { leadId: lead.id, code: fields.otp ?? '' });
    if (!result.ok) {
      const status = result.reason === 'locked' ? 423 : 400;
      return reply.code(status).send({ status: false, message: 'Failed to verify OTP', reason: result.reason });
    }
    await markKycVerified(ctx.db, lead);
    return { status: true, result: { lead_id: lead.id, account_id: lead.account_id } };
  });

  app.get<{ Querystring: { input?: string; types?: string } }>(
    '/api/places-autocomplete',
    limited(120),
    async (request) => autocomplete({ input: request.query.input, types: request.query.types }),
  );
  app.get<{ Querystring: { place_id?: string } }>('/api/place-details', limited(120), async (request) =>
    placeDetails(request.query.place_id),
  );

  /**
   * Universities and programs by name, paged (the review form's selects, the search hero, the search page and its
   * filters: study fields, university, location).
   */
  app.get<{ Querystring: Record<string, string> }>('/api/new-search/', limited(240), async (request) =>
    newSearch({
      name: request.query.name,
      university_ids: request.query.university_ids,
      category_ids: request.query.category_ids,
      location: request.query.location,
      university_name: request.query.university_name,
      skip: request.query.skip,
      take: request.query.take,
      language: normalizeLanguage(request.headers['x-language']),
    }),
  );
  /** University records by filter (`content_language`, `university_ids`, field names). */
  app.get<{ Querystring: Record<string, unknown> }>('/api/new-search', limited(240), async (request) =>
    searchUniversities(request.query),
  );

  /**
   * A blog article's title and slug by id. Articles arrive with the content site; until an article
   * exists the answer is the spec's failure shape, never an error.
   */
}
