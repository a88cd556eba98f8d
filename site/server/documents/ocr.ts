/**
 * OCR of a passport's machine-readable zone with tesseract.js, entirely offline: the recogniser core
 * (WebAssembly) comes from the tesseract.js-core package and the English model from the npm package
 * @tesseract.js-data/eng, read from node_modules. tesseract.js would otherwise download the model from
 * a CDN, which a server must not depend on (and which leaks that a passport is being read).
 *
 * Limits (config.ts, `OcrSettings`), because decoding is where an upload costs: a 169 KB PNG can
 * announce 12,000 × 12,000 pixels, and reading it took 25 s and 600 MB that stayed. So the image's size
 * is read from its header (files/check.ts) and anything over OCR_MAX_PIXELS is refused with 413 before a
 * byte is decoded; reads run in a bounded pool (OCR_WORKERS workers, OCR_QUEUE waiting, more get 503
 * with Retry-After); one read gets OCR_TIMEOUT_MS, after which its worker is terminated and replaced
 * (422); and a worker that read an image over OCR_RECYCLE_PIXELS is replaced after it, since the
 * WebAssembly heap a large image grew never shrinks while its worker lives.
 *
 * Within the pixel limit an image can still be slow to read (a 5000 × 5000 noise photo takes 11–16 s), and
 * the route needs no credentials, so one client could keep every worker busy (issue 14). Therefore each read
 * names its owner (the client's address); one owner may have at most PER_CLIENT reads waiting or running
 * (429 with Retry-After beyond), and its reads hold at most OCR_WORKERS − 1 workers at once (the others wait),
 * so that another client's scan always finds a worker; and a PNG's compressed data must be in proportion to its pixels
 * (png-limits.ts: 413 for image data or text chunks that a picture of that size cannot need).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { type OcrSettings, ocrSettings } from '../config.js';
import { checkImagePixels, type ImageSize } from '../files/check.js';
import { findTd3, type MrzCorrection, type OcrLine } from './mrz-lines.js';
import { checkPngData } from './png-limits.js';
import { type PoolStats, WorkerPool } from './worker-pool.js';

/**
 * Reads one client may have waiting or running at once. A genuine applicant's form sends the passport photo
 * to text extraction and to verify-doc in parallel (which share one read when the bytes are the same, see
 * passport.ts): two covers it, with nothing to spare for flooding.
 */
export const PER_CLIENT = 2;

export interface MrzReadResult {
  /** The two corrected TD3 lines, or an empty array when no MRZ was found. */
  lines: string[];
  /** Mean confidence (0–100) of the characters of the two lines; 0 when none were found. */
  confidence: number;
  /** Characters changed after OCR (see mrz-lines.ts). */
  corrections: MrzCorrection[];
  /** The lines as OCR read them, before correction (for logs and support). */
  raw: string[];
}

export interface OcrOptions extends Partial<OcrSettings> {
  /** Where tesseract.js keeps the unpacked model between starts (default: os.tmpdir()/antrag-tesseract). */
  cacheDir?: string;
  /** Reads one owner may have waiting or running at once (default PER_CLIENT). */
  perClient?: number;
}

/** Options of one read. */
export interface ReadOptions {
  /** Who asks (the client's address): one owner gets at most `perClient` reads at once. */
  owner?: string;
}

const WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

interface EngDataPackage {
  langPath: string;
}

/**
 * The model directory. The package exports `langPath` pointing at its 4.0.0 model (legacy + LSTM,
 * 23 MB unpacked); next to it ships 4.0.0_best_int (LSTM only, 5 MB), which is what tesseract.js
 * itself uses for the LSTM engine we run. It reads the MRZ as well and starts faster, so it is
 * preferred when present.
 */
function modelDir(): { langPath: string; variant: string } {
  const require = createRequire(import.meta.url);
  const pkg = require('@tesseract.js-data/eng') as EngDataPackage;
  const bestInt = join(dirname(pkg.langPath), '4.0.0_best_int');
  if (existsSync(join(bestInt, 'eng.traineddata.gz'))) return { langPath: bestInt, variant: 'best_int' };
  return { langPath: pkg.langPath, variant: 'default' };
}

