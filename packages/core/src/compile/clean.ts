/** Drops undefined entries so that output stays byte-stable and free of `undefined`. */
export function clean<T extends Record<string, unknown>>(o: T): T {
  // a plain loop: this runs several times per field, and entries/filter/fromEntries allocate thrice
  const out: Record<string, unknown> = {};
  for (const key in o) if (o[key] !== undefined) out[key] = o[key];
  return out as T;
}
