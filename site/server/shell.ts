/**
 * The web app's page shell (`index.html` of the built app) as the server sends it for a page path: with the
 * route's code announced up front (`<link rel="modulepreload">` and its styles, from vite's build manifest) and, for
 * a content page, the page's content inline, so the browser draws it without waiting for a chain of requests.
 *
 * A form page the server drew is readable without any script, so its code comes after its first screen: the head
 * holds only its styles, and all the code its hydration needs (the app, the form page, the first step's widgets and
 * validators and the validation runtime, from the build's manifests) is named in an inert `<template>` that a small
 * inline script (`CODE_LOADER`, allowed by its hash in the CSP) puts into the head once the screen has been drawn.
 * On a slow phone the styles then have the network to themselves, and the code arrives in one round of requests
 * instead of a chain of them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@antrag/core/i18n';
import { DEFAULT_LOCALE, isLocale } from '@antrag/core/i18n/locale';
import { headTags, type PageHead } from './head/tags.js';
import { inlineJson } from './inlineJson.js';
import type { ShellData } from './routes/content.js';
import { DEFAULT_RUNTIME_URL } from './routes/forms.js';

/** The chunks of the lazily loaded widgets and fields (`site/vite/lazyPartChunks.ts`), beside vite's manifest. */
const LAZY_PARTS_FILE = '.vite/lazy-parts.json';

interface PartChunks {
  js: string[];
  css: string[];
}

/** The id of the drawn form page's `<template>` of code (see the module's comment). */
const CODE_TEMPLATE_ID = 'antrag-code';

/** The id of the drawn form page's notice that its code could not be loaded (hidden until then). */
const CODE_FAILED_ID = 'antrag-code-failed';

/** How many of the template's elements `CODE_LOADER` puts into the head a task. */
export const CODE_BATCH = 4;

/**
 * Puts the drawn form page's code into the head once the first screen is drawn, `CODE_BATCH` elements a task (the
 * app's entry first): when the browser reports its first contentful paint (where it cannot, a timer after the next
 * frame), or after a second where none comes (a page opened in a background tab draws nothing). When a file of it cannot be loaded (the network), the notice right before the
 * template shows: the drawn form would otherwise stay disabled without a word.
 */
export const CODE_LOADER = [
  // the template right before this script, never one found by its id: drawn text could hold an element of that id
  '(function(){var d=document,s=d.currentScript,t=s&&s.previousElementSibling,n=0,P=window.PerformanceObserver;',
  `function fail(){var f=t.previousElementSibling;if(f&&f.id==='${CODE_FAILED_ID}')f.hidden=false}`,
  `function go(){if(n++||!t||t.id!=='${CODE_TEMPLATE_ID}')return;var k=[].slice.call(d.importNode(t.content,true).children);`,
  // a few elements a task: each request the browser starts costs a slow phone's main thread a few ms, and twenty in
  // one task blocked it past a long task's 50 ms right when the applicant may first tap
  `(function add(){for(var j=0;j<${CODE_BATCH}&&k.length;j++){var e=k.shift();e.addEventListener('error',fail);d.head.appendChild(e)}`,
  'if(k.length)setTimeout(add)})()}',
  "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){",
  "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});",
  'else requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})()',
].join('');

/** The Content-Security-Policy source that lets `CODE_LOADER` run, and no other inline script. */
export const CODE_LOADER_SOURCE = `'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`;

/** The id of the inline content element the content site reads (`site/web/content/shellData.ts`). */
export const SHELL_DATA_ID = 'antrag-shell-data';

/** The route's lazily loaded entry in the web app's sources (keys of vite's manifest). */
const ROUTE_ENTRIES = {
  content: 'content/ContentSite.tsx',
  form: 'forms/FormPage.tsx',
  // a form page drawn on the server: the module that hydrates it (it imports the form page's)
  drawnForm: 'forms/hydrate.tsx',
} as const;
type EntryRoute = keyof typeof ROUTE_ENTRIES;
export type ShellRoute = Exclude<EntryRoute, 'drawnForm'>;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

// where the shell's other users (the drawn form pages, tests) have always found it
export { inlineJson };

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeText = escapeAttribute;

/** The notice a drawn form page shows where scripts do not run (antd's warning colours). */
const NOSCRIPT_STYLE =
  'max-width:928px;margin:16px auto;padding:12px 16px;border:1px solid #ffe58f;border-radius:8px;background:#fffbe6;font-family:system-ui,sans-serif';

/**
 * The notice that the code could not be loaded: at the foot of the screen wherever the page is scrolled (it follows
 * the form in the page, which on a phone is a screen or two below the top: it went unseen there).
 */
