// Copies the stylesheets of src/ into dist/ beside the compiled modules that import them (tsc copies none).
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;
for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.css')) continue;
  const from = join(entry.parentPath, entry.name);
  const to = join(root, 'dist', from.slice(join(root, 'src').length + 1));
  cpSync(from, to, { recursive: false, force: true });
}
