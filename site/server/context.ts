import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';

/** A stored file's bytes and what was declared about it. */
export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
}

/** Where uploaded files live: the local disk by default, any S3-compatible store when configured. */
export interface FileStore {
  readonly driver: 'local' | 's3';
  /**
   * A signed, expiring upload target for one file: the browser posts `fields` plus `file` to `url`
   * as multipart. The policy fixes the key, the content type and the size range.
   */
  createUploadTarget(input: {
    key: string;
    contentType: string;
    minBytes: number;
    maxBytes: number;
  }): Promise<{ url: string; fields: Record<string, string> }>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix`, with its last change (for the orphan sweep). */
  list(prefix: string): AsyncIterable<ListedFile>;
}

/** A file as a store lists it. */
export interface ListedFile {
  key: string;
  modified: Date;
}

/** Sends mail: an outbox folder by default, SMTP when configured. */
export interface MailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** What every route module receives. */
export interface ServerContext {
  config: Config;
  db: Kysely<Database>;
  files: FileStore;
  mail: MailTransport;
}
