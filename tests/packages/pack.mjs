#!/usr/bin/env node
/**
 * The packages as other repositories get them (`npm run test:packages`, after `npm run build`): `npm pack` of each
 * workspace package, then two empty projects that install the tarballs from disk and the rest from the registry.
 *
 * - A CI job's project installs only the `antrag` CLI: no server, browser or build stack comes with it; validate,
 *   compile and typegen work; the compiled validators load in Node from the install; the studio and the content
 *   checks say they are optional packages.
 * - An app's project installs @antrag/core, @antrag/react, @antrag/content and @antrag/studio: every export loads
 *   or type-checks from the tarballs' JavaScript and declarations, and `antrag studio` serves its page.
 *
 * Prints what it measured (install size, package count, a cold `antrag validate`), exits 1 on the first failure.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'antrag-packages-'));
const keep = process.argv.includes('--keep');
let failures = 0;

async function step(name, run) {
  const start = performance.now();
  try {
    await run();
    console.log(`  ✓ ${name} (${Math.round(performance.now() - start)} ms)`);
  } catch (e) {
    failures++;
    console.log(`  ✗ ${name}\n${String(e?.stack ?? e).replace(/^/gm, '      ')}`);
  }
}

const run = (cmd, args, cwd, opts = {}) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });

/** Runs a command that may fail: its exit code and output. */
function attempt(cmd, args, cwd) {
  try {
    return { code: 0, stdout: run(cmd, args, cwd), stderr: '' };
  } catch (e) {
    return { code: e.status ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

function installedPackages(project) {
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
  return Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/'));
}

function project(name, tarballs) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
  run(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], dir, { stdio: 'pipe' });
  return dir;
}

const PACKAGES = ['core', 'react', 'content', 'studio', 'cli'];
const tarball = {};

console.log(`packages: packing ${PACKAGES.join(', ')} into ${work}`);
await step('npm pack gives a tarball of built JavaScript and declarations for each package', () => {
  for (const p of PACKAGES) {
    const dir = join(ROOT, 'packages', p);
    assert.ok(existsSync(join(dir, 'dist')), `packages/${p}/dist is missing: run npm run build first`);
    const [info] = JSON.parse(run(NPM, ['pack', '--json', '--pack-destination', work], dir));
    const files = info.files.map((f) => f.path);
    assert.ok(!files.some((f) => f.startsWith('src/') && f.endsWith('.ts')), `${p} ships TypeScript sources`);
    if (p !== 'cli')
      assert.ok(
        files.some((f) => f.endsWith('.d.ts')),
        `${p} ships no type declarations`,
      );
    tarball[p] = join(work, info.filename);
    console.log(
      `    ${info.name}@${info.version}: ${info.entryCount} files, ${(info.size / 1024).toFixed(1)} KB packed`,
    );
  }
});
if (failures > 0) process.exit(1);

// a folder of forms as another repository keeps it: a valid form with a shared part, and a broken one
const formsSource = join(ROOT, 'tests/fixtures/cli/valid');
function copyForms(dir) {
  const forms = join(dir, 'forms');
  cpSync(formsSource, forms, { recursive: true });
  const file = join(forms, 'contact.form.json');
  const text = readFileSync(file, 'utf8').replace(
    /"\$schema": "[^"]*"/,
    '"$schema": "../node_modules/@antrag/core/src/dsl/dsl.schema.json"',
  );
  writeFileSync(file, text);
  return forms;
}

