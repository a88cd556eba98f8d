import { randomBytes } from 'node:crypto';
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
  /** Requests a minute from one address: form submissions, and token / code / upload calls. */
  rateLimits: { submissionsPerMinute: number; tokensPerMinute: number };
  /** Feature flags of the content site (spec 002, section 6). */
  features: SiteFeatures;
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
    },
    mail: { transport: env.MAIL_TRANSPORT ?? 'outbox', from: env.MAIL_FROM ?? 'Antrag <no-reply@localhost>' },
    faceProvider: env.FACE_PROVIDER ?? 'reference',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    rateLimits: {
      submissionsPerMinute: int(env.RATE_LIMIT_SUBMISSIONS, 30, 'RATE_LIMIT_SUBMISSIONS'),
      tokensPerMinute: int(env.RATE_LIMIT_TOKENS, 60, 'RATE_LIMIT_TOKENS'),
    },
    features: siteFeatures(env),
  };
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
