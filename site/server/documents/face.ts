/**
 * Face verification for POST {host}/api/v1/identity/face-recog.
 *
 * The form records a 5-second selfie video, sends it as MP4 and maps the answer's doc_status
 * (accept / reject / review) to success / error / warning. Which provider answers is a setting
 * (`faceProvider` in config.ts):
 *
 * - `reference` — the built-in reference provider. It checks the FILE, not the face: the upload must be
 *   an MP4 (an `ftyp` box) with at least one video track, and last about as long as the form records
 *   (3–8 s for the 5 s recording). It does NOT detect a face, compare it with the passport photo or test
 *   for liveness; "accept" means only "a plausible recording arrived". It exists so the flow works end to
 *   end without a biometric vendor, and a deployment that needs real face matching sets a provider URL.
 * - an http(s) URL — an external service. The same multipart fields are forwarded to it and its answer
 *   (`{ data: { doc_status }, message }` or `{ doc_status, message }`) is passed on.
 */
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import { inspectMp4 } from './mp4-limits.js';

export type FaceStatus = 'accept' | 'review' | 'reject';

export interface FaceVideoDetails {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface FaceCheckResult {
  doc_status: FaceStatus;
  message: string;
  details: FaceVideoDetails;
}

/** Accepted length of the recording. The form records 5 s; timers and encoders add or lose a little. */
export const MIN_SECONDS = 3;
export const MAX_SECONDS = 8;

function isMp4(bytes: Uint8Array): boolean {
  // ISO base media files start with a box whose type (bytes 4–7) is 'ftyp'.
  return bytes.length >= 12 && String.fromCharCode(bytes[4], bytes[5], bytes[6], bytes[7]) === 'ftyp';
}

/**
 * Duration in seconds. The movie header gives it for ordinary files; browsers' MediaRecorder writes
 * fragmented MP4 whose movie header says 0, and then the fragment duration (mehd) or the samples
 * actually present in the fragments tell.
 */
function durationOf(info: Movie): number {
  if (info.duration > 0 && info.timescale > 0) return info.duration / info.timescale;
  if (info.fragment_duration && info.fragment_duration.den > 0 && info.fragment_duration.num > 0) {
    return info.fragment_duration.num / info.fragment_duration.den;
  }
  let longest = 0;
  for (const track of info.tracks) {
    if (track.timescale <= 0) continue;
    const seconds = Math.max(track.duration, track.samples_duration ?? 0) / track.timescale;
    longest = Math.max(longest, seconds);
  }
  return longest;
}

function parseMp4(bytes: Uint8Array): Movie | null {
  const file = createFile();
  const state = { ready: false, failed: false };
  file.onReady = () => {
    state.ready = true;
  };
  file.onError = () => {
    state.failed = true;
  };
  // mp4box keeps the ArrayBuffer it is given; copy so the caller's buffer is neither retained nor changed.
  const copy = new Uint8Array(bytes).buffer;
  try {
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0), true);
    file.flush();
  } catch {
    return null;
  }
  if (state.failed || !state.ready) return null;
  // Info taken after the whole file went through, so the samples of all fragments are counted.
  return file.getInfo();
}

/**
 * The upload claims more than it holds (see mp4-limits.ts): refused with 400 before it is parsed, and no
 * verification is recorded. Such a file is made, not recorded: an honest upload that was cut short is
 * answered with "reject" instead.
 */
export class FaceVideoRefusedError extends Error {
  readonly statusCode = 400;
  constructor(detail: string) {
    super(`The face video is damaged or not a genuine recording (no readable MP4 movie): ${detail}.`);
    this.name = 'FaceVideoRefusedError';
  }
}

const UNREADABLE = 'The face video is damaged or incomplete (no readable MP4 movie).';

/**
 * The reference provider's decision on an uploaded face video (see the comment at the top). Throws
 * `FaceVideoRefusedError` (400) for a file whose boxes announce more than the file can hold, before
 * mp4box reads it: mp4box trusts the counts and parses on the event loop.
 */
