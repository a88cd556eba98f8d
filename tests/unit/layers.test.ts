/**
 * The layer rules (tests/layers.mjs): each kind of break in a small repository of its own is found and named, and
 * the repository itself keeps every rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { checkLayers, importsOf } from '../layers.mjs';

const ROOT = join(import.meta.dirname, '../..');
const made: string[] = [];

function repository(files: Record<string, string | object>): string {
  const root = mkdtempSync(join(tmpdir(), 'antrag-layers-'));
  made.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const manifests = {
  'package.json': { name: 'root', devDependencies: { vite: '1' } },
  'packages/core/package.json': { name: '@antrag/core', dependencies: { ajv: '8' } },
  'packages/react/package.json': { name: '@antrag/react', dependencies: { '@antrag/core': '0', react: '19' } },
  'packages/cli/package.json': {
    name: 'antrag',
    dependencies: { '@antrag/core': '0' },
    peerDependencies: { '@antrag/studio': '0' },
    peerDependenciesMeta: { '@antrag/studio': { optional: true } },
  },
  'site/package.json': { name: '@antrag/site', dependencies: { '@antrag/core': '0' } },
};

afterAll(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true });
});

describe('the layer rules', () => {
  it('hold in this repository', () => {
    expect(checkLayers(ROOT)).toEqual([]);
  });

  it('pass a repository that keeps them', () => {
    const root = repository({
      ...manifests,
      'packages/core/src/a.ts': "import Ajv from 'ajv';\nimport { b } from './b.js';\n",
      'packages/core/src/b.ts': 'export const b = 1;\n',
      'packages/react/src/engine/x.ts': "import { a } from '@antrag/core';\nimport { w } from '../widgets/index.js';\n",
      'packages/react/src/widgets/index.ts': "import { x } from '../engine/x.js';\n",
      'packages/cli/src/main.ts':
        "import { readFileSync } from 'node:fs';\nconst s = await import('@antrag/studio');\n",
      'site/vite.config.ts': "import { defineConfig } from 'vite';\n",
    });
    expect(checkLayers(root)).toEqual([]);
  });

  it('name each break: Node or React in the core, an undeclared package, a relative import across packages', () => {
    const root = repository({
      ...manifests,
      'packages/core/src/a.ts': "import { readFileSync } from 'node:fs';\nimport React from 'react';\n",
      'packages/core/src/b.ts': "import { x } from '../../react/src/engine/x.js';\nimport lodash from 'lodash';\n",
      'packages/react/src/engine/x.ts': 'export const x = 1;\n',
    });
    expect(checkLayers(root)).toEqual([
      "packages/core/src/a.ts:1 imports 'node:fs': packages/core may use no Node API",
      "packages/core/src/a.ts:2 imports 'react': the core imports no React, DOM, RJSF or renderer package",
      "packages/core/src/b.ts:1 imports '../../react/src/engine/x.js' across workspaces (packages/react/src/engine/x.ts); import it by its package name",
      "packages/core/src/b.ts:2 imports 'lodash', which packages/core/package.json does not declare",
    ]);
  });

  it('keep the engine from a widget by name, an optional peer from a static import, and site/ server and web apart', () => {
    const root = repository({
      ...manifests,
      'packages/react/src/engine/draft.ts': "import { KEY } from '../widgets/face/storage.js';\n",
      'packages/react/src/widgets/face/storage.ts': "export const KEY = 'k';\n",
      'packages/cli/src/studio.ts': "import { run } from '@antrag/studio';\n",
      'site/server/app.ts': "import type { Page } from '../web/page.js';\n",
      'site/web/page.ts': "import type { App } from '../server/app.js';\nimport { start } from '../server/app.js';\n",
    });
    expect(checkLayers(root)).toEqual([
      'packages/react/src/engine/draft.ts:1 imports packages/react/src/widgets/face/storage.ts: the engine knows widgets only through their registry (widgets/index.ts): a widget registers what it needs',
      "packages/cli/src/studio.ts:1 imports the optional peer '@antrag/studio' statically; load it with import() and say when it is missing",
      'site/server/app.ts:1 imports site/web/page.ts: the server does not import the web app',
      'site/web/page.ts:2 imports site/server/app.ts: the web app takes only types from the server (`import type`)',
    ]);
  });

  it('read static, type-only, side-effect, re-export and dynamic imports with their lines', () => {
    const text = [
      "import type { A } from 'a';",
      "import 'b';",
      "export { c } from './c.js';",
      "const d = await import('d');",
    ].join('\n');
    expect(importsOf(text)).toEqual(
      expect.arrayContaining([
        { specifier: 'a', line: 1, typeOnly: true, dynamic: false },
        { specifier: 'b', line: 2, typeOnly: false, dynamic: false },
        { specifier: './c.js', line: 3, typeOnly: false, dynamic: false },
        { specifier: 'd', line: 4, typeOnly: false, dynamic: true },
      ]),
    );
  });
});
