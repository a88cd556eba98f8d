/**
 * The folder `antrag studio` edits: its form files listed, read and written, every path confined to it. A path
 * comes from the browser, so it is checked before it touches the disk: relative, forward slashes, no `.` or `..`
 * segment, no hidden segment, no symbolic link leading out of the folder; written files must be JSON.
 */
import { createHash } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { JsonText } from '@antrag/core/document';

export const FORM_FILE = /\.form\.json$/;

/** A request the folder refuses, with the HTTP status that says why. */
export class FolderError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    message: string,
    /** The file's current version, for a 409 (it changed on disk). */
    readonly etag?: string,
  ) {
    super(message);
  }
}

export interface FolderFile {
  /** Relative to the folder, with forward slashes. */
  path: string;
  size: number;
  /** Last modification, ISO 8601. */
  modified: string;
}

export interface FileText {
  path: string;
  text: string;
  /** A hash of the content: sent back with a save, so a file changed on disk since is not overwritten unseen. */
  etag: string;
}

export interface WriteOptions {
  /** Overwrite only when the file on disk is still this version. */
  ifMatch?: string;
  /** Create only: refuse when the file exists. */
  create?: boolean;
}

export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export function etagOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The segments of a path the browser sent, or a FolderError: relative, `/`-separated, each segment a plain name
 * (no empty, `.`, `..` or hidden segment, no backslash, colon or control character).
 */
export function pathSegments(path: unknown): string[] {
  if (typeof path !== 'string' || path === '') throw new FolderError(400, 'a file path is required');
  if (path.length > 512) throw new FolderError(400, 'the file path is too long');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\:\u0000-\u001f]/.test(path)) throw new FolderError(400, `'${path}' is not a plain relative path`);
  if (path.startsWith('/')) throw new FolderError(403, `'${path}' is outside the studio's folder`);
  const segments = path.split('/');
  for (const s of segments) {
    if (s === '..') throw new FolderError(403, `'${path}' is outside the studio's folder`);
    if (s === '' || s === '.' || s.startsWith('.'))
      throw new FolderError(400, `'${path}' is not a plain relative path`);
  }
  return segments;
}

export class StudioFolder {
  private constructor(
    /** Absolute, with symbolic links resolved. */
    readonly root: string,
  ) {}

  static async open(folder: string): Promise<StudioFolder> {
    return new StudioFolder(await fs.realpath(folder));
  }

  /** Every `*.form.json` under the folder (not in `node_modules` or hidden folders), sorted by path. */
  async list(): Promise<FolderFile[]> {
    const out: FolderFile[] = [];
    const walk = async (dir: string) => {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      for (const entry of entries) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        const full = join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile() && FORM_FILE.test(entry.name)) {
          const stats = await fs.stat(full);
          const path = relative(this.root, full).split(sep).join('/');
          out.push({ path, size: stats.size, modified: stats.mtime.toISOString() });
        }
      }
    };
    await walk(this.root);
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** The absolute path of a relative one, after checking it stays in the folder (symbolic links included). */
  async locate(path: unknown, { mustExist = true } = {}): Promise<string> {
    const segments = pathSegments(path);
    const target = join(this.root, ...segments);
    // the deepest part that exists must resolve inside the folder: a link may not lead out of it
    let existing = target;
    for (;;) {
      try {
        const real = await fs.realpath(existing);
        if (!within(this.root, real)) throw new FolderError(403, `'${path}' is outside the studio's folder`);
        break;
      } catch (e) {
        if (e instanceof FolderError) throw e;
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        if (mustExist) throw new FolderError(404, `no file '${path}' in the studio's folder`);
        existing = dirname(existing);
      }
    }
    return target;
  }

  /** A JSON file of the folder (form files and the shared parts their `$ref`s name). */
  async read(path: unknown): Promise<FileText> {
    if (typeof path === 'string' && !path.endsWith('.json'))
      throw new FolderError(400, `'${path}' is not a .json file`);
    const file = await this.locate(path);
    const stats = await fs.stat(file);
    if (!stats.isFile()) throw new FolderError(400, `'${path}' is not a file`);
    if (stats.size > MAX_FILE_BYTES) throw new FolderError(413, `'${path}' is larger than ${MAX_FILE_BYTES} bytes`);
    const text = await fs.readFile(file, 'utf8');
    return { path: path as string, text, etag: etagOf(text) };
  }

  /** Writes a form file (creating its folders), only valid JSON, atomically (a temporary file renamed over it). */
  async write(path: unknown, text: unknown, opts: WriteOptions = {}): Promise<FileText> {
    if (typeof path === 'string' && !FORM_FILE.test(path)) {
      throw new FolderError(400, `'${path}' is not a form file: the studio saves only *.form.json files`);
    }
    if (typeof text !== 'string') throw new FolderError(400, 'the file text is required');
    if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) {
      throw new FolderError(413, `the text is larger than ${MAX_FILE_BYTES} bytes`);
    }
    const syntax = new JsonText(text).syntaxError();
    if (syntax) {
      throw new FolderError(
        400,
        `not saved: ${path}:${syntax.line}:${syntax.column} ${syntax.pointer || '/'} ${syntax.message}`,
      );
    }
    const file = await this.locate(path, { mustExist: false });
    let current: string | undefined;
    try {
      current = await fs.readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (current !== undefined && opts.create) {
      throw new FolderError(409, `'${path}' already exists`, etagOf(current));
    }
    if (opts.ifMatch !== undefined && (current === undefined || etagOf(current) !== opts.ifMatch)) {
      throw new FolderError(
        409,
        current === undefined ? `'${path}' was deleted on disk` : `'${path}' changed on disk since it was opened`,
        current === undefined ? undefined : etagOf(current),
      );
    }
    await fs.mkdir(dirname(file), { recursive: true });
    const temporary = join(dirname(file), `.${segmentsName(file)}.${process.pid}.${Date.now()}.tmp`);
    await fs.writeFile(temporary, text, { encoding: 'utf8', mode: 0o644 });
    try {
      await fs.rename(temporary, file);
    } catch (e) {
      await fs.rm(temporary, { force: true });
      throw e;
    }
    return { path: path as string, text, etag: etagOf(text) };
  }
}

function segmentsName(file: string): string {
  return file.slice(file.lastIndexOf(sep) + 1);
}

export type WritableCheck = { ok: true } | { ok: false; reason: string };

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'not a folder',
};

/**
 * Whether the studio can save into `folder`: it must be a folder, and a file must be creatable in it (tried for
 * real, since permission bits say nothing to root or on a read-only mount).
 */
export async function checkWritable(folder: string): Promise<WritableCheck> {
  let stats: Awaited<ReturnType<typeof fs.stat>>;
  try {
    stats = await fs.stat(folder);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return { ok: false, reason: 'no such folder' };
    return { ok: false, reason: REASONS[code] ?? (e as Error).message };
  }
  if (!stats.isDirectory()) return { ok: false, reason: 'not a folder' };
  const probe = join(folder, `.antrag-studio-${process.pid}-${Date.now()}.tmp`);
  try {
    await fs.access(folder, constants.W_OK | constants.X_OK);
    await fs.writeFile(probe, '', { flag: 'wx' });
    await fs.rm(probe, { force: true });
    return { ok: true };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return { ok: false, reason: REASONS[code] ?? (e as Error).message };
  }
}
