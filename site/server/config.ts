import { createHash, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

/** Server settings, from environment variables with safe defaults (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database, the local file store, the mail outbox and generated secrets. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir/db` is used. */
  databaseUrl?: string;
  /** Base of the customer-relationship service the forms call (`{host}`); empty = this server. */
  crmBase: string;
  /** Secret for signing access tokens and upload policies; generated into `dataDir` when not given. */
  secret: string;
  /** Lifetime of an access token, seconds. */
  tokenTtlSeconds: number;
  storage: {
    /** `local` (files under `dataDir/files`) or `s3` (any S3-compatible store). */
    driver: 'local' | 's3';
    s3?: {
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };
    /** Lifetime of a signed upload policy, seconds. */
    policyTtlSeconds: number;
    /** Largest upload accepted anywhere, bytes. */
    maxUploadBytes: number;
    /**
     * Hours after which an upload no stored submission names is deleted, with its row (UPLOAD_ORPHAN_HOURS,
     * default 24; 0 = never). Also the age after which a stored file no row names is deleted.
     */
    orphanHours: number;
  };
  mail: {
    /** `outbox` (files in `dataDir/outbox`) or an SMTP URL (`smtp://user:pass@host:587`). */
    transport: string;
    from: string;
  };
  /** Face verification provider: `reference` (checks the video itself) or the URL of an external service. */
  faceProvider: string;
  /** Public base URL of this server, for absolute links (default http://localhost:PORT). */
  publicUrl: string;
  /** Log level of the server (fatal … trace, silent). */
  logLevel: string;
  /**
   * Which proxies to believe about the client's address (rate limits count per address): `false`
   * (none, the default), a number of hops, or a list of proxy addresses.
   */
  trustProxy: boolean | number | string[];
  /**
   * Redis for the rate-limit counters, shared by every instance (REDIS_URL); absent = each process counts
   * alone, in memory.
   */
  redisUrl?: string;
  /**
   * Prefix of this deployment's counter keys in Redis (RATE_LIMIT_PREFIX): instances of one deployment
   * share it, other deployments on the same Redis must not. Default: derived from the database (its
   * connection string without the password, or the embedded database's folder).
   */
  rateLimitPrefix: string;
  /**
   * Requests a minute from one address: form submissions, token / code / upload calls, and the content site
   * (its API calls, page shells and assets, counted together).
   */
  rateLimits: { submissionsPerMinute: number; tokensPerMinute: number; contentPerMinute: number };
  /** Feature flags of the content site (spec 002, section 6). */
  features: SiteFeatures;
  /** The passport reader (OCR of POST /api/mrz-ocr and /api/v1/identity/verify-doc). */
  ocr: OcrSettings;
  /** Published forms and the staff who publish them (issue 17). */
  forms: FormSettings;
}

export interface FormSettings {
  /**
   * The bearer credential of automation and CI for the staff API (ANTRAG_ADMIN_TOKEN, at least 32 characters);
   * absent: only staff accounts may publish.
   */
  adminToken?: string;
  /** Days a replaced version still takes submissions and resumed drafts (FORM_VERSION_GRACE_DAYS, default 30). */
  graceDays: number;
  /** Failed sign-ins in a row that lock a staff account (STAFF_LOCKOUT_ATTEMPTS, default 5), for how long (STAFF_LOCKOUT_MINUTES, 15). */
  lockoutAttempts: number;
  lockoutMinutes: number;
  /** How long a staff sign-in lasts, hours (STAFF_SESSION_HOURS, default 8). */
  sessionHours: number;
  /** Sign-in attempts a minute from one address (RATE_LIMIT_SIGN_IN, default 10). */
  signInPerMinute: number;
  /** How a publish is compiled (forms/publishWorker.ts). */
  publish: PublishSettings;
  /** Draft saves and deletes a minute by one staff member (RATE_LIMIT_DRAFTS, default 60). */
  draftWritesPerMinute: number;
  /** Drafts kept at most, over all forms (FORM_DRAFTS_MAX, default 1000); a new one past it is refused. */
  maxDrafts: number;
}

/**
 * A publish is checked and compiled in a worker thread, one at a time per instance: `timeoutMs` for one
 * (FORM_PUBLISH_TIMEOUT_MS, default 60000), a heap of at most `memoryMb` (FORM_PUBLISH_MEMORY_MB, default 1024);
 * a definition past either is refused. At most `queue` publishes wait (FORM_PUBLISH_QUEUE, default 4); more get
 * 503 with Retry-After.
 */
