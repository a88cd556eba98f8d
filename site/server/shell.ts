/**
 * The web app's page shell (`index.html` of the built app) as the server sends it for a page path: with the
 * route's code announced up front (`<link rel="modulepreload">` and its styles, from vite's build manifest) and, for
 * a content page, the page's content inline, so the browser draws it without waiting for a chain of requests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShellData } from './routes/content.js';

/** The id of the inline content element the content site reads (`site/web/content/shellData.ts`). */
export const SHELL_DATA_ID = 'antrag-shell-data';

/** The route's lazily loaded entry in the web app's sources (keys of vite's manifest). */
const ROUTE_ENTRIES = { content: 'content/ContentSite.tsx', form: 'forms/FormPage.tsx' } as const;
export type ShellRoute = keyof typeof ROUTE_ENTRIES;

interface ManifestChunk {
  file: string;
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

export interface WebShell {
  /** `formId`: a form route's form, whose compiled definition and validators are announced too. */
  /** `route`: whose chunks to announce (none without). */
  html(route: ShellRoute | undefined, options?: { data?: ShellData; lang?: string; formId?: string }): string;
}

export function loadWebShell(webRoot: string): WebShell {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};

  /** The route's chunk and every chunk it imports statically, and their styles. */
  const headFor = (route: ShellRoute): string => {
    const files = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(ROUTE_ENTRIES[route]);
    return [
      ...[...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(f)}">`),
      ...[...files].map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(f)}">`),
    ].join('');
  };
  const heads: Record<ShellRoute, string> = { content: headFor('content'), form: headFor('form') };

  return {
    html(route, { data, lang, formId } = {}) {
      // the form page fetches these two at once when its code runs: asking now saves that round trip
      const form =
        formId && /^[\w-]+$/.test(formId)
          ? `<link rel="preload" as="fetch" crossorigin href="/api/forms/${formId}">` +
            `<link rel="modulepreload" crossorigin href="/api/forms/${formId}/validators/0.js">`
          : '';
      let html = template.replace('</head>', `${route ? heads[route] : ''}${form}</head>`);
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