console.log('a CI job installs the antrag CLI');
let ci;
await step('installs with @antrag/core only: no server, browser or build stack', () => {
  ci = project('ci-job', [tarball.cli, tarball.core]);
  const names = installedPackages(ci);
  const heavy = names.filter((n) =>
    /node_modules\/(fastify|vite|antd|react|react-dom|@rjsf\/[^/]+|@electric-sql\/pglite|tesseract\.js|@antrag\/(react|studio|content))$/.test(
      n,
    ),
  );
  assert.deepEqual(heavy, []);
  const bytes = folderBytes(join(ci, 'node_modules'));
  console.log(`    ${names.length} packages, ${(bytes / 1024 / 1024).toFixed(1)} MB in node_modules`);
});
if (!ci) process.exit(1);
const antrag = (args) => attempt(process.execPath, [join(ci, 'node_modules/antrag/bin/antrag.js'), ...args], ci);

await step('antrag validate: a valid form passes, its meta-schema found in the install', () => {
  const forms = copyForms(ci);
  const start = performance.now();
  const result = antrag(['validate', 'forms']);
  const ms = Math.round(performance.now() - start);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /1 file checked, 0 invalid/);
  assert.ok(existsSync(join(forms, '../node_modules/@antrag/core/src/dsl/dsl.schema.json')));
  console.log(`    cold antrag validate of one form: ${ms} ms (node alone: ${nodeStart()} ms)`);
});

function nodeStart() {
  const start = performance.now();
  run(process.execPath, ['-e', '0'], ci);
  return Math.round(performance.now() - start);
}

await step('antrag validate: a broken form exits 1 and names file, line and problem', () => {
  writeFileSync(
    join(ci, 'broken.form.json'),
    '{\n  "id": "broken",\n  "title": "Broken",\n  "version": 1,\n  "steps": [{ "id": "a", "title": "A", "fields": [{ "name": "x", "type": "txt", "label": "X" }] }]\n}\n',
  );
  const result = antrag(['validate', 'broken.form.json']);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  assert.match(result.stdout, /broken\.form\.json:5:\d+ /);
});

await step('antrag compile: validators.js imports the runtime from @antrag/core and validates in Node', async () => {
  const result = antrag(['compile', 'forms', '--out', 'out']);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const code = readFileSync(join(ci, 'out/cli-contact/validators.js'), 'utf8');
  assert.match(code, /from "@antrag\/core\/validate\/runtime"/);
  assert.doesNotMatch(code, /\.\.\/|\/work\/|packages\/core\/src/);
  const validators = await import(pathToFileURL(join(ci, 'out/cli-contact/validators.js')).href);
  assert.equal(validators.step0({}), false);
  assert.ok(
    validators.step0.errors.some(
      (e) => e.params?.missingProperty === 'firstName' || /firstName/.test(e.instancePath + JSON.stringify(e.params)),
    ),
  );
});

await step('antrag typegen: the header names no absolute path', () => {
  const result = antrag(['typegen', 'forms', '--out', 'types']);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const types = readFileSync(join(ci, 'types', readdirSync(join(ci, 'types'))[0]), 'utf8');
  assert.ok(!types.includes(ci) && !types.includes(ROOT), types.slice(0, 400));
});

await step('antrag studio without @antrag/studio: exit 2 and how to install it', () => {
  const result = antrag(['studio', 'forms', '--port', '0']);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /npm install --save-dev @antrag\/studio/);
});

await step('a content folder without @antrag/content: reported, never skipped silently', () => {
  mkdirSync(join(ci, 'content'));
  writeFileSync(join(ci, 'content/content.manifest.json'), '{}\n');
  const result = antrag(['validate', 'content']);
  assert.equal(result.code, 1, result.stdout);
  assert.match(result.stdout, /@antrag\/content/);
});

console.log('an app installs @antrag/core, @antrag/react, @antrag/content and @antrag/studio');
let app;
await step('installs from the tarballs', () => {
  app = project('app', [
    tarball.core,
    tarball.react,
    tarball.content,
    tarball.studio,
    tarball.cli,
    'react@19',
    'react-dom@19',
    '@types/react@19',
    '@types/react-dom@19',
  ]);
  console.log(`    ${installedPackages(app).length} packages`);
});
if (!app) process.exit(1);