let configured: OcrSettings | undefined;
let configuredCacheDir: string | undefined;
let configuredPerClient = PER_CLIENT;
let pool: WorkerPool<Tesseract.Worker> | undefined;

/** The limits in force: those given to `configureOcr`, else those of the environment (config.ts). */
export function ocrLimits(): OcrSettings {
  configured ??= ocrSettings(process.env);
  return configured;
}

/**
 * Set the limits (any not given keep their value) and the model cache folder. A running pool is
 * closed, so the next OCR starts workers under the new settings; call it at start (main.ts) or in tests.
 */
export async function configureOcr(options: OcrOptions): Promise<void> {
  const { cacheDir, perClient, ...limits } = options;
  if (perClient !== undefined) configuredPerClient = perClient;
  const given = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
  configured = { ...ocrLimits(), ...given };
  if (cacheDir !== undefined) configuredCacheDir = cacheDir;
  await closeOcr();
}

/**
 * The workers, created on first use: starting one costs most of a second (loading the WebAssembly
 * core and the model), recognising an MRZ crop a few hundred ms. Each worker runs one read at a time.
 */
function ocrPool(): WorkerPool<Tesseract.Worker> {
  if (!pool) {
    const limits = ocrLimits();
    pool = new WorkerPool<Tesseract.Worker>({
      size: limits.workers,
      queue: limits.queue,
      timeoutMs: limits.timeoutMs,
      create: startWorker,
      // tesseract.js ends the worker thread at once, also in the middle of a recognition
      destroy: async (worker) => {
        await worker.terminate();
      },
      perOwner: configuredPerClient,
      // one worker is always left for another client while one client's reads run
      ownerWorkers: Math.max(1, limits.workers - 1),
      ownerLimitMessage: (allowed, seconds) =>
        `the passport reader is already reading ${allowed} of your images; please wait for ${allowed === 1 ? 'it' : 'them'} and try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      busyMessage: (seconds) =>
        `the passport reader is busy with other uploads; please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      // 422 rather than 503/504: the read was stopped because of this image (too large or too busy to read
      // in time), retrying the same file would only use up a worker again, and what helps is another photo.
      timeout: (ms) => ({
        statusCode: 422,
        message: `the passport image could not be read within ${Number((ms / 1000).toFixed(1))} seconds; please upload a smaller, sharper photo of the passport's photo page`,
      }),
    });
  }
  return pool;
}

async function startWorker(): Promise<Tesseract.Worker> {
  const { langPath, variant } = modelDir();
  // The cache file is always called eng.traineddata, so each model variant gets its own folder.
  const cachePath = join(configuredCacheDir ?? join(tmpdir(), 'antrag-tesseract'), variant);
  mkdirSync(cachePath, { recursive: true });
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath, // a local folder: tesseract.js reads it from disk instead of fetching from a CDN
    gzip: true, // the package ships eng.traineddata.gz
    cachePath,
    // Surface worker-side errors as rejected jobs rather than an uncaught exception in the process.
    errorHandler: () => {},
  });
  await worker.setParameters({
    tessedit_char_whitelist: WHITELIST,
    // Automatic page segmentation: finds the MRZ lines among header text, photo and guilloches.
    tessedit_pageseg_mode: Tesseract.PSM.AUTO,
    // Uploaded photos carry no usable resolution; a fixed value keeps tesseract from guessing (and logging it).
    user_defined_dpi: '300',
  });
  return worker;
}

/** Workers busy, waiting reads and totals (started, timed out, refused, recycled); null before the first OCR. */
export function ocrStats(): PoolStats | null {
  return pool?.stats() ?? null;
}

/** Terminate the workers (server shutdown, end of tests). The next OCR starts new ones. */
export async function closeOcr(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.close();
}

function ocrLines(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        // Line and word confidences of tesseract drop to 10–30 for long runs like `<<<<` even when every
        // character is right (measured); the per-character confidences (mostly above 90) are meaningful.
        const symbols = line.words.flatMap((w) => w.symbols);
        const confidence = symbols.length ? symbols.reduce((sum, s) => sum + s.confidence, 0) / symbols.length : 0;
        lines.push({ text: line.text, confidence });
      }
    }
  }
  return lines;
}

