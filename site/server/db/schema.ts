/**
 * The tables, as Kysely sees them. Personal data is kept in JSON columns as the forms sent it
 * (validated by the form's compiled schema first); columns hold what queries need.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Required on insert unless wrapped in Generated<> (otps.expires_at and last_sent_at have no default). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** JSON documents: written as JSON text made by `jsonValue()` (db/index.ts), read back parsed (PGlite and pg both parse jsonb). */
type Json = ColumnType<unknown, string, string>;

export interface LeadTable {
  id: Generated<number>;
  /** The blocked-account number, generated on the server. */
  account_id: string;
  /** Step data read back into the form's field names, by step id: { "sign-up": {...}, … }. */
  data: Json;
  /** The steps' requests as sent (the spec's names: first_name, referral_code, …), by step id. */
  sent: ColumnType<unknown, string | undefined, string>;
  status: Generated<string>;
  /** SHA-256 (hex) of the lead token handed out at sign-up; null for leads made before tokens existed. */
  token_hash: string | null;
  /** When the application was completed: no call changes it afterwards. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** KYC links' user keys (SHA-256, hex): each grants the KYC calls of one lead until it expires. */
export interface LeadKeyTable {
  key_hash: string;
  lead_id: number;
  /** What the key grants: `kyc`. */
  scope: string;
  expires_at: Timestamp;
  /** When the key's one-time code was confirmed: the document and face calls need it. */
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Timestamp>;
}

/** Answers of submissions sent with an Idempotency-Key, kept with what they stored. */
export interface IdempotencyTable {
  /** The route (method and path) the key was used on. */
  scope: string;
  key: string;
  /** SHA-256 of the request (body and the headers that change its meaning). */
  request_hash: string;
  status: number;
  answer: Json;
  created_at: Generated<Timestamp>;
}

export interface PayerTable {
  id: Generated<number>;
  lead_id: number;
  data: Json;
  deleted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface DocumentTable {
  id: Generated<number>;
  lead_id: number | null;
  payer_id: number | null;
  doc_key: string;
  /** Key of the file in the file store. */
  file_key: string;
  content_type: string;
  size: number;
  created_at: Generated<Timestamp>;
}

/** Files accepted through the signed-upload contract (GET /api/upload-file + POST to the target). */
export interface UploadTable {
  key: string;
  content_type: string;
  size: number;
  created_at: Generated<Timestamp>;
  /** When a stored submission or lead step first named the file; null: unused, swept after UPLOAD_ORPHAN_HOURS. */
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the orphan sweep claimed the file for deletion: the row then names no usable file (files/sweep.ts). */
  swept_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SubmissionTable {
  id: Generated<number>;
  /** booking-v1, booking-v2, aok, blocked-account, contact-form, pre-subscription, review */
  kind: string;
  form_id: string;
  data: Json;
  language: string | null;
  /** The published version of the form the submission was checked against; null before versions existed. */
  form_version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Timestamp>;
}

/** A published version of a form: never changed once written (but for `retired_at`). */
export interface FormVersionTable {
  form_id: string;
  version: number;
  /** dsl, booking-v1, booking-v2 or review: the shape the definition was published in. */
  kind: string;
  /** Where it came from: shipped (the files of schemas/), staff, token (ANTRAG_ADMIN_TOKEN), cms. */
  origin: string;
  /** The definition as published. */
  definition: Json;
  /** SHA-256 of the definition's canonical JSON. */
  content_hash: string;
  /** What was compiled from it: `StoredArtifacts` (forms/artifacts.ts). */
  artifacts: Json;
  published_by: string;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** For a rollback: the version whose definition this one serves again. */
  rollback_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** When another version took its place; null while served. */
  retired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When staff withdrew it: from then on neither drafts nor submissions may use it (migration 0009). */
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A form's draft from the studio, not published yet (migration 0010): one per form. */
export interface FormDraftTable {
  form_id: string;
  /** The JSON as typed; it may not parse yet. */
  text: string;
  /** The version the edits started from; null for a form with no version yet. */
  based_on: number | null;
  /** Changes with every save (If-Match on the next). */
  etag: string;
  /** `staff:<email>` or `token`, as the audit log names callers. */
  saved_by: string;
  saved_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The version each form serves now. */
export interface FormTable {
  id: string;
  current_version: number;
  updated_at: Generated<Timestamp>;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url). */
  password_hash: string;
  /** publisher (may publish and roll back) or viewer (may read versions and problems). */
  role: Generated<string>;
  failed_attempts: Generated<number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the last sign-in attempt was taken (staff/lockout.ts). */
  last_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Timestamp>;
}

/** The lock-out counter of an address that has no staff account, keyed by an HMAC of it (staff/lockout.ts). */
export interface StaffSignInGuessTable {
  email_key: string;
  failed_attempts: Generated<number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface StaffSessionTable {
  /** SHA-256 (hex) of the session cookie's token. */
  token_hash: string;
  staff_id: number;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface AuditTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** `staff:<email>` of an account, `unknown-email` (a sign-in of an address with none), `token`, `cms`, `shipped`, `cli`. */
  actor: string;
  /** One of AUDIT_ACTIONS (staff/audit.ts). */
  action: string;
  form_id: string | null;
  version: number | null;
  detail: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface VerificationTable {
  id: Generated<number>;
  lead_id: number | null;
  /** document or face */
  kind: string;
  /** accept, review or reject */
  status: string;
  details: Json;
  created_at: Generated<Timestamp>;
}

export interface OtpTable {
  lead_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: number;
  locked_until: Timestamp | null;
  last_sent_at: Timestamp;
  sends_in_window: number;
}

export interface Database {
  leads: LeadTable;
  lead_keys: LeadKeyTable;
  idempotency_keys: IdempotencyTable;
  payers: PayerTable;
  documents: DocumentTable;
  uploads: UploadTable;
  submissions: SubmissionTable;
  verifications: VerificationTable;
  otps: OtpTable;
  form_versions: FormVersionTable;
  forms: FormTable;
  form_drafts: FormDraftTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_sign_in_guesses: StaffSignInGuessTable;
  audit_log: AuditTable;
}

export type Lead = Selectable<LeadTable>;
export type NewSubmission = Insertable<SubmissionTable>;