await step(
  'the JavaScript of every export of @antrag/core, @antrag/content and the render checks loads in Node',
  async () => {
    const loader = [
      "const core = JSON.parse((await import('node:fs')).readFileSync('node_modules/@antrag/core/package.json', 'utf8'));",
      "const subpaths = Object.keys(core.exports).filter((k) => !k.endsWith('.json'));",
      "for (const s of subpaths) await import(s === '.' ? '@antrag/core' : '@antrag/core/' + s.slice(2));",
      "const content = await import('@antrag/content');",
      "if (typeof content.checkContent !== 'function') throw new Error('no checkContent');",
      "const { renderChecksOf } = await import('@antrag/react/render-checks');",
      "const { compileForm } = await import('@antrag/core/compile');",
      "const fs = await import('node:fs');",
      "const form = compileForm(JSON.parse(fs.readFileSync('form.json', 'utf8'))).form;",
      'console.log(subpaths.length, renderChecksOf(form).size);',
    ].join('\n');
    cpSync(join(ROOT, 'tests/fixtures/dsl/kitchen-sink.form.json'), join(app, 'form.json'));
    writeFileSync(join(app, 'load.mjs'), loader);
    const out = run(process.execPath, ['load.mjs'], app).trim();
    const [subpaths, checks] = out.split(' ').map(Number);
    assert.ok(subpaths > 10 && checks > 0, out);
  },
);

await step('a strict TypeScript project type-checks against the declarations of the tarballs', () => {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        jsx: 'react-jsx',
        lib: ['ES2023', 'DOM'],
        types: [],
        noEmit: true,
        skipLibCheck: false,
      },
      files: ['app.tsx'],
    }),
  );
  writeFileSync(
    join(app, 'app.tsx'),
    [
      "import { compileForm, type CompiledForm } from '@antrag/core';",
      "import { renderChecksOf } from '@antrag/react/render-checks';",
      "import { FormRunner } from '@antrag/react/engine/FormRunner';",
      "import { checkContent } from '@antrag/content';",
      'const result = compileForm({ id: "a", title: "A", version: 1, steps: [] });',
      'const form: CompiledForm | undefined = result.form;',
      'export const checks: number = form ? renderChecksOf(form).size : 0;',
      'export const check = checkContent;',
      'export const runner = FormRunner;',
    ].join('\n'),
  );
  const result = attempt(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app);
  // errors inside dependencies' own declarations (antd, RJSF) are theirs; ours must have none
  const ours = `${result.stdout}${result.stderr}`.split('\n').filter((l) => /(@antrag\/|app\.tsx)/.test(l));
  assert.deepEqual(ours, []);
});

await step('antrag studio with @antrag/studio installed serves the studio', async () => {
  const forms = copyForms(app);
  const child = spawn(
    process.execPath,
    [join(app, 'node_modules/antrag/bin/antrag.js'), 'studio', forms, '--port', '0'],
    {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const origin = await new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no address within 30 s: ${output}`)), 30_000);
      child.stdout.on('data', () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+)\/studio/.exec(output);
        if (m) {
          clearTimeout(timer);
          done(m[1]);
        }
      });
      child.on('exit', (code) => fail(new Error(`studio exited ${code}: ${output}`)));
    });
    const status = await new Promise((done, fail) =>
      get(`${origin}/studio`, (r) => done(r.statusCode)).on('error', fail),
    );
    assert.equal(status, 200);
    const files = await new Promise((done, fail) =>
      get(`${origin}/api/studio/files`, (r) => {
        let body = '';
        r.on('data', (d) => (body += d));
        r.on('end', () => done(JSON.parse(body)));
      }).on('error', fail),
    );
    assert.equal(files.files.length, 1);
  } finally {
    child.kill('SIGTERM');
  }
});

if (!keep) rmSync(work, { recursive: true, force: true });
console.log(failures === 0 ? 'packages: all checks passed' : `packages: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
