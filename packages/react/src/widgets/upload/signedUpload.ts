/**
 * The signed-upload sequence (spec §7 calls 1–2): ask the server for a signed storage target for the generated
 * name, then post the target's fields and the file as multipart form data, reporting progress.
 */

/** An upload error whose `key` is the catalogue key of its message (the message is the English text). */
export class UploadError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface SignedTarget {
  url: string;
  fields: Record<string, string>;
}

export interface SignedUploadRequest {
  file: unknown;
  /** The generated stored name sent as `file`. */
  fileName: string;
  onProgress?: (percent: number) => void;
  onSuccess?: (result: { storedName: string }) => void;
  onError?: (error: Error) => void;
  /** Base URL of the API; default same origin. */
  apiBase?: string;
  /** Injected for tests and non-browser use; default the globals. */
  fetch?: typeof fetch;
  XMLHttpRequest?: typeof XMLHttpRequest;
}

export interface SignedUploadHandle {
  abort(): void;
}

/** Starts the upload; throws at once for missing callbacks or a non-File, reports everything else via the callbacks. */
export function signedUpload(request: SignedUploadRequest): SignedUploadHandle {
  const { file, fileName, onProgress, onSuccess, onError, apiBase = '' } = request;
  if (!onSuccess || !onError || !onProgress) {
    throw new UploadError('upload.missingParameters', 'Missing required parameters');
  }
  if (typeof File === 'undefined' || !(file instanceof File)) {
    throw new UploadError('upload.notAFile', 'File is either a Blob or a string.');
  }
  const doFetch = request.fetch ?? globalThis.fetch.bind(globalThis);
  const Xhr = request.XMLHttpRequest ?? globalThis.XMLHttpRequest;
  let aborted = false;
  let xhr: XMLHttpRequest | undefined;
  const fail = (error: unknown) => {
    if (aborted) return;
    onError(error instanceof Error ? error : new UploadError('upload.failed', 'Upload failed.'));
  };

  (async () => {
    const query = new URLSearchParams({ file: fileName, fileType: file.type });
    const response = await doFetch(`${apiBase}/api/upload-file?${query}`);
    if (!response.ok) throw new UploadError('upload.failed', 'Upload failed.');
    const target = (await response.json()) as SignedTarget;
    if (!target || typeof target.url !== 'string') throw new UploadError('upload.failed', 'Upload failed.');
    if (aborted) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(target.fields ?? {})) body.append(k, v);
    body.append('file', file);
    const req = new Xhr();
    xhr = req;
    req.open('POST', target.url);
    req.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    req.onload = () => {
      if (aborted) return;
      if (req.status >= 200 && req.status < 300) {
        onProgress(100);
        onSuccess({ storedName: fileName });
      } else fail(new UploadError('upload.failed', 'Upload failed.'));
    };
    req.onerror = () => fail(new UploadError('upload.failed', 'Upload failed.'));
    req.send(body);
  })().catch(fail);

  return {
    abort() {
      aborted = true;
      xhr?.abort();
    },
  };
}
