/** The name a file is stored under: '{id}_{unique id}.{ext}', or 'Passport_{unique id}.{ext}' for passports. */
export function storedFileName(
  originalName: string,
  id: string,
  options: { prefix?: string; uniqueId?: () => string } = {},
): string {
  const unique = (options.uniqueId ?? (() => globalThis.crypto.randomUUID()))();
  const dot = originalName.lastIndexOf('.');
  const ext = dot > 0 ? originalName.slice(dot + 1).toLowerCase() : '';
  const suffix = `_${unique}${ext ? `.${ext}` : ''}`;
  return options.prefix === 'Passport' ? `Passport${suffix}` : `${id}${suffix}`;
}

/** Names longer than 20 characters shortened to the first 10 and last 10 around an ellipsis. */
export function shortFileName(name: string): string {
  return name.length > 20 ? `${name.slice(0, 10)}…${name.slice(-10)}` : name;
}
