/**
 * OCR of a passport's machine-readable zone with tesseract.js, entirely offline: the recogniser core
 * (WebAssembly) comes from the tesseract.js-core package and the English model from the npm package
 * @tesseract.js-data/eng, read from node_modules. tesseract.js would otherwise download the model from
 * a CDN, which a server must not depend on (and which leaks that a passport is being read).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { findTd3, type MrzCorrection, type OcrLine } from './mrz-lines.js';

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

export interface OcrOptions {
  /** Where tesseract.js keeps the unpacked model between starts (default: os.tmpdir()/antrag-tesseract). */
  cacheDir?: string;
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

let workerPromise: Promise<Tesseract.Worker> | null = null;
let configuredCacheDir: string | undefined;

/** Set options before the first OCR (later calls keep the running worker). */
export function configureOcr(options: OcrOptions): void {
  configuredCacheDir = options.cacheDir;
}

/**
 * One worker for the whole process, created on first use: starting one costs most of a second
 * (loading the WebAssembly core and the model), recognising an MRZ crop a few hundred ms. The worker
 * runs its jobs one after another, and its parameters never change after start, so concurrent
 * requests can share it safely.
 */
function getWorker(): Promise<Tesseract.Worker> {
  if (!workerPromise) {
    workerPromise = startWorker().catch((error: unknown) => {
      // Let the next request try again instead of caching the failure forever.
      workerPromise = null;
      throw error;
    });
  }
  return workerPromise;
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

/** Terminate the worker (server shutdown, end of tests). The next OCR starts a new one. */
export async function closeOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (!pending) return;
  try {
    const worker = await pending;
    await worker.terminate();
  } catch {
    // A worker that never started has nothing to terminate.
  }
}

/** Width and height from a PNG or JPEG header; null for other formats (they are then read whole). */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: signature, then the IHDR chunk with width and height as 32-bit big-endian numbers.
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  // JPEG: walk the segments up to a start-of-frame marker (C0–CF except C4, C8, CC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1];
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      const length = view.getUint16(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
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
 * Read the two TD3 lines of a passport image (PNG, JPEG or another format tesseract decodes).
 * The bottom half is read first, where the MRZ sits on the data page: it is several times faster than
 * the whole page and avoids header text. If that does not give an MRZ whose check digits all hold,
 * the whole image is read too and the better result wins.
 */
export async function readMrz(image: Uint8Array): Promise<MrzReadResult> {
  const worker = await getWorker();
  const buffer = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  const size = imageSize(image);
  const attempts: (Tesseract.Rectangle | undefined)[] = [];
  if (size && size.height >= 40) {
    const top = Math.floor(size.height / 2);
    attempts.push({ left: 0, top, width: size.width, height: size.height - top });
  }
  attempts.push(undefined);

  let best: ReturnType<typeof findTd3> = null;
  for (const rectangle of attempts) {
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

/** The upload is not an image tesseract can decode. */
export class OcrImageError extends Error {
  constructor(detail: string) {
    super(`The image could not be read: ${detail}`);
    this.name = 'OcrImageError';
  }
}
