/**
 * What the author typed, kept in browser storage per file until it is saved, so nothing is lost on a reload or a
 * crash: the text, the version of the file on disk it started from (its etag; none for a new file) and when it
 * was last kept. Storage that is full or switched off only means nothing is kept; the studio still works.
 */

export interface KeptBuffer {
  text: string;
  /** The etag of the file on disk the edits started from; absent for a file not yet saved. */
  etag?: string;
  /** Milliseconds since the epoch. */
  updated: number;
}

const PREFIX = 'antrag-studio:v1:';

function isKept(value: unknown): value is KeptBuffer {
  const v = value as Partial<KeptBuffer> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.text === 'string' &&
    typeof v.updated === 'number' &&
    (v.etag === undefined || typeof v.etag === 'string')
  );
}

export class BufferStore {
  private readonly scope: string;

  /** `scope`: the folder being edited, so two studios over different folders keep apart. */
  constructor(
    private readonly storage: Storage | undefined,
    folder: string,
    private readonly now: () => number = Date.now,
  ) {
    this.scope = `${PREFIX}${folder}:`;
  }

  private bufferKey(path: string): string {
    return `${this.scope}buffer:${path}`;
  }

  /** Keeps the text of `path`; false when the storage refused it (full or disabled). */
  keep(path: string, text: string, etag: string | undefined): boolean {
    const value: KeptBuffer = { text, updated: this.now(), ...(etag ? { etag } : {}) };
    try {
      this.storage?.setItem(this.bufferKey(path), JSON.stringify(value));
      return this.storage !== undefined;
    } catch {
      return false;
    }
  }

  get(path: string): KeptBuffer | undefined {
    try {
      const raw = this.storage?.getItem(this.bufferKey(path));
      if (!raw) return undefined;
      const value: unknown = JSON.parse(raw);
      return isKept(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  drop(path: string): void {
    try {
      this.storage?.removeItem(this.bufferKey(path));
    } catch {
      // nothing kept, nothing to drop
    }
  }

  /** Every file with a kept buffer, sorted. */
  paths(): string[] {
    const out: string[] = [];
    const prefix = `${this.scope}buffer:`;
    try {
      for (let i = 0; i < (this.storage?.length ?? 0); i++) {
        const key = this.storage?.key(i);
        if (key?.startsWith(prefix)) out.push(key.slice(prefix.length));
      }
    } catch {
      return [];
    }
    return out.sort();
  }

  /** The file open last (reopened after a reload). */
  get lastOpened(): string | undefined {
    try {
      return this.storage?.getItem(`${this.scope}last`) ?? undefined;
    } catch {
      return undefined;
    }
  }

  set lastOpened(path: string | undefined) {
    try {
      if (path) this.storage?.setItem(`${this.scope}last`, path);
      else this.storage?.removeItem(`${this.scope}last`);
    } catch {
      // not remembered: the studio opens the first file next time
    }
  }
}

/** The browser's local storage, or undefined where it is switched off. */
export { browserStorage } from '@antrag/react/api/storage';