export interface PublishSettings {
  timeoutMs: number;
  memoryMb: number;
  queue: number;
}

const MIN_ADMIN_TOKEN_LENGTH = 32;

/** The form store's and staff's settings from the environment. */
export function formSettings(env: NodeJS.ProcessEnv = process.env): FormSettings {
  const adminToken = env.ANTRAG_ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && (adminToken.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(adminToken))) {
    throw new Error(`ANTRAG_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters without spaces`);
  }
  return {
    adminToken,
    graceDays: int(env.FORM_VERSION_GRACE_DAYS, 30, 'FORM_VERSION_GRACE_DAYS'),
    lockoutAttempts: positive(env.STAFF_LOCKOUT_ATTEMPTS, 5, 'STAFF_LOCKOUT_ATTEMPTS'),
    lockoutMinutes: positive(env.STAFF_LOCKOUT_MINUTES, 15, 'STAFF_LOCKOUT_MINUTES'),
    sessionHours: positive(env.STAFF_SESSION_HOURS, 8, 'STAFF_SESSION_HOURS'),
    signInPerMinute: positive(env.RATE_LIMIT_SIGN_IN, 10, 'RATE_LIMIT_SIGN_IN'),
    publish: {
      timeoutMs: positive(env.FORM_PUBLISH_TIMEOUT_MS, 60_000, 'FORM_PUBLISH_TIMEOUT_MS'),
      memoryMb: positive(env.FORM_PUBLISH_MEMORY_MB, 1024, 'FORM_PUBLISH_MEMORY_MB'),
      queue: int(env.FORM_PUBLISH_QUEUE, 4, 'FORM_PUBLISH_QUEUE'),
    },
    draftWritesPerMinute: positive(env.RATE_LIMIT_DRAFTS, 60, 'RATE_LIMIT_DRAFTS'),
    maxDrafts: positive(env.FORM_DRAFTS_MAX, 1000, 'FORM_DRAFTS_MAX'),
  };
}

/**
 * Limits of the passport reader. An image is refused by its header, before any decoding, when it has
 * more than `maxPixels` (413); recognition runs on at most `workers` tesseract workers with at most
 * `queue` uploads waiting (more: 503 with Retry-After); one read gets `timeoutMs`, after which its
 * worker is terminated and replaced (422). A worker that read an image of more than `recyclePixels`
 * is replaced after it, which gives back the memory the decoding took.
 */
export interface OcrSettings {
  /** OCR_MAX_PIXELS, default 25,000,000 (25 megapixels; a 12 MP phone photo is well within). */
  maxPixels: number;
  /** OCR_WORKERS, default 2 (one per core of a small machine; each takes about 50 MB idle). */
  workers: number;
  /** OCR_QUEUE, default 4: uploads that may wait for a worker. */
  queue: number;
  /** OCR_TIMEOUT_MS, default 15000: time for one read of one image (a 25 MP photo takes about 6 s). */
  timeoutMs: number;
  /** OCR_RECYCLE_PIXELS, default 8,000,000: a worker that read a larger image is replaced after it. */
  recyclePixels: number;
}

export interface SiteFeatures {
  /** App-related flag: the app hero's store buttons and the feature carousel. */
  app: boolean;
  /** Booking links of the blocked account go to `/blocked-account/book` (the new process). */
  newBlockedAccountProcess: boolean;
  /** Booking links of the public insurer go to `/aok-products/book` (the new process). */
  newPublicInsurerProcess: boolean;
  /** While off, menu, footer and card items whose url equals `restrictedLink` are hidden. */
  restrictedLinkEnabled: boolean;
  /** The restricted link; empty = none. */
  restrictedLink: string;
  /** Scripts the site loads lazily after the first paint (empty = none): cookie consent and translation. */
  cookieConsentScript: string;
  translationScript: string;
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${name} must be true or false, not '${value}'`);
}

/** The content site's flags and script URLs from the environment. */
export function siteFeatures(env: NodeJS.ProcessEnv = process.env): SiteFeatures {
  return {
    app: flag(env.FEATURE_APP, 'FEATURE_APP'),
    newBlockedAccountProcess: flag(env.FEATURE_NEW_BLOCKED_ACCOUNT_PROCESS, 'FEATURE_NEW_BLOCKED_ACCOUNT_PROCESS'),
    newPublicInsurerProcess: flag(env.FEATURE_NEW_PUBLIC_INSURER_PROCESS, 'FEATURE_NEW_PUBLIC_INSURER_PROCESS'),
    restrictedLinkEnabled: flag(env.FEATURE_RESTRICTED_LINK, 'FEATURE_RESTRICTED_LINK'),
    restrictedLink: env.RESTRICTED_LINK ?? '',
    cookieConsentScript: env.COOKIE_CONSENT_SCRIPT_URL ?? '',
    translationScript: env.TRANSLATION_SCRIPT_URL ?? '',
  };
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, not '${value}'`);
  return n;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  const n = int(value, fallback, name);
  if (n < 1) throw new Error(`${name} must be a whole number ≥ 1, not '${value}'`);
  return n;
}

