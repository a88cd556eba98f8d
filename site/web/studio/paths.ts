/**
 * Forward-slash paths in the browser, as `node:path`'s posix functions treat them: the studio names files the way
 * `antrag validate` prints them (`schemas/contact/contact-enquiry.form.json`) and resolves `$ref`s between them.
 */

/** `a/./b/../c` → `a/c`; a leading `/` stays, `..` above a relative start stays. */
export function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(segment);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function dirnameOf(path: string): string {
  const cut = path.lastIndexOf('/');
  if (cut < 0) return '.';
  return cut === 0 ? '/' : path.slice(0, cut);
}

/** `path` relative to the folder `dir` (an absolute `path` stays as it is). */
export function resolvePath(dir: string, path: string): string {
  return normalizePath(path.startsWith('/') ? path : `${dir}/${path}`);
}

/** The path from the folder `fromDir` to `to`, starting with `./` or `../` (as a `$schema` value). */
export function relativeSpecifier(fromDir: string, to: string): string {
  const from = normalizePath(fromDir)
    .split('/')
    .filter((s) => s !== '.' && s !== '');
  const target = normalizePath(to)
    .split('/')
    .filter((s) => s !== '.' && s !== '');
  let common = 0;
  while (common < from.length && common < target.length && from[common] === target[common]) common++;
  const rel = [...from.slice(common).map(() => '..'), ...target.slice(common)].join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** A file name the studio may create: relative, `/`-separated plain names, ending in `.form.json`. */
export function isFormPath(path: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*\.form\.json$/.test(path) && !path.includes('..');
}
