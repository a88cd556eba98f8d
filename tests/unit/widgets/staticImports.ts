/**
 * For tests that check what a module brings along: the chain of static imports (not `import type`, not `import()`)
 * from a source file to the first import that `matches`, followed through the package's own modules (relative
 * specifiers, `.ts` / `.tsx`), as `a.tsx → b.ts → <what matched>`; undefined when there is none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

export function staticImportPath(
  file: string,
  matches: (specifier: string, file: string) => boolean,
  root: string,
  seen = new Set<string>(),
): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]/gm)) {
    const spec = m[1];
    if (matches(spec, file)) return `${relative(root, file)} imports ${spec}`;
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec).replace(/\.js$/, '');
    const next = ['.tsx', '.ts'].map((ext) => base + ext).find((path) => existsSync(path));
    const found = next && staticImportPath(next, matches, root, seen);
    if (found) return `${relative(root, file)} → ${found}`;
  }
  return undefined;
}
