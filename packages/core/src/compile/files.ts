import type { SizeLimit } from '../dsl/types.js';

/** MIME types of the extensions forms accept; `.jpg` also admits the non-standard image/jpg browsers send. */
const MIME_BY_EXTENSION: Record<string, string[]> = {
  '.jpg': ['image/jpeg', 'image/jpg'],
  '.jpeg': ['image/jpeg', 'image/jpg'],
  '.png': ['image/png'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.heic': ['image/heic'],
  '.pdf': ['application/pdf'],
  '.mp4': ['video/mp4'],
  '.webm': ['video/webm'],
  '.doc': ['application/msword'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

/** MIME types for an accept list of extensions and MIME types; unknown extensions are returned separately. */
export function acceptedMimeTypes(accept: string[]): { mimes: string[]; unknown: string[] } {
  const mimes = new Set<string>();
  const unknown: string[] = [];
  for (const entry of accept) {
    const e = entry.trim().toLowerCase();
    if (e.includes('/')) mimes.add(e);
    else if (MIME_BY_EXTENSION[e]) for (const m of MIME_BY_EXTENSION[e]) mimes.add(m);
    else unknown.push(entry);
  }
  return { mimes: [...mimes].sort(), unknown };
}

const EXPONENT: Record<SizeLimit['unit'], number> = { B: 0, KB: 1, MB: 2 };

/** A size limit in bytes; the unit base is 1000 (kB, MB) or 1024 (KiB, MiB). */
export function sizeInBytes(limit: SizeLimit, base: 1000 | 1024 = 1000): number {
  return Math.round(limit.value * base ** EXPONENT[limit.unit]);
}
