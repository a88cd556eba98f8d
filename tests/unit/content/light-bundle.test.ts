/**
 * The content site stays light: none of antd's heavy components (Select, Pagination, Form, Table, AutoComplete,
 * DatePicker) is imported anywhere in site/web/content; its select boxes and page buttons are its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../site/web/content/', import.meta.url));
const HEAVY = ['Select', 'Pagination', 'Form', 'Table', 'AutoComplete', 'DatePicker'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The names a file imports from antd (`import { A, B as C } from 'antd'` and `antd/es/…` paths). */
function antdImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]antd['"]/g)) {
    names.push(
      ...m[1].split(',').map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]
          .replace(/^type\s+/, ''),
      ),
    );
  }
  for (const m of source.matchAll(/from\s+['"]antd\/(?:es|lib)\/([\w-]+)/g)) names.push(m[1]);
  return names.filter(Boolean);
}

describe('the content site bundle', () => {
  it("imports none of antd's heavy components", () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      antdImports(readFileSync(file, 'utf8'))
        .filter((name) => HEAVY.some((h) => name.toLowerCase().replace(/-/g, '') === h.toLowerCase()))
        .map((name) => `${file.slice(ROOT.length)}: ${name}`),
    );
    expect(offending).toEqual([]);
  });

  it('reads antd imports the way they are written', () => {
    expect(antdImports("import { Drawer, Pagination as P, type Spin } from 'antd';")).toEqual([
      'Drawer',
      'Pagination',
      'Spin',
    ]);
    expect(antdImports("import Select from 'antd/es/select';")).toEqual(['select']);
  });
});
