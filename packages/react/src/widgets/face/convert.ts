/**
 * Making sure the upload is an MP4 (spec §4: "mp4 preferred, webm converted"). A WebM recording is
 * converted in the browser with WebCodecs through mediabunny (WebM demuxer, MP4 muxer), which is loaded
 * only when a conversion is actually needed.
 */

export type ConversionProblem =
  | 'face.conversionUnsupported'
  | 'face.conversionFailed'
  | 'face.conversionAborted'
  | 'face.notMp4';

const ENGLISH: Record<ConversionProblem, string> = {
  'face.conversionUnsupported':
    'Browser does not support video conversion. Please use a supported browser or contact support.',
  'face.conversionFailed': 'Video conversion failed.',
  'face.conversionAborted': 'Conversion failed; aborting upload.',
  'face.notMp4': 'Video is not in MP4 format. Conversion failed or unsupported.',
};

/** `key` is the catalogue key of the message. */
export class ConversionError extends Error {
  constructor(
    readonly key: ConversionProblem,
    cause?: unknown,
  ) {
    super(ENGLISH[key], { cause });
    this.name = 'ConversionError';
  }
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Whether the bytes are an ISO base media file: the first box is `ftyp` (bytes 4–7). */
export async function isMp4(blob: Blob): Promise<boolean> {
  if (blob.size < 12) return false;
  const head = await bytesOf(blob.slice(0, 12));
  return String.fromCharCode(head[4], head[5], head[6], head[7]) === 'ftyp';
}

/** Whether this browser can convert at all (WebCodecs encoders and decoders exist). */
export function canConvert(): boolean {
  return typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined';
}

export interface Mp4Result {
  video: Blob;
  /** Whether a conversion ran (false: the recording was MP4 already). */
  converted: boolean;
}

/** The recording as MP4: unchanged when it is MP4 already, else converted (H.264 where it can encode it). */
export async function ensureMp4(recording: Blob, size: { width: number; height: number }): Promise<Mp4Result> {
  if (await isMp4(recording)) return { video: recording, converted: false };
  if (!canConvert()) throw new ConversionError('face.conversionUnsupported');
  let mb: typeof import('mediabunny');
  try {
    mb = await import('mediabunny');
  } catch (error) {
    throw new ConversionError('face.conversionUnsupported', error);
  }
  let buffer: ArrayBuffer | null;
  try {
    const input = new mb.Input({ source: new mb.BlobSource(recording), formats: [mb.WEBM, mb.MATROSKA, mb.MP4] });
    const target = new mb.BufferTarget();
    const output = new mb.Output({ format: new mb.Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    // H.264 is what face-verification services take most widely; without an encoder for it, keep the codec
    const avc = await mb.canEncodeVideo('avc', size).catch(() => false);
    const conversion = await mb.Conversion.init({
      input,
      output,
      video: avc ? { codec: 'avc' } : {},
      showWarnings: false,
    });
    if (!conversion.isValid) {
      const videoGone = conversion.discardedTracks.some(
        (d) =>
          d.track.type === 'video' &&
          (d.reason === 'undecodable_source_codec' || d.reason === 'no_encodable_target_codec'),
      );
      throw new ConversionError(videoGone ? 'face.conversionUnsupported' : 'face.conversionFailed');
    }
    await conversion.execute();
    buffer = target.buffer;
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError('face.conversionFailed', error);
  }
  if (!buffer || buffer.byteLength === 0) throw new ConversionError('face.conversionAborted');
  const video = new Blob([buffer], { type: 'video/mp4' });
  if (!(await isMp4(video))) throw new ConversionError('face.notMp4');
  return { video, converted: true };
}
