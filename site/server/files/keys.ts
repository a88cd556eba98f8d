/**
 * Storage keys. A key becomes a path on the local disk and an object name in S3, so it is held to
 * the smallest alphabet both handle alike, and nothing in it can climb out of the store's folder.
 */

const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
const MAX_KEY_LENGTH = 512;

/** Why a key is unusable, or undefined when it is fine. */
export function keyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key === '') return 'the key is empty';
  if (key.length > MAX_KEY_LENGTH) return `the key is longer than ${MAX_KEY_LENGTH} characters`;
  if (!KEY_CHARS.test(key)) return 'the key may only hold letters, digits, dot, underscore, hyphen and slash';
  if (key.startsWith('/')) return 'the key must not be an absolute path';
  for (const segment of key.split('/')) {
    if (segment === '') return 'the key must not have empty segments (leading, trailing or double slashes)';
    if (segment === '.' || segment === '..') return "the key must not contain '.' or '..' segments";
    // Hidden names are kept for the store's own temporary files, so no key can collide with one.
    if (segment.startsWith('.')) return "no segment of the key may start with '.'";
  }
  return undefined;
}

/** Throws with the reason when the key is unusable. */
export function assertSafeKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new Error(`invalid storage key '${String(key).slice(0, 80)}': ${problem}`);
}
