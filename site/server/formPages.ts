/**
 * Form pages drawn on the server (issue 19): the first step's HTML, in the page's language, for `/forms/{id}`, so an
 * applicant on a slow phone reads the form before its scripts arrive, and the browser hydrates it. The drawing is the
 * web app's own code (`site/web/forms/serverRender.tsx`, built into `<web app>/ssr/serverRender.js`), run in a
 * worker thread: a render takes a few hundred milliseconds of CPU, which would stall every other request on the
 * event loop. A drawing depends only on the form version, the language and whether the screen is narrow, so each is
 * made once and kept; a page whose drawing is not ready within `waitMs` is sent undrawn (the browser draws it, as
 * before) and the drawing is kept for the next visitor. Forms are drawn ahead when the server starts.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompiledForm } from '@antrag/core/compile/types';
import { DEFAULT_LOCALE, isLocale } from '@antrag/core/i18n/locale';
import { stepPartNames } from '@antrag/core/wizard';
import type { FastifyBaseLogger } from 'fastify';
import { inlineJson } from './shell.js';

/** What the browser needs beside the HTML: `site/web/forms/pageData.ts` (`FormPageData`). */
export interface DrawnFormPage {
  /** The content of the page's `#root`. */
  html: string;
  /** antd's `<style>` elements for it, for the page's head. */
  styles: string;
  /** The inline JSON element the browser hydrates from (id `antrag-form-page`). */
  dataScript: string;
  /** The page's language. */
  locale: string;
  /** The version of the form drawn. */
  version?: number;
  /** The widgets and fields its first step draws: their code is announced with the page (shell.ts). */
  parts: { widgets: string[]; fields: string[] };
}

type Drawing = DrawnFormPage;

/** Longest a drawing may take; past it the worker is stopped (and started again for the next one). */
const RENDER_TIMEOUT_MS = 20_000;
/** After the renderer could not start, pages are drawn in the browser alone this long before it is tried again. */
const RESTART_PAUSE_MS = 60_000;

/** Drawings kept at most (each about 20 KB of HTML and a few hundred KB of styles). */
const MAX_KEPT = 200;

export interface FormPageRenderer {
  /**
   * The drawn first screen of `form` for a page at `search` (its query), or undefined: not drawable here (a variant
   * chosen in the browser), not ready within the wait, or the drawing failed (logged).
   */
  draw(form: CompiledForm, request: { search: string; narrow: boolean }): Promise<DrawnFormPage | undefined>;
  /** Draws `forms` ahead, in the background (English, narrow and wide). */
  warm(forms: Iterable<CompiledForm>): void;
  close(): Promise<void>;
}