const FAILED_STYLE =
  'position:fixed;left:8px;right:8px;bottom:8px;z-index:1000;max-width:928px;margin:0 auto;padding:12px 16px;' +
  'border:1px solid #ffe58f;border-radius:8px;background:#fffbe6;box-shadow:0 6px 16px rgba(0,0,0,.12);' +
  'font-family:system-ui,sans-serif;color:rgba(0,0,0,.88)';

/** A form page's first screen drawn on the server (`formPages.ts`). */
export interface DrawnPage {
  html: string;
  styles: string;
  dataScript: string;
  /** The version of the form drawn: its first step's validators are asked for by that version. */
  version?: number;
  /** The widgets and fields its first step draws (registry names): their code comes with the page's. */
  parts?: { widgets: string[]; fields: string[] };
}

export interface WebShell {
  /**
   * `route`: whose chunks to announce (none without). `formId`: a form route's form, whose compiled definition and
   * validators are announced too. `drawn`: its first screen drawn on the server, sent in the page. `head`: the page's
   * title, description and the rest of what search engines and link previews read (`head/tags.ts`), in place of the
   * template's generic title and description.
   */
  html(
    route: ShellRoute | undefined,
    options?: { data?: ShellData; lang?: string; formId?: string; drawn?: DrawnPage; head?: PageHead },
  ): string;
}

/** The template's title and description (`site/web/index.html`): a page with a head of its own replaces them. */
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const TEMPLATE_DESCRIPTION = /\s*<meta name="description"[^>]*>/;

/**
 * `html` with `head`'s tags where the template's title was (before the head's scripts and styles). Only the head is
 * looked at: the page's body (a drawn form, inline content) is never taken for the template's.
 */
function withHead(html: string, head: PageHead | undefined): string {
  const end = html.indexOf('</head>');
  if (!head || end < 0) return html;
  const tags = headTags(head);
  const top = html.slice(0, end).replace(TEMPLATE_DESCRIPTION, '');
  // a function as replacement: a `$` in a title is text, not a pattern
  const headed = TEMPLATE_TITLE.test(top) ? top.replace(TEMPLATE_TITLE, () => tags) : top + tags;
  return headed + html.slice(end);
}

/** The template's module script and module preloads (vite writes them into its head). */
const ENTRY_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

const preloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`;
const styleTag = (file: string) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`;

/**
 * `validationRuntimeUrl`: where the precompiled validators import the validation runtime from (the form routes'
 * `VALIDATION_RUNTIME_URL`); a drawn form page preloads it.
 */
