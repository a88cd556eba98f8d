/**
 * JSON Pointer (RFC 6901) segments: `~` is written `~0` and `/` is written `~1` inside a segment. Every part of
 * Antrag that builds or reads a pointer (diagnostics, payload `set` pointers, ajv paths, `$ref` fragments) uses these,
 * so the escaping is written once.
 */

/** One segment as it appears in a pointer: `a/b~c` → `a~1b~0c`. */
export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** One segment as it appears in a pointer, read back: `a~1b~0c` → `a/b~c` (`~1` first, so `~01` stays `~1`). */
export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A pointer from unescaped segments: `['a/b', 0]` → `/a~1b/0`; no segments is the whole document, `''`. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => `/${escapeSegment(s)}`).join('');
}

/**
 * The unescaped segments of a pointer, as RFC 6901 reads it: `''` is the whole document and `/` the key `''`.
 * Whatever precedes the first `/` is ignored (a pointer without one names the whole document).
 */
export function parsePointer(pointer: string): string[] {
  return pointer.split('/').slice(1).map(unescapeSegment);
}

/**
 * The unescaped segments of a pointer as an author may type it: `''` and `/` both name the whole document, and
 * the leading `/` may be left out (`a/b` is `/a/b`). The document tools (line:column of a pointer) read this way.
 */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return parsePointer(pointer.startsWith('/') ? pointer : `/${pointer}`);
}
