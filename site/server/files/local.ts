/**
 * The default file store: files on the local disk under `<dataDir>/files/<key>`, and the signed
 * upload target POST /api/upload that stands in for an S3 presigned POST.
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../config.js';
import type { FileStore, ListedFile, StoredFile } from '../context.js';
import { assertSafeKey, keyProblem } from './keys.js';
import { createPolicy, type PolicyCheck, verifyPolicy } from './policy.js';

export { assertSafeKey, keyProblem } from './keys.js';

/** The path of the form post, relative to the server's base URL. */
export const LOCAL_UPLOAD_PATH = '/api/upload';

export interface LocalFileStoreOptions {
  /** Folder that holds the files (normally `<dataDir>/files`). */
  root: string;
  /** Secret the upload policies are signed with. */
  secret: string;
  /** Lifetime of an upload policy, seconds. */
  policyTtlSeconds: number;
  /**
   * Base of the upload URL handed to the browser; empty (the default) gives the relative
   * `/api/upload`, which always reaches the server that issued it. Set it when the pages are served
   * from another origin than the API.
   */
  baseUrl?: string;
  /** The clock, milliseconds since the epoch (tests pass a fake one). */
  now?: () => number;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export class LocalFileStore implements FileStore {
  readonly driver = 'local' as const;
  readonly root: string;
  readonly uploadUrl: string;
  readonly #secret: string;
  readonly #ttlSeconds: number;
  readonly #now: () => number;

  constructor(options: LocalFileStoreOptions) {
    if (!options.secret) throw new Error('LocalFileStore needs a secret to sign upload policies');
    this.root = resolve(options.root);
    this.uploadUrl = `${(options.baseUrl ?? '').replace(/\/$/, '')}${LOCAL_UPLOAD_PATH}`;
    this.#secret = options.secret;
    this.#ttlSeconds = options.policyTtlSeconds;
    this.#now = options.now ?? Date.now;
  }

  /** The store for a configuration: `<dataDir>/files`, policies signed with `config.secret`. */
  static fromConfig(config: Config, options: { baseUrl?: string } = {}): LocalFileStore {
    return new LocalFileStore({
      root: join(config.dataDir, 'files'),
      secret: config.secret,
      policyTtlSeconds: config.storage.policyTtlSeconds,
      baseUrl: options.baseUrl,
    });
  }

  /** The file's path; throws on an unsafe key. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    // The key rules already forbid escaping; this is the belt to those braces.
    if (!path.startsWith(this.root + sep)) throw new Error(`invalid storage key '${key}': outside the store`);
    return path;
  }

  async createUploadTarget(input: {
    key: string;
    contentType: string;
    minBytes: number;
    maxBytes: number;
  }): Promise<{ url: string; fields: Record<string, string> }> {
    assertSafeKey(input.key);
    const signed = createPolicy(input, { secret: this.#secret, ttlSeconds: this.#ttlSeconds, now: this.#now() });
    // The same field names as an S3 presigned POST (key, Content-Type), so the browser's upload
    // code does not care which store is behind the URL.
    return {
      url: this.uploadUrl,
      fields: {
        key: input.key,
        'Content-Type': input.contentType,
        policy: signed.policy,
        signature: signed.signature,
      },
    };
  }

  /** Checks the policy fields of a form posted to the upload URL, with this store's secret and clock. */
  verifyUploadForm(fields: { policy?: string; signature?: string; key?: string; contentType?: string }): PolicyCheck {
    return verifyPolicy(fields, this.#secret, this.#now());
  }

  /**
   * Writes the file to a temporary name in the same folder, flushes it, then renames it into place:
   * a reader sees the whole old file or the whole new one, never a half-written one, and a crash
   * leaves at most a hidden temporary file behind.
   */
  async put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { key, contentType, size: bytes.byteLength };
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const path = this.pathOf(key);
    try {
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // force: deleting a file that is not there is not an error (S3 behaves the same).
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * The files under `prefix`, folder by folder. Hidden names (the temporary files of `put`) and
   * anything that is no valid key are left out: no key could name them.
   */
  async *list(prefix: string): AsyncIterable<ListedFile> {
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const pending = [folder];
    while (pending.length > 0) {
      const dir = pending.pop() as string;
      let entries: Dirent[];
      try {
        entries = await readdir(join(this.root, dir), { withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) continue;
        throw error;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const key = `${dir}${entry.name}`;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) pending.push(`${key}/`);
        } else if (entry.isFile() && key.startsWith(prefix) && !keyProblem(key)) {
          const modified = await stat(join(this.root, key)).then(
            (s) => s.mtime,
            (error) => {
              if (isNotFound(error)) return undefined; // deleted meanwhile
              throw error;
            },
          );
          if (modified) yield { key, modified };
        }
      }
    }
  }
}
