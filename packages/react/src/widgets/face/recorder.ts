/** Recording the camera stream with MediaRecorder: MP4 where the browser records it, else WebM. */

/** Types tried in order: MP4 first (H.264 with AAC or Opus, then the browser's default MP4), then WebM. */
const MP4_TYPES = ['video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4;codecs=avc1,opus', 'video/mp4'];
const WEBM_TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'];

/** The first type this browser records, preferring MP4; undefined when MediaRecorder is missing or knows none. */
export function pickRecordingType(recorder: typeof MediaRecorder | undefined = globalThis.MediaRecorder) {
  if (!recorder) return undefined;
  const supported = (type: string) => {
    try {
      return typeof recorder.isTypeSupported === 'function' && recorder.isTypeSupported(type);
    } catch {
      return false;
    }
  };
  return [...MP4_TYPES, ...WEBM_TYPES].find(supported);
}

export function isMp4Type(type: string | undefined): boolean {
  return !!type && type.toLowerCase().startsWith('video/mp4');
}

/** Raised by `done` when the recording was cancelled (the page was hidden, the step left). */
export class RecordingCancelled extends Error {
  constructor() {
    super('recording cancelled');
    this.name = 'RecordingCancelled';
  }
}

export interface Recording {
  /** The recorded video once the recorder stopped. */
  done: Promise<Blob>;
  /** Stops and keeps what was recorded. */
  stop(): void;
  /** Stops and throws the recording away. */
  cancel(): void;
}

/** Starts recording `stream`; the caller decides when to stop (the countdown). */
export function startRecording(stream: MediaStream, mimeType: string | undefined): Recording {
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let cancelled = false;
  recorder.ondataavailable = (event) => {
    if (event.data && event.data.size > 0) chunks.push(event.data);
  };
  const done = new Promise<Blob>((resolve, reject) => {
    recorder.onstop = () => {
      if (cancelled) reject(new RecordingCancelled());
      else resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || '' }));
    };
    recorder.onerror = (event) => reject((event as Event & { error?: unknown }).error ?? new Error('recorder error'));
  });
  // a timeslice, so a recorder stopped by the page going away still hands over what it has
  recorder.start(1000);
  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
  return {
    done,
    stop,
    cancel() {
      cancelled = true;
      stop();
    },
  };
}
