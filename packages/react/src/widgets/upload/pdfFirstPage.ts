/**
 * The first page of a PDF drawn as a PNG image, for the upload preview (spec 001 §9). pdf.js (legacy build, which
 * older phone browsers run) is loaded only by this module, which the preview imports lazily: a form route's first
 * load carries none of it. No `eval` (the CSP forbids it); the worker is pdf.js's own script from our origin.
 */
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Draws page 1 at `width` CSS pixels (times the device's pixel ratio, at most 2) and answers it as a PNG blob. */
export async function pdfFirstPage(data: ArrayBuffer, width: number): Promise<Blob> {
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (width / unscaled.width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the page could not be drawn'))), 'image/png'),
    );
  } finally {
    await doc.destroy();
  }
}