export function loadWebShell(webRoot: string, { validationRuntimeUrl = DEFAULT_RUNTIME_URL } = {}): WebShell {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const readJson = <T>(file: string, fallback: T): T =>
    existsSync(join(webRoot, file)) ? JSON.parse(readFileSync(join(webRoot, file), 'utf8')) : fallback;
  const manifest = readJson<Record<string, ManifestChunk>>(join('.vite', 'manifest.json'), {});
  const lazyParts = readJson<Record<'widgets' | 'fields', Record<string, PartChunks>>>(LAZY_PARTS_FILE, {
    widgets: {},
    fields: {},
  });

  /**
   * The manifest key of a route's entry: its source file, or, where another entry imports that file statically too
   * (the drawn form page's `forms/hydrate.tsx` imports the form page), the shared chunk named after it.
   */
  const keyOf = (route: EntryRoute): string => {
    const source = ROUTE_ENTRIES[route];
    if (manifest[source]) return source;
    const name = source.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
    return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key].name === name) ?? source;
  };
  /** The chunk of manifest entry `key` and every chunk it imports statically, and their styles. */
  const chunksOf = (key: string): PartChunks => {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (next: string) => {
      const chunk = manifest[next];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return { js: [...js], css: [...css] };
  };
  // what the page's own head already names (the entry, its styles and imports) is not named twice
  const named = (f: string) => template.includes(`"/${f}"`);
  const headFor = (route: EntryRoute): string => {
    const { js, css } = chunksOf(keyOf(route));
    return [...css.filter((f) => !named(f)).map(styleTag), ...js.filter((f) => !named(f)).map(preloadTag)].join('');
  };
  const heads: Record<ShellRoute, string> = { content: headFor('content'), form: headFor('form') };

  // a drawn form page: the template's head without its code, which goes into the page's template of code instead
  const entryTags = template.match(ENTRY_TAG) ?? [];
  const drawnTemplate = template.replace(new RegExp(`\\s*(?:${ENTRY_TAG.source})`, 'g'), '');
  const drawnRoute = chunksOf(keyOf('drawnForm'));
  // the runtime the validators import, and what it imports (a runtime elsewhere is named alone)
  const runtimeEntry = Object.keys(manifest).find((key) => manifest[key].file === DEFAULT_RUNTIME_URL.slice(1));
  const runtime =
    validationRuntimeUrl === DEFAULT_RUNTIME_URL && runtimeEntry
      ? chunksOf(runtimeEntry).js.map(preloadTag)
      : [`<link rel="modulepreload" crossorigin href="${escapeAttribute(validationRuntimeUrl)}">`];
  /** The head's styles and the template of code of a drawn form page of form `id`. */
  const drawnParts = (id: string, drawn: DrawnPage) => {
    const parts = [
      ...(drawn.parts?.widgets ?? []).map((name) => lazyParts.widgets[name]),
      ...(drawn.parts?.fields ?? []).map((name) => lazyParts.fields[name]),
    ].filter((part): part is PartChunks => part !== undefined);
    const version = drawn.version !== undefined ? `?version=${encodeURIComponent(String(drawn.version))}` : '';
    const styles = drawnRoute.css.filter((f) => !named(f));
    const code = [
      // the app's entry first, preloaded too: a module script put into the page by a script is fetched at a low
      // priority, after every preload; with six connections to a server it would come last
      ...entryTags.flatMap((tag) => {
        const src = /^<script[^>]* src="([^"]+)"/.exec(tag)?.[1];
        return src ? [`<link rel="modulepreload" crossorigin href="${src}">`, tag] : [];
      }),
      ...entryTags.filter((tag) => !tag.startsWith('<script')),
      ...drawnRoute.js.filter((f) => !named(f)).map(preloadTag),
      `<link rel="modulepreload" crossorigin href="/api/forms/${id}/validators/0.js${version}">`,
      ...runtime,
      ...parts.flatMap((part) => part.js).map(preloadTag),
      // styles of parts drawn with antd (their own are in the head already, drawn on the server)
      ...parts
        .flatMap((part) => part.css)
        .filter((f) => !named(f) && !styles.includes(f))
        .map(styleTag),
    ];
    return {
      head: styles.map(styleTag).join('') + drawn.styles,
      code: `<template id="${CODE_TEMPLATE_ID}">${[...new Set(code)].join('')}</template><script>${CODE_LOADER}</script>`,
    };
  };

  return {
    html(route, { data, lang, formId, drawn, head } = {}) {
      const id = formId && /^[\w-]+$/.test(formId) ? formId : undefined;
      let html: string;
      if (id && drawn && route === 'form') {
        // the form is in the page; its code comes once the page shows (see the module's comment)
        const { head, code } = drawnParts(id, drawn);
        // without scripts the drawn form cannot go on: said above it, in the page's language (outside the root,
        // which React takes over)
        const language = isLocale(lang) ? lang : DEFAULT_LOCALE;
        const notice = `<noscript><p role="alert" style="${NOSCRIPT_STYLE}">${escapeText(translate('wizard.needsJavaScript', language))}</p></noscript>`;
        // shown by the loader (or the app, web/main.tsx) when the code cannot be loaded; the link asks again
        const failed =
          `<p id="${CODE_FAILED_ID}" role="alert" hidden style="${FAILED_STYLE}">` +
          `${escapeText(translate('wizard.pageFailed', language))} ` +
          `<a href="" style="font-weight:600;color:#0958d9">${escapeText(translate('wizard.retry', language))}</a></p>`;
        // replaced by functions: a `$` in drawn text is text, never a replacement pattern
        html = drawnTemplate
          .replace('</head>', () => `${head}</head>`)
          .replace(
            '<div id="root"></div>',
            () => `${notice}<div id="root">${drawn.html}</div>${drawn.dataScript}${failed}${code}`,
          );
      } else {
        let form = '';
        if (id) {
          // the form page fetches these two at once when its code runs: asking now saves that round trip
          form =
            `<link rel="preload" as="fetch" crossorigin href="/api/forms/${id}">` +
            `<link rel="modulepreload" crossorigin href="/api/forms/${id}/validators/0.js">`;
        }
        // without scripts nothing of the page is drawn: a notice says why, in the page's language, where it would be
        const language = isLocale(lang) ? lang : DEFAULT_LOCALE;
        const needs = translate(route === 'form' ? 'wizard.needsJavaScript' : 'site.needsJavaScript', language);
        const notice = `<noscript><p role="alert" style="${NOSCRIPT_STYLE}">${escapeText(needs)}</p></noscript>`;
        html = template
          .replace('</head>', () => `${route ? heads[route] : ''}${form}</head>`)
          .replace('<div id="root"></div>', () => `${notice}<div id="root"></div>`);
      }
      html = withHead(html, head);
      if (lang && /^[a-z]{2}$/.test(lang)) html = html.replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`);
      if (data) {
        html = html.replace(
          '<div id="root"></div>',
          () =>
            `<div id="root"></div><script id="${SHELL_DATA_ID}" type="application/json">${inlineJson(data)}</script>`,
        );
      }
      return html;
    },
  };
}
