/** A plain JSON object: neither null nor an array (both are `typeof 'object'` too). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