export function checkFaceVideo(bytes: Uint8Array): FaceCheckResult {
  const none: FaceVideoDetails = { durationSeconds: 0, width: 0, height: 0, hasAudio: false };
  if (!isMp4(bytes)) {
    return { doc_status: 'reject', message: 'The face video is not an MP4 file.', details: none };
  }
  const structure = inspectMp4(bytes);
  if (structure.kind === 'refused') throw new FaceVideoRefusedError(structure.message);
  if (structure.kind === 'incomplete') return { doc_status: 'reject', message: UNREADABLE, details: none };
  const info = parseMp4(bytes);
  if (!info) return { doc_status: 'reject', message: UNREADABLE, details: none };
  // The samples' sizes come from tables the walk could only bound by count: together they must fit the media data.
  const sampleBytes = info.tracks.reduce((sum, track) => sum + track.size, 0);
  if (sampleBytes > structure.mediaBytes) {
    return {
      doc_status: 'reject',
      message: `The face video is damaged: its samples add up to ${sampleBytes} bytes, but it holds only ${structure.mediaBytes} bytes of media data.`,
      details: none,
    };
  }
  const video = info.videoTracks[0];
  const durationSeconds = Math.round(durationOf(info) * 100) / 100;
  const details: FaceVideoDetails = {
    durationSeconds,
    width: video ? (video.video?.width ?? video.track_width) : 0,
    height: video ? (video.video?.height ?? video.track_height) : 0,
    hasAudio: info.audioTracks.length > 0,
  };
  if (!video) {
    return { doc_status: 'reject', message: 'The face video has no video track.', details };
  }
  if (durationSeconds < MIN_SECONDS || durationSeconds > MAX_SECONDS) {
    return {
      doc_status: 'review',
      message: `The face video lasts ${durationSeconds} s; a recording of about 5 s (${MIN_SECONDS}–${MAX_SECONDS} s) was expected.`,
      details,
    };
  }
  return { doc_status: 'accept', message: 'Face video received.', details };
}

/** The multipart fields of the face-recog call. */
export interface FaceVerificationInput {
  face: Uint8Array;
  /** File name and type of the upload, forwarded to an external provider. */
  filename?: string;
  contentType?: string;
  blocked_acc_no: string;
  doc_type: string;
  document_id: string;
}

export interface FaceVerificationResult {
  doc_status: FaceStatus;
  message: string;
  /** Present for the reference provider. */
  details?: FaceVideoDetails;
}

export interface FaceProvider {
  /** 'reference' or the external URL, for logs. */
  readonly name: string;
  verify(input: FaceVerificationInput): Promise<FaceVerificationResult>;
}

/** The external provider failed or answered something unusable; the route should answer 502. */
export class FaceProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FaceProviderError';
  }
}

export interface ExternalProviderOptions {
  /** Extra headers for the external service, e.g. its Authorization. */
  headers?: Record<string, string>;
  /** Abort after this many milliseconds (default 30 s). */
  timeoutMs?: number;
  /** For tests or a proxy-aware client; defaults to the global fetch. */
  fetch?: typeof fetch;
}

const STATUSES: readonly FaceStatus[] = ['accept', 'review', 'reject'];

function externalProvider(url: string, options: ExternalProviderOptions): FaceProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: url,
    async verify(input) {
      const form = new FormData();
      const file = new Blob([new Uint8Array(input.face)], { type: input.contentType || 'video/mp4' });
      form.append('face', file, input.filename || 'face.mp4');
      form.append('blocked_acc_no', input.blocked_acc_no);
      form.append('doc_type', input.doc_type);
      form.append('document_id', input.document_id);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          body: form,
          headers: options.headers,
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new FaceProviderError(
          `Face provider unreachable: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!response.ok) {
        throw new FaceProviderError(`Face provider answered HTTP ${response.status}`, response.status);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new FaceProviderError('Face provider answered no JSON', response.status);
      }
      const record = (body ?? {}) as {
        data?: { doc_status?: unknown; message?: unknown };
        doc_status?: unknown;
        message?: unknown;
      };
      const status = record.data?.doc_status ?? record.doc_status;
      if (typeof status !== 'string' || !STATUSES.includes(status as FaceStatus)) {
        throw new FaceProviderError(`Face provider answered an unknown doc_status: ${JSON.stringify(status)}`);
      }
      const message = record.message ?? record.data?.message;
      return { doc_status: status as FaceStatus, message: typeof message === 'string' ? message : '' };
    },
  };
}

/**
 * The provider for a `faceProvider` setting: 'reference' (or empty) for the built-in file check, an
 * http(s) URL for an external service. Anything else is a configuration error, raised at start-up
 * rather than on the first applicant's upload.
 */
export function createFaceProvider(setting: string, options: ExternalProviderOptions = {}): FaceProvider {
  const value = setting.trim();
  if (value === '' || value === 'reference') {
    return {
      name: 'reference',
      async verify(input) {
        return checkFaceVideo(input.face);
      },
    };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Face provider setting must be 'reference' or an http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Face provider URL must use http or https, got '${value}'`);
  }
  return externalProvider(url.toString(), options);
}
