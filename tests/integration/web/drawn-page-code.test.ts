/**
 * What a drawn form page asks for, with the web app built as `npm run build` builds it (site/vite.config.ts, into a
 * temporary folder): the build records each lazy widget's and field's chunks (`.vite/lazy-parts.json`), and the
 * page shell (site/server/shell.ts) names, for a drawn first step, all the code its hydration needs in one inert
 * template that its one inline script — allowed by its hash — puts into the head once the screen is drawn (issue 19).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import type { Rollup } from 'vite';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LOADER, CODE_LOADER_SOURCE, loadWebShell } from '../../../site/server/shell.js';
import type { LazyPartsManifest } from '../../../site/vite/lazyPartChunks.js';

const ROOT = resolve(import.meta.dirname, '../../..');
let out: string;
let chunks: Map<string, Rollup.OutputChunk>;
let parts: LazyPartsManifest;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'antrag-drawn-code-'));
  const result = await build({
    configFile: resolve(ROOT, 'site/vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: out, emptyOutDir: true },
  });
  chunks = new Map();
  for (const output of (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[])
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  parts = JSON.parse(readFileSync(join(out, '.vite/lazy-parts.json'), 'utf8'));
}, 240_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const holds = (file: string, module: string) => chunks.get(file)?.moduleIds.some((id) => id.endsWith(module)) ?? false;

describe('the build’s record of the lazy parts’ chunks', () => {
  it('names for each part the chunk of its module and what that imports, all of them built', () => {
    expect(holds(parts.widgets.radio.js[0], 'widgets/choice/RadioWidget.tsx')).toBe(true);
    expect(holds(parts.fields.phone.js[0], 'widgets/phone/PhoneField.tsx')).toBe(true);
    for (const kind of ['widgets', 'fields'] as const) {
      for (const [name, { js }] of Object.entries(parts[kind])) {
        for (const file of js) expect(chunks.has(file), `${kind}.${name}: ${file}`).toBe(true);
      }
    }
  });

  it('adds antd’s scope to a part drawn with antd, and to no light part', () => {
    const scoped = (files: string[]) => files.some((file) => holds(file, 'widgets/shared/antdScope.tsx'));
    expect(scoped(parts.widgets.rate.js)).toBe(true);
    expect(scoped(parts.fields.payers.js)).toBe(true);
    for (const name of ['radio', 'select', 'date', 'country', 'agreement'])
      expect(scoped(parts.widgets[name].js)).toBe(false);
  });
});

describe('a drawn form page’s shell, on that build', () => {
  const drawn = {
    html: '<form>the first step</form>',
    styles: '<style data-css-hash="x">.a{}</style>',
    dataScript: '<script id="antrag-form-page" type="application/json">{}</script>',
    version: 3,
    parts: { widgets: ['radio', 'date'], fields: ['phone'] },
  };

  it('has styles only in its head, and every part of the first step in its template of code', () => {
    const html = loadWebShell(out).html('form', { formId: 'booking', drawn, lang: 'en' });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(head).toContain('<style data-css-hash="x">');
    const template = html.slice(html.indexOf('<template id="antrag-code">'), html.indexOf('</template>'));
    for (const file of [...parts.widgets.radio.js, ...parts.widgets.date.js, ...parts.fields.phone.js])
      expect(template).toContain(`href="/${file}"`);
    expect(template).toContain('href="/api/forms/booking/validators/0.js?version=3"');
    expect(template).toContain('href="/assets/validation-runtime.js"');
    // the app's entry is preloaded first and run
    expect(template).toMatch(
      /^<template id="antrag-code"><link rel="modulepreload" crossorigin href="\/assets\/main-[\w-]+\.js"><script type="module"/,
    );
    // no file named twice
    const named = [...template.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    const scripts = named.filter((f, i) => named.indexOf(f) !== i && !/main-/.test(f));
    expect(scripts).toEqual([]);
  });

  it('runs one inline script, the one the CSP allows by its hash', () => {
    const html = loadWebShell(out).html('form', { formId: 'booking', drawn });
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([CODE_LOADER]);
    expect(CODE_LOADER_SOURCE).toBe(`'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`);
  });

  it('puts its own template into the head once drawn, not an element of the same id in the drawn text', async () => {
    const decoy = {
      ...drawn,
      html: '<template id="antrag-code"><link rel="modulepreload" href="/decoy.js"></template>',
    };
    const html = loadWebShell(out).html('form', { formId: 'booking', drawn: decoy });
    // a browser without paint timing (jsdom): after the next frame
    const dom = new JSDOM(html, { runScripts: 'dangerously', pretendToBeVisual: true });
    const preloads = () =>
      [...dom.window.document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(preloads()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(preloads()).toContain('/api/forms/booking/validators/0.js?version=3');
    expect(preloads()).not.toContain('/decoy.js');
    dom.window.close();
  });

  it('keeps a `$` in drawn text as text (no replacement pattern), and says so in the page’s language', () => {
    const dollars = { ...drawn, html: "<p>US$` and $' and $& and $$</p>" };
    const html = loadWebShell(out).html('form', { formId: 'booking', drawn: dollars, lang: 'de' });
    expect(html).toContain("<p>US$` and $' and $& and $$</p>");
    expect(html.split('</head>')).toHaveLength(2);
    // the notice for a page whose code cannot be loaded: hidden, right before the template, in German
    expect(html).toMatch(
      /<p id="antrag-code-failed" role="alert" hidden[^>]*>Dieses Formular konnte nicht geladen werden\.[^<]*<a href=""[^>]*>Erneut versuchen<\/a><\/p><template id="antrag-code">/,
    );
  });

  it('keeps an undrawn form page as it was: its code in the head', () => {
    const html = loadWebShell(out).html('form', { formId: 'booking' });
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(/<script type="module"/);
    expect(html).not.toContain('antrag-code');
  });
});
