#!/usr/bin/env node
/**
 * The layer rules, checked on every import of the workspaces' sources (`npm run lint` runs this; a break fails
 * `npm test`). A package's dependencies are its layer rules: each import must name the package's own files, a
 * package it declares, or Node (where the package may use Node). Inside a workspace a few folder rules hold what
 * package boundaries cannot. Prints one line per break (`file:line message`) and exits 1 when there is any.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mjs|js)$/;

/** What each workspace may use besides the packages it declares. */
const WORKSPACES = {
  'packages/core': { node: false, dom: false, folders: ['src'] },
  'packages/react': { node: false, dom: true, folders: ['src'] },
  'packages/content': { node: true, dom: false, folders: ['src'] },
  'packages/studio': { node: true, dom: false, folders: ['src'] },
  'packages/cli': { node: true, dom: false, folders: ['src', 'bin'] },
  site: { node: true, dom: true, folders: ['server', 'web', 'vite.config.ts'] },
};

/** Packages the pure core must never reach, even if someone declared them (a clearer message than "undeclared"). */
const NOT_IN_CORE = /^(react|react-dom|antd|@rjsf\/|@ant-design\/|@antrag\/(react|content|studio)$|antrag$)/;

/** Rules between folders of one workspace: importer folder → target folders it must not import. */
const FOLDER_RULES = [
  {
    from: 'packages/react/src/engine/',
    to: 'packages/react/src/widgets/',
    allow: ['packages/react/src/widgets/index.ts', 'packages/react/src/widgets/lazy.tsx'],
    why: 'the engine knows widgets only through their registry (widgets/index.ts): a widget registers what it needs',
  },
  {
    from: 'packages/react/src/api/',
    to: 'packages/react/src/',
    allow: ['packages/react/src/api/'],
    why: 'api/ is the browser I/O below the engine and the widgets',
  },
  {
    from: 'site/server/',
    to: 'site/web/',
    allow: [],
    why: 'the server does not import the web app',
  },
  {
    from: 'site/web/',
    to: 'site/server/',
    allow: [],
    typesAllowed: true,
    why: 'the web app takes only types from the server (`import type`)',
  },
];

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  if (statSync(dir).isFile()) {
    if (SOURCE.test(dir)) yield dir;
    return;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Every import of a source text: specifier, line, whether type-only, whether dynamic. */
export function importsOf(text) {
  const found = [];
  const patterns = [
    { re: /^\s*import\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/gm, dynamic: false },
    { re: /^\s*import\s*['"]([^'"]+)['"]/gm, dynamic: false, bare: true },
    { re: /^\s*export\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/gm, dynamic: false },
    { re: /import\(\s*['"]([^'"]+)['"]\s*\)/g, dynamic: true, bare: true },
  ];
  for (const { re, dynamic, bare } of patterns) {
    for (const m of text.matchAll(re)) {
      const specifier = bare ? m[1] : m[2];
      const typeOnly = bare ? false : Boolean(m[1]);
      const line = text.slice(0, m.index).split('\n').length + (m[0].match(/^\s*/)[0].split('\n').length - 1);
      found.push({ specifier, line, typeOnly, dynamic });
    }
  }
  return found;
}

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

const isBuiltin = (name) => name.startsWith('node:') || builtinModules.includes(name);

function resolveRelative(file, specifier) {
  const base = resolve(dirname(file), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`];
  candidates.push(join(base, 'index.ts'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The breaks of the layer rules under `root` (a checkout of the repository). */
export function checkLayers(root) {
  const problems = [];
  const rootPackage = readJson(join(root, 'package.json'));
  const tooling = new Set(Object.keys(rootPackage.devDependencies ?? {}));
  const workspaceOf = (abs) => {
    const rel = relative(root, abs).split(sep).join('/');
    return Object.keys(WORKSPACES).find((w) => rel === w || rel.startsWith(`${w}/`));
  };
  for (const [workspace, rules] of Object.entries(WORKSPACES)) {
    const manifestFile = join(root, workspace, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = readJson(manifestFile);
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const optional = new Set(Object.keys(manifest.peerDependenciesMeta ?? {}));
    for (const folder of rules.folders) {
      for (const file of sourceFiles(join(root, workspace, folder))) {
        const rel = relative(root, file).split(sep).join('/');
        const say = (line, message) => problems.push(`${rel}:${line} ${message}`);
        // build configs of the app run in Node with the repository's tooling
        const config = /(^|\/)vite\.config\.ts$/.test(rel);
        for (const { specifier, line, typeOnly, dynamic } of importsOf(readFileSync(file, 'utf8'))) {
          if (specifier.startsWith('.')) {
            const target = resolveRelative(file, specifier);
            const targetRel = relative(root, target).split(sep).join('/');
            const other = workspaceOf(target);
            if (other !== workspace) {
              say(line, `imports '${specifier}' across workspaces (${targetRel}); import it by its package name`);
              continue;
            }
            for (const rule of FOLDER_RULES) {
              if (!rel.startsWith(rule.from) || !targetRel.startsWith(rule.to)) continue;
              if (rule.allow.some((a) => targetRel.startsWith(a))) continue;
              if (rule.typesAllowed && typeOnly) continue;
              say(line, `imports ${targetRel}: ${rule.why}`);
            }
            continue;
          }
          const name = packageName(specifier);
          if (isBuiltin(name)) {
            if (!rules.node && !config) say(line, `imports '${specifier}': ${workspace} may use no Node API`);
            continue;
          }
          if (workspace === 'packages/core' && NOT_IN_CORE.test(name)) {
            say(line, `imports '${specifier}': the core imports no React, DOM, RJSF or renderer package`);
            continue;
          }
          if (declared.has(name)) {
            if (optional.has(name) && !dynamic && !typeOnly) {
              say(
                line,
                `imports the optional peer '${name}' statically; load it with import() and say when it is missing`,
              );
            }
            continue;
          }
          if ((workspace === 'site' || config) && tooling.has(name)) continue;
          // a type-only import of a package whose types come from DefinitelyTyped
          const types = `@types/${name.replace(/^@/, '').replace('/', '__')}`;
          if (typeOnly && (declared.has(types) || (workspace === 'site' && tooling.has(types)))) continue;
          say(line, `imports '${specifier}', which ${workspace}/package.json does not declare`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkLayers(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`\n${problems.length} layer rule break${problems.length === 1 ? '' : 's'} (see tests/layers.mjs)`);
    process.exit(1);
  }
  console.log('layers: every import keeps to its layer');
}
