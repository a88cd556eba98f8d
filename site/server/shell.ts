/**
 * The web app's page shell (`index.html` of the built app) as the server sends it for a page path: with the
 * route's code announced up front (`<link rel="modulepreload">` and its styles, from vite's build manifest) and, for
 * a content page, the page's content inline, so the browser draws it without waiting for a chain of requests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@antrag/core/i18n';
import { DEFAULT_LOCALE, isLocale } from '@antrag/core/i18n/locale';
import type { ShellData } from './routes/content.js';

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

/** JSON safe inside an HTML script element: no '<' that could close it, no line separators. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeText = escapeAttribute;

/** The notice a drawn form page shows where scripts do not run (antd's warning colours). */
const NOSCRIPT_STYLE =
  'max-width:928px;margin:16px auto;padding:12px 16px;border:1px solid #ffe58f;border-radius:8px;background:#fffbe6;font-family:system-ui,sans-serif';

/** A form page's first screen drawn on the server (`formPages.ts`). */
export interface DrawnPage {
  html: string;
  styles: string;
  dataScript: string;
  /** The version of the form drawn: its first step's validators are asked for by that version. */
  version?: number;
}

export interface WebShell {
  /**
   * `route`: whose chunks to announce (none without). `formId`: a form route's form, whose compiled definition and
   * validators are announced too. `drawn`: its first screen drawn on the server, sent in the page.
   */
  html(
    route: ShellRoute | undefined,
    options?: { data?: ShellData; lang?: string; formId?: string; drawn?: DrawnPage },
  ): string;
}

export function loadWebShell(webRoot: string): WebShell {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};

  /** The route's chunk and every chunk it imports statically, and their styles. */
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
  const headFor = (route: EntryRoute): string => {
    const files = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(keyOf(route));
    // what the page's own head already names (the entry, its styles and imports) is not named twice
    const named = (f: string) => template.includes(`"/${f}"`);
    return [
      ...[...styles]
        .filter((f) => !named(f))
        .map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(f)}">`),
      ...[...files]
        .filter((f) => !named(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(f)}">`),
    ].join('');
  };
  const heads: Record<EntryRoute, string> = {
    content: headFor('content'),
    form: headFor('form'),
    drawnForm: headFor('drawnForm'),
  };

  return {
    html(route, { data, lang, formId, drawn } = {}) {
      const id = formId && /^[\w-]+$/.test(formId) ? formId : undefined;
      let form = '';
      if (id && drawn) {
        // the form is in the page; its first step's validators (of the version drawn) are what hydration waits for
        const version = drawn.version !== undefined ? `?version=${encodeURIComponent(String(drawn.version))}` : '';
        form = `<link rel="modulepreload" crossorigin href="/api/forms/${id}/validators/0.js${version}">${drawn.styles}`;
      } else if (id) {
        // the form page fetches these two at once when its code runs: asking now saves that round trip
        form =
          `<link rel="preload" as="fetch" crossorigin href="/api/forms/${id}">` +
          `<link rel="modulepreload" crossorigin href="/api/forms/${id}/validators/0.js">`;
      }
      const chunks = route === 'form' && drawn ? heads.drawnForm : route ? heads[route] : '';
      let html = template.replace('</head>', `${chunks}${form}</head>`);
      if (drawn) {
        // without scripts the drawn form cannot go on: said above it, in the page's language (outside the root,
        // which React takes over)
        const language = isLocale(lang) ? lang : DEFAULT_LOCALE;
        const notice = `<noscript><p role="alert" style="${NOSCRIPT_STYLE}">${escapeText(translate('wizard.needsJavaScript', language))}</p></noscript>`;
        html = html.replace('<div id="root"></div>', `${notice}<div id="root">${drawn.html}</div>${drawn.dataScript}`);
      }
      if (lang && /^[a-z]{2}$/.test(lang)) html = html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
      if (data) {
        html = html.replace(
          '<div id="root"></div>',
          `<div id="root"></div><script id="${SHELL_DATA_ID}" type="application/json">${inlineJson(data)}</script>`,
        );
      }
      return html;
    },
  };
}
