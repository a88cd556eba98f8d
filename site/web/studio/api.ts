/**
 * The local studio server's API (`antrag studio`, see `cli/src/studio/server.ts`). The site's own server has none
 * of it: there `filesOf` fails with status 404 and the studio says how to start it locally.
 */

export interface StudioFolderInfo {
  /** The folder as `antrag validate` names it (relative to where `antrag studio` runs, else absolute). */
  folder: string;
  /** The meta-schema's path relative to the folder. */
  dslSchema: string;
  files: Array<{ path: string; size: number; modified: string }>;
}

export interface StudioFile {
  path: string;
  text: string;
  etag: string;
}

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** On a conflict (409): the version now on disk. */
    readonly etag?: string,
  ) {
    super(message);
  }
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function answer<T>(response: Response): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok || body === undefined) {
    const b = body as { message?: unknown; etag?: unknown } | undefined;
    throw new StudioApiError(
      response.status,
      typeof b?.message === 'string' ? b.message : `HTTP ${response.status}`,
      typeof b?.etag === 'string' ? b.etag : undefined,
    );
  }
  return body as T;
}

function call<T>(input: string, init?: RequestInit): Promise<T> {
  return fetch(input, init).then(
    (r) => answer<T>(r),
    (e: Error) => {
      throw new StudioApiError(0, e.message);
    },
  );
}

const fileUrl = (path: string) => `/api/studio/file?path=${encodeURIComponent(path)}`;

export const studioApi = {
  files: () => call<StudioFolderInfo>('/api/studio/files'),
  read: (path: string) => call<StudioFile>(fileUrl(path)),
  /** Saves a form file: over the version `etag` names, or as a new file (`etag` undefined). */
  save: (path: string, text: string, etag: string | undefined) =>
    call<{ ok: true; path: string; etag: string }>(fileUrl(path), {
      method: 'PUT',
      headers: { ...JSON_HEADERS, ...(etag ? { 'If-Match': `"${etag}"` } : { 'If-None-Match': '*' }) },
      body: JSON.stringify({ text }),
    }),
  typegen: (path: string, text: string) =>
    call<{ ok: true; typeName: string; types: string }>('/api/studio/typegen', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ path, text }),
    }),
};