/**
 * Read the two TD3 lines of a passport image (PNG, JPEG, GIF or WebP).
 *
 * The image's size is read from its header first, without decoding it: an image of more than
 * `maxPixels` is refused with `OcrImageTooLargeError` (413) and one whose size cannot be read with
 * `OcrImageError`, both within microseconds and before any memory is taken. The read then runs in the
 * worker pool: `PoolBusyError` (503, `retryAfterSeconds`) when too many uploads wait already,
 * `PoolTimeoutError` (422) when it takes longer than `timeoutMs`.
 *
 * The bottom half is read first, where the MRZ sits on the data page: it is several times faster than
 * the whole page and avoids header text. If that does not give an MRZ whose check digits all hold,
 * the whole image is read too and the better result wins.
 *
 * A PNG whose compressed data is out of proportion to its pixels is refused with `OcrImageTooLargeError`
 * (413) before it reaches a worker, and an `owner` with `perClient` reads already waiting or running gets
 * `PoolOwnerLimitError` (429, `retryAfterSeconds`) before taking a place in the line.
 */
export async function readMrz(image: Uint8Array, options: ReadOptions = {}): Promise<MrzReadResult> {
  const limits = ocrLimits();
  const check = checkImagePixels(image, limits.maxPixels);
  if (!check.ok) {
    if (check.reason === 'too-many-pixels') throw new OcrImageTooLargeError(check.message);
    throw new OcrImageError(check.message);
  }
  const { size } = check;
  return ocrPool().run((worker, signal) => recognise(worker, signal, image, size), {
    recycle: size.pixels > limits.recyclePixels,
    owner: options.owner,
    // the PNG's data is inflated (in zlib's threads) within the owner's share: checking costs time too
    admit: async () => {
      const data = await checkPngData(image);
      if (!data.ok) throw new OcrImageTooLargeError(data.message);
    },
  });
}

async function recognise(
  worker: Tesseract.Worker,
  signal: AbortSignal,
  image: Uint8Array,
  size: ImageSize,
): Promise<MrzReadResult> {
  const buffer = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  const attempts: (Tesseract.Rectangle | undefined)[] = [];
  if (size.height >= 40) {
    const top = Math.floor(size.height / 2);
    attempts.push({ left: 0, top, width: size.width, height: size.height - top });
  }
  attempts.push(undefined);

  let best: ReturnType<typeof findTd3> = null;
  for (const rectangle of attempts) {
    // the worker was ended under this read (time out, shutdown): a call on it would never answer
    if (signal.aborted) throw new Error('the read was stopped');
    let page: Tesseract.Page;
    try {
      const result = await worker.recognize(buffer, rectangle ? { rectangle } : {}, { text: true, blocks: true });
      page = result.data;
    } catch (error) {
      // An image tesseract cannot decode is "no MRZ", not a server error.
      if (rectangle) continue;
      if (best) break;
      throw new OcrImageError(error instanceof Error ? error.message : String(error));
    }
    const found = findTd3(ocrLines(page));
    if (found && (!best || found.validCheckDigits > best.validCheckDigits)) best = found;
    if (best && best.validCheckDigits === 5) break;
  }
  if (!best) return { lines: [], confidence: 0, corrections: [], raw: [] };
  return { lines: [...best.lines], confidence: best.confidence, corrections: best.corrections, raw: [...best.raw] };
}

/**
 * The image has more pixels than the reader accepts (`maxPixels`), or (a PNG) more compressed data than its
 * pixels can need: answered with 413 before decoding.
 */
export class OcrImageTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(message: string) {
    super(message);
    this.name = 'OcrImageTooLargeError';
  }
}

/** The upload is not an image tesseract can decode. */
export class OcrImageError extends Error {
  constructor(detail: string) {
    super(`The image could not be read: ${detail}`);
    this.name = 'OcrImageError';
  }
}