/** The language a form page shows: `?lang=` when it names one, else English (`routeOf` in `site/web/App.tsx`). */
function localeOf(params: URLSearchParams) {
  const lang = params.get('lang');
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * Whether the browser would open the form's default variant at this address: a form with a `mobile` option picks
 * its variant by the viewport, and a page naming one of the form's options (`?faceVerification=false`) another.
 */
function defaultVariantAt(form: CompiledForm, params: URLSearchParams): boolean {
  const options = form.options ?? {};
  if ('mobile' in options) return false;
  return Object.keys(options).every((name) => !params.has(name));
}

/**
 * A drawing as a page carries it, made once: the same object for every request, so the page built around it can be
 * kept too (app.ts keeps its compressed bytes). The browser reads the page's query itself.
 */
function pageOf(
  form: CompiledForm,
  locale: string,
  narrow: boolean,
  { html, styles }: { html: string; styles: string },
) {
  const data = { id: form.id, locale, narrow, form };
  return {
    html,
    styles,
    parts: stepPartNames(form, 0),
    dataScript: `<script id="antrag-form-page" type="application/json">${inlineJson(data)}</script>`,
    locale,
    version: form.version,
  };
}

/** The worker's code (CommonJS, evaluated): loads the renderer bundle, then draws one form a message. */
const workerCode = (bundle: string) => `
const { parentPort } = require('node:worker_threads');
import(${JSON.stringify(bundle)}).then((renderer) => {
  parentPort.on('message', async ({ job, form, locale, narrow }) => {
    try {
      const drawn = await renderer.renderFormFirstScreen({ form, locale, pageQuery: '', narrow });
      parentPort.postMessage({ job, html: drawn.html, styles: drawn.styles });
    } catch (error) {
      parentPort.postMessage({ job, error: error && error.stack ? error.stack : String(error) });
    }
  });
  parentPort.postMessage({ ready: true });
}, (error) => { throw error; });
`;

/**
 * The renderer of the web app at `webRoot`, or undefined when its build has none (a web app built before issue 19,
 * or by another tool): form pages are then drawn in the browser alone.
 */
export function loadFormPageRenderer(
  webRoot: string,
  log: FastifyBaseLogger,
  { waitMs = 1500, renderTimeoutMs = RENDER_TIMEOUT_MS }: { waitMs?: number; renderTimeoutMs?: number } = {},
): FormPageRenderer | undefined {
  const bundle = join(webRoot, 'ssr', 'serverRender.js');
  if (!existsSync(bundle)) return undefined;
  let worker: Worker | undefined;
  let ready: Promise<Worker> | undefined;
  let jobs = 0;
  let failedStartAt = Number.NEGATIVE_INFINITY;
  const waiting = new Map<number, (answer: { html?: string; styles?: string; error?: string }) => void>();
  const failAll = (error: string) => {
    for (const answer of waiting.values()) answer({ error });
    waiting.clear();
  };
  const started = (): Promise<Worker> => {
    if (!ready && Date.now() - failedStartAt < RESTART_PAUSE_MS) {
      return Promise.reject(new Error('the form page renderer failed to start a moment ago'));
    }
    ready ??= new Promise<Worker>((resolve, reject) => {
      const w = new Worker(workerCode(pathToFileURL(bundle).href), { eval: true });
      worker = w;
      w.unref();
      let running = false;
      w.on('message', (message: { ready?: boolean; job?: number; html?: string; styles?: string; error?: string }) => {
        if (message.ready) {
          running = true;
          return resolve(w);
        }
        const answer = message.job !== undefined ? waiting.get(message.job) : undefined;
        if (!answer || message.job === undefined) return;
        waiting.delete(message.job);
        answer(message);
      });
      const forget = (why: string) => {
        if (worker === w) {
          worker = undefined;
          ready = undefined;
        }
        failAll(why);
      };
      w.on('error', (error) => {
        log.warn({ err: { message: error.message } }, 'the form page renderer failed');
        if (!running) failedStartAt = Date.now();
        forget(error.message);
        reject(error);
      });
      w.on('exit', (code) => {
        forget(`the form page renderer stopped (exit code ${code})`);
        reject(new Error(`the form page renderer stopped (exit code ${code})`));
      });
    });
    return ready;
  };

  // drawings by form version, language and width (oldest dropped first); one of a replaced form object is redrawn
  const drawings = new Map<string, { form: CompiledForm; drawing: Promise<Drawing | undefined>; failedAt?: number }>();
  const drawing = (form: CompiledForm, locale: string, narrow: boolean): Promise<Drawing | undefined> => {
    const key = `${form.id}|${form.version ?? ''}|${locale}|${narrow}`;
    const found = drawings.get(key);
    // a failed drawing is tried again a while later, not by every visitor
    if (found?.form === form && (found.failedAt === undefined || Date.now() - found.failedAt < RESTART_PAUSE_MS)) {
      return found.drawing;
    }
    const made = started().then(
      (w) =>
        new Promise<Drawing | undefined>((resolve) => {
          const job = ++jobs;
          // a drawing that does not end is stopped with its worker: the page is drawn in the browser meanwhile
          const timer = setTimeout(() => {
            log.warn({ form: form.id, locale }, 'drawing a form page took too long; the renderer is restarted');
            if (worker === w) {
              worker = undefined;
              ready = undefined;
            }
            void w.terminate();
          }, renderTimeoutMs);
          waiting.set(job, ({ html, styles, error }) => {
            clearTimeout(timer);
            if (waiting.size === 0) w.unref();
            if (error || html === undefined || styles === undefined) {
              log.warn({ form: form.id, locale, error: error?.split('\n')[0] }, 'a form page could not be drawn');
              resolve(undefined);
            } else resolve(pageOf(form, locale, narrow, { html, styles }));
          });
          w.ref();
          w.postMessage({ job, form, locale, narrow });
        }),
      () => undefined,
    );
    void made.then((drawn) => {
      const entry = drawings.get(key);
      if (!drawn && entry?.drawing === made) entry.failedAt = Date.now();
    });
    drawings.delete(key);
    drawings.set(key, { form, drawing: made });
    if (drawings.size > MAX_KEPT) drawings.delete(drawings.keys().next().value as string);
    return made;
  };

  return {
    async draw(form, { search, narrow }) {
      const params = new URLSearchParams(search);
      if (!defaultVariantAt(form, params)) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), waitMs);
      });
      const drawn = await Promise.race([drawing(form, localeOf(params), narrow), late]);
      clearTimeout(timer);
      return drawn;
    },
    warm(forms) {
      for (const form of forms) {
        if (!defaultVariantAt(form, new URLSearchParams())) continue;
        void drawing(form, DEFAULT_LOCALE, true);
        void drawing(form, DEFAULT_LOCALE, false);
      }
    },
    async close() {
      const w = worker;
      worker = undefined;
      ready = undefined;
      failAll('the server is stopping');
      await w?.terminate();
    },
  };
}

/**
 * Whether a request comes from a phone: its client hint (`Sec-CH-UA-Mobile: ?1`) or its user agent. Either says so
 * alone: a browser emulating a phone may keep its desktop hint, and a wrong "wide" costs a layout shift.
 */
export function looksNarrow(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['sec-ch-ua-mobile'] === '?1') return true;
  const agent = headers['user-agent'];
  return typeof agent === 'string' && /Mobi|Android|iPhone|iPad/i.test(agent);
}