/** The passport reader's limits from the environment (see `OcrSettings`). */
export function ocrSettings(env: NodeJS.ProcessEnv = process.env): OcrSettings {
  return {
    maxPixels: positive(env.OCR_MAX_PIXELS, 25_000_000, 'OCR_MAX_PIXELS'),
    workers: positive(env.OCR_WORKERS, 2, 'OCR_WORKERS'),
    queue: int(env.OCR_QUEUE, 4, 'OCR_QUEUE'),
    timeoutMs: positive(env.OCR_TIMEOUT_MS, 15_000, 'OCR_TIMEOUT_MS'),
    recyclePixels: int(env.OCR_RECYCLE_PIXELS, 8_000_000, 'OCR_RECYCLE_PIXELS'),
  };
}

/** Reads the configuration; throws with the variable's name when a value is unusable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, secretSource?: () => string): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const dataDir = resolve(env.DATA_DIR ?? '.antrag-data');
  const driver = (env.STORAGE_DRIVER ?? 'local') as Config['storage']['driver'];
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be 'local' or 's3', not '${driver}'`);
  if (driver === 's3' && !env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    crmBase: (env.CRM_BASE ?? '').replace(/\/$/, ''),
    secret: env.ANTRAG_SECRET || (secretSource ? secretSource() : randomBytes(32).toString('hex')),
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 3600, 'TOKEN_TTL_SECONDS'),
    storage: {
      driver,
      s3:
        driver === 's3'
          ? {
              bucket: env.S3_BUCKET as string,
              region: env.S3_REGION ?? 'us-east-1',
              endpoint: env.S3_ENDPOINT || undefined,
              accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
              forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
            }
          : undefined,
      policyTtlSeconds: int(env.UPLOAD_POLICY_TTL_SECONDS, 900, 'UPLOAD_POLICY_TTL_SECONDS'),
      maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 10 * 1024 * 1024, 'MAX_UPLOAD_BYTES'),
      orphanHours: int(env.UPLOAD_ORPHAN_HOURS, 24, 'UPLOAD_ORPHAN_HOURS'),
    },
    mail: { transport: env.MAIL_TRANSPORT ?? 'outbox', from: env.MAIL_FROM ?? 'Antrag <no-reply@localhost>' },
    faceProvider: env.FACE_PROVIDER ?? 'reference',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    redisUrl: redisUrlOf(env.REDIS_URL),
    rateLimitPrefix: env.RATE_LIMIT_PREFIX || defaultRateLimitPrefix(env.DATABASE_URL || undefined, dataDir),
    rateLimits: {
      submissionsPerMinute: int(env.RATE_LIMIT_SUBMISSIONS, 30, 'RATE_LIMIT_SUBMISSIONS'),
      tokensPerMinute: int(env.RATE_LIMIT_TOKENS, 60, 'RATE_LIMIT_TOKENS'),
      contentPerMinute: int(env.RATE_LIMIT_CONTENT, 300, 'RATE_LIMIT_CONTENT'),
    },
    features: siteFeatures(env),
    ocr: ocrSettings(env),
    forms: formSettings(env),
  };
}

function redisUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('REDIS_URL must be a URL such as redis://127.0.0.1:6379');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss://, not ${url.protocol}//`);
  }
  return value;
}

/** `antrag:rl:` and a short hash of where the data lives: the same for every instance of one deployment. */
function defaultRateLimitPrefix(databaseUrl: string | undefined, dataDir: string): string {
  let place = `dir:${dataDir}`;
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      url.password = '';
      place = `db:${url.toString()}`;
    } catch {
      place = `db:${databaseUrl}`;
    }
  }
  return `antrag:rl:${createHash('sha256').update(place).digest('hex').slice(0, 12)}:`;
}

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function dataPath(config: Config, ...parts: string[]): string {
  return join(config.dataDir, ...parts);
}
