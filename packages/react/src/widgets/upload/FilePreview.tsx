import { useEffect, useState } from 'react';
import type { Translate } from '../shared/texts.js';
import { textOr } from '../shared/texts.js';
import { readLocalCopy } from './localCopies.js';

/** Spec 001 §9: a preview is at most 500 px high by default. */
export const PREVIEW_MAX_HEIGHT = 500;
/** The width a PDF page is drawn at (CSS pixels); the image is scaled down to fit narrower screens. */
const PDF_DRAW_WIDTH = 480;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);

export function previewable(type: string): boolean {
  return IMAGE_TYPES.has(type.toLowerCase()) || type.toLowerCase() === 'application/pdf';
}

/** The preview's source: the image itself, or the PDF's first page drawn as an image (pdf.js, loaded only here). */
async function previewBlob(file: Blob): Promise<Blob> {
  if (file.type.toLowerCase() !== 'application/pdf') return file;
  const { pdfFirstPage } = await import('./pdfFirstPage.js');
  return pdfFirstPage(await file.arrayBuffer(), PDF_DRAW_WIDTH);
}

interface FilePreviewProps {
  uid: string;
  name: string;
  type: string;
  /** The chosen file; without it the browser's local copy (kept after the upload) is read. */
  file?: Blob;
  t: Translate;
}

/**
 * An uploaded image, or a PDF's first page, at most 500 px high and never wider than its column. Nothing while
 * it is drawn or when it cannot be (no local copy, a broken PDF). Its object URL is revoked when it goes (the file
 * is removed), so removing a file removes its preview.
 */
export function FilePreview({ uid, name, type, file, t }: FilePreviewProps) {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!previewable(type)) return undefined;
    let cancelled = false;
    let made: string | undefined;
    (async () => {
      const source = file ?? (await readLocalCopy(uid));
      if (!source || cancelled) return;
      const blob = await previewBlob(source);
      if (cancelled) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    })().catch((error: unknown) => console.log('no preview', error));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [uid, type, file]);
  if (!url) return null;
  return (
    <img
      className="antrag-upload-preview"
      src={url}
      alt={textOr(t, 'upload.preview', 'Preview of {{name}}', { name })}
      style={{
        display: 'block',
        // the border counts into the 500 px
        boxSizing: 'border-box',
        maxHeight: PREVIEW_MAX_HEIGHT,
        maxWidth: '100%',
        width: 'auto',
        height: 'auto',
        marginTop: 4,
        border: '1px solid rgba(0, 0, 0, 0.15)',
      }}
    />
  );
}
