import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isLocale } from '@antrag/core/i18n/locale';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { ContentSource } from './content/index.js';
import type { ServerContext } from './context.js';
import { type DrawnFormPage, loadFormPageRenderer, looksNarrow } from './formPages.js';
import type { FormRegistry } from './forms/registry.js';
import type { FormStore } from './forms/store.js';
import { formHead } from './head/form.js';
import { connectRateLimitRedis } from './rateLimitStore.js';
import { registerAdminRoutes } from './routes/admin.js';
import { APP_ROUTES, type ContentRoutes, registerContentRoutes } from './routes/content.js';
import { registerDraftRoutes } from './routes/drafts.js';
import { registerFormSubmissionRoute } from './routes/formSubmissions.js';
import { registerFormRoutes } from './routes/forms.js';
import { type FormEntries, registerSubmissionRoutes } from './routes/submissions.js';
import { CODE_LOADER_SOURCE, loadWebShell } from './shell.js';
import { callerOf, requireStaff } from './staff/auth.js';
import { issueToken } from './tokens.js';

/**
 * The authoring studio's page in the web app. Its code (`/studio-app/`, the studio's own bundle) is served to
 * signed-in staff only; `antrag studio` serves it locally too.
 */
const STUDIO_PATH = /^\/studio(\/|$)/;

/**
 * A file vite names by its content (`assets/main-B6KfALPJ.js`): eight characters of hash before the extension; also
 * its copy the build compressed (`.br`, `.gz`), which is what is sent to a browser that takes it.
 */
const HASHED_ASSET =
  /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.(m?js|css|woff2?|ttf|otf|png|svg|jpe?g|webp|avif|wasm)(\.br|\.gz)?$/;

/**
 * Errors after which nothing was stored and a repeat may succeed: a deadlock or serialization failure
 * (PostgreSQL 40P01, 40001) and a pool that had no connection to give within its timeout.
 */

export function isTransientDatabaseError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === '40P01' || e?.code === '40001') return true;
  return typeof e?.message === 'string' && /timeout exceeded when trying to connect/i.test(e.message);
}

/** PostgreSQL's refusal of text it cannot hold: invalid byte sequence (NUL, 22021) or untranslatable (22P05). */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

export type RouteModule = (app: FastifyInstance, ctx: ServerContext) => void | Promise<void>;

export interface AppOptions {
  /** Route modules of the server's parts (uploads, documents, OTP, places, search, …). */
  modules?: RouteModule[];
  /** Largest JSON or form body, bytes (uploads have their own limit). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; served at `/` when it exists, with `index.html` for the app's own routes. */
  webRoot?: string;
  /** Draw form pages' first screens on the server (default: when the web app's build has its renderer). */
  drawFormPages?: boolean;
  /** The content site's source; default the one the environment names, created on the first content request. */
  content?: ContentSource;
  /**
   * The form store (issue 17): versions, the staff API, publishing. Without it the registry's forms are served as
   * they are, without versions, and there is no staff API.
   */
  store?: FormStore;
  /**
   * The studio's own bundle (`dist/studio`, built by `site/web/studio/vite.config.ts`): served at `/studio-app/` to
   * signed-in staff only, with the store (issue 18).
   */
  studioRoot?: string;
}

/**
 * The Content-Security-Policy of every answer: no `unsafe-eval` (validators are precompiled), no
 * inline scripts but the one of a drawn form page (allowed by its hash); inline styles stay allowed because the
 * component library writes its CSS at run time.
 */
const gzipAsync = promisify(gzip);

/** The response's `Vary` with `name` added. */
function varyWith(reply: FastifyReply, name: string): string {
  const current = reply.getHeader('vary');
  const names =
    typeof current === 'string'
      ? current
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : [];
  return [...new Set([...names, name])].join(', ');
}

/** Whether the request takes a gzip-compressed answer (`Accept-Encoding` names gzip or `*`, not with `q=0`). */
function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return false;
  return accepted.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function contentSecurityPolicy(crmBase: string, https = true) {
  const connect = ["'self'", ...(crmBase ? [new URL(crmBase).origin] : [])];
  return {
    directives: {
      defaultSrc: ["'self'"],
      // and the drawn form page's loader of its code, by its hash (shell.ts)
      scriptSrc: ["'self'", CODE_LOADER_SOURCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: connect,
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // only a site served over https may tell browsers to load everything over https: over plain http (a phone
      // on the local network trying the site) every script would fail and the page stay blank
      upgradeInsecureRequests: https ? [] : null,
    },
  };
}

/**
 * The policy of the studio's pages (`/studio`, `/studio/preview`) for signed-in staff: the site's as sent
 * (`sitePolicy`, every directive kept, helmet's defaults such as `script-src-attr 'none'` among them), but scripts
 * may `eval` (the studio checks and the preview compiles validators with ajv at run time, as `antrag studio`
 * allows) and the preview may be framed by the studio's own page. Applicants' pages never get it.
 */
export function studioContentSecurityPolicy(sitePolicy: string): string {
  const directives = sitePolicy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const changed = directives.map((directive) => {
    const name = directive.split(/\s+/)[0];
    if (name === 'script-src') return `${directive} 'unsafe-eval'`;
    if (name === 'frame-ancestors') return "frame-ancestors 'self'";
    return directive;
  });
  const names = new Set(directives.map((d) => d.split(/\s+/)[0]));
  if (!names.has('script-src')) changed.push("script-src 'self' 'unsafe-eval'");
  if (!names.has('frame-ancestors')) changed.push("frame-ancestors 'self'");
  return changed.join(';');
}

/** The longest path parameter the router hands to a route (an e-mail address may have 254 characters). */
const MAX_PARAM_LENGTH = 500;

/** Logs requests without their query strings or bodies: both can carry personal data. */
const requestSerializer = (request: { method: string; url: string; routeOptions?: { url?: string } }) => ({
  method: request.method,
  route: request.routeOptions?.url ?? request.url.split('?')[0],
});

export async function buildApp(
  ctx: ServerContext,
  registry: FormRegistry,
  opts: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: ctx.config.logLevel, serializers: { req: requestSerializer } },
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // forwarded client addresses only from the proxies the operator names: rate limits count per address
    // a hop count is accepted at run time; Fastify's typings list only the other forms
    trustProxy: ctx.config.trustProxy as boolean | string[],
    // a request that takes longer is a client holding a connection open
    requestTimeout: 60_000,
    // the router's own limit (100 by default) answered a longer form id with Fastify's 414 before the routes could
    // say what is wrong with it; every route checks its parameters' length itself (ids ≤ 100, e-mails ≤ 254)
    maxParamLength: MAX_PARAM_LENGTH,
  });

  const https = ctx.config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(ctx.config.crmBase, https),
    // Strict-Transport-Security only where the site is https (PUBLIC_URL): over http it would lock browsers out
    hsts: https,
  });
  // the JSON answers travel compressed to browsers that accept it (gzip: fast enough on the fly; brotli at its
  // default quality would cost more time than it saves); the web app's files have their copies from the build
  // (preCompressed below). Not deflate: a client asking for deflate alone made the server deflate a megabyte
  // script anew on each request (~47 ms of CPU each), where it now gets the file as it is
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  // counters in Redis when REDIS_URL is set (shared by all instances), else in this process (rateLimitStore.ts)
  const counters = ctx.config.redisUrl
    ? await connectRateLimitRedis(ctx.config.redisUrl, ctx.config.rateLimitPrefix, app.log)
    : undefined;
  if (counters) app.addHook('onClose', () => counters.close());
  await app.register(rateLimit, { global: false, ...counters?.options });
  // the staff session (routes/admin.ts); applicants' calls carry no cookie the server reads
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: ctx.config.storage.maxUploadBytes, files: 1, fields: 50, fieldSize: 64 * 1024 },
  });

  // urlencoded bodies keep their entries in order, so `name[key]` fields can be nested as the form's payload map says
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, { formEntries: [...new URLSearchParams(body as string)] } satisfies FormEntries);
  });

  type AppError = Error & { statusCode?: number; validation?: unknown; expose?: boolean; retryAfterSeconds?: number };
  app.setErrorHandler((error: AppError, request, reply) => {
    // the database could not take the request now (its pool stayed full, two transactions deadlocked): nothing was
    // stored, so the client may send it again; the engine does, with the same Idempotency-Key
    if (isTransientDatabaseError(error)) {
      request.log.warn({ err: { type: error.name, message: error.message } }, 'database busy');
      reply.header('Retry-After', '1');
      return reply
        .code(503)
        .send({ status: false, ok: false, message: 'The server is busy. Please try again in a moment.' });
    }
    // a value neither database can store (NUL in a text) that slipped past the checks: the client's error, not ours
    if (isUnstorableText(error)) {
      return reply
        .code(400)
        .send({ status: false, ok: false, message: 'The request holds a character that cannot be stored (NUL).' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // an error that says when to come back (a full OCR queue: 503) is an expected answer, not a failure
    const retryAfter = error.retryAfterSeconds;
    if (retryAfter !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
    if (status >= 500 && !error.expose)
      request.log.error({ err: { type: error.name, message: error.message } }, 'request failed');
    // never a stack trace or an SQL text: a client error keeps its own message, a server error a generic one
    // unless the error was written for the client (`expose`, as in http-errors)
    const message = status < 500 || error.expose ? error.message : 'An unexpected error occurred. Please try again.';
    reply.code(status).send({ status: false, ok: false, message });
  });
  const webApp = opts.webRoot && existsSync(join(opts.webRoot, 'index.html')) ? opts.webRoot : undefined;
  // no index file: '/' is a page like any other, its shell drawn below with its content inline
  if (webApp) {
    await app.register(fastifyStatic, {
      root: webApp,
      wildcard: false,
      index: false,
      // the build's `.br` and `.gz` copies (site/vite.config.ts), to browsers that take them: nothing compressed
      // per request (the compress plugin leaves an answer that has its encoding alone)
      preCompressed: true,
      // the server's own form page renderer (formPages.ts) is no file for browsers
      allowedPath: (path) => !path.startsWith('/ssr/'),
      // the server answers it, naming the sitemap at PUBLIC_URL (routes/sitemap.ts); a build from before kept a file
      globIgnore: ['robots.txt'],
      // a build's hashed files never change under their name: a browser keeps them and asks no more; the rest
      // (the page shell's icon, the validation runtimes under fixed names) is asked again each time
      setHeaders: (reply, path) => {
        if (HASHED_ASSET.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const shell = webApp
    ? loadWebShell(webApp, { validationRuntimeUrl: process.env.VALIDATION_RUNTIME_URL || undefined })
    : undefined;
  // form pages' first screens drawn on the server, hydrated in the browser (formPages.ts)
  const renderer = webApp && opts.drawFormPages !== false ? loadFormPageRenderer(webApp, app.log) : undefined;
  if (renderer) {
    app.addHook('onClose', () => renderer.close());
    // drawn ahead in the background, so the first applicants get drawn pages too
    app.addHook('onReady', async () => {
      const forms = [...registry.forms.keys()].map((id) => registry.variant(id, {}));
      renderer.warm(forms.flatMap((found) => (found && 'form' in found ? [found.form] : [])));
    });
  }
  /** The first screen of form `id`'s page as the server draws it, or undefined (the browser draws it). */
  const drawnFormPage = async (id: string, request: FastifyRequest) => {
    const found = renderer ? registry.variant(id, {}) : undefined;
    if (!renderer || !found || 'error' in found) return undefined;
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return renderer.draw(found.form, { search, narrow: looksNarrow(request.headers) });
  };
  /**
   * A drawn form page as sent, made once per drawing (the same object for every visitor of that form version,
   * language and width): its HTML and gzip bytes, so serving it costs no rendering and no compression.
   */
  const drawnPages = new WeakMap<DrawnFormPage, { html: string; gzip: Promise<Buffer> }>();
  /** The head of form `id`'s page in a language (its title, description, addresses at PUBLIC_URL). */
  const formPageHead = (id: string, lang: string | undefined) => {
    const form = registry.forms.get(id);
    return form ? formHead(id, form, isLocale(lang) ? lang : 'en', ctx.config.publicUrl) : undefined;
  };
  const drawnPage = (formId: string, drawn: DrawnFormPage) => {
    let page = drawnPages.get(drawn);
    if (!page) {
      // the head is the form's in the drawing's language: the same for every visitor of this drawing
      const head = formPageHead(formId, drawn.locale);
      const html = shell?.html('form', { lang: drawn.locale, formId, drawn, head }) ?? '';
      page = { html, gzip: gzipAsync(html, { level: 6 }) };
      drawnPages.set(drawn, page);
    }
    return page;
  };
  if (opts.store) await app.register(studioBundle(ctx, opts.studioRoot));
  let contentRoutes: ContentRoutes | undefined;
  // a page's shell reads the content source as the content routes do: the same limit a minute from one address
  const shellLimit = app.rateLimit({ max: ctx.config.rateLimits.contentPerMinute, timeWindow: '1 minute' });
  // HEAD as GET (link checkers and crawlers ask with it; Node sends the headers alone)
  const isPageRequest = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
  const isShell = (request: FastifyRequest) =>
    !!shell && isPageRequest(request) && !request.url.split('?')[0].startsWith('/api/');
  const preHandler: typeof shellLimit = async function (request, reply) {
    if (isShell(request)) await shellLimit.call(this, request, reply);
  };
  app.setNotFoundHandler({ preHandler }, async (request, reply) => {
    const path = request.url.split('?')[0];
    // the web app routes in the browser: any other page path gets its shell, with 404 where the content site
    // knows there is no such page (the app then draws its website-error page)
    if (shell && isPageRequest(request) && !path.startsWith('/api/')) {
      const { status, data, head } = (await contentRoutes?.shellData(request.url)) ?? { status: 200 as const };
      // the studio's page is the app's too, but neither a form nor content: nothing to announce for it
      const route = data || !APP_ROUTES.test(path) ? 'content' : STUDIO_PATH.test(path) ? undefined : 'form';
      // the page's content is inline: the shell must be asked for again, never cached as is
      reply.header('Cache-Control', 'no-cache');
      // the studio's page differs by the staff cookie: no cache may hand a staff member's answer to anyone else
      if (STUDIO_PATH.test(path)) reply.header('Vary', 'Cookie');
      // a drawn form page differs by the screen the server guessed from the user agent
      if (route === 'form') reply.header('Vary', varyWith(reply, 'User-Agent'));
      if (STUDIO_PATH.test(path) && opts.store && typeof (await callerOf(ctx, request)) === 'object') {
        const sitePolicy = reply.getHeader('content-security-policy');
        if (typeof sitePolicy === 'string') {
          reply.header('Content-Security-Policy', studioContentSecurityPolicy(sitePolicy));
        }
        reply.header('Cache-Control', 'no-store');
      }
      const named = /^\/forms\/([\w-]+)\/?$/.exec(path)?.[1];
      // a form no one published is a page that does not exist (the app draws its not-found page), not a soft 200
      const unknownForm = named !== undefined && route === 'form' && !registry.forms.has(named);
      const formId = unknownForm ? undefined : named;
      const drawn = formId && route === 'form' ? await drawnFormPage(formId, request) : undefined;
      const kept = formId && drawn ? drawnPage(formId, drawn) : undefined;
      // a form page not drawn (one no one published, say) is still in the language it was asked in
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
      const lang = data?.locale ?? (route === 'form' && isLocale(asked) ? asked : undefined);
      const html =
        kept?.html ??
        shell.html(route, { data, lang, formId, head: head ?? (formId ? formPageHead(formId, lang) : undefined) });
      reply
        .code(unknownForm ? 404 : status)
        .type('text/html; charset=utf-8')
        .header('Vary', varyWith(reply, 'Accept-Encoding'));
      // compressed here: the compress plugin's hooks do not reach the not-found handler, and a page with its
      // content (or a drawn form and its styles) inline is several hundred KB uncompressed; off the event loop
      if (acceptsGzip(request) && html.length > 1024) {
        const bytes = kept ? await kept.gzip : await gzipAsync(html, { level: 6 });
        return reply.header('Content-Encoding', 'gzip').send(bytes);
      }
      return reply.send(html);
    }
    return reply.code(404).send({ status: false, ok: false, message: `No route ${request.method} ${path}` });
  });

  app.get('/api/health', async () => ({ ok: true, forms: registry.forms.size }));

  const tokenLimit = { rateLimit: { max: ctx.config.rateLimits.tokensPerMinute, timeWindow: '1 minute' } };
  app.get('/api/get-token', { config: tokenLimit }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return issueToken(ctx.config.secret, ctx.config.tokenTtlSeconds);
  });

  // dedicated routes first (OTP checks, uploads, …); a form's generic submission route only where none exists
  for (const module of opts.modules ?? []) await module(app, ctx);
  contentRoutes = registerContentRoutes(app, ctx, { source: opts.content });
  registerSubmissionRoutes(app, ctx, registry, opts.store);
  registerFormSubmissionRoute(app, ctx, registry, opts.store);
  registerFormRoutes(app, ctx, registry, process.env.VALIDATION_RUNTIME_URL, opts.store);
  if (opts.store) {
    registerAdminRoutes(app, ctx, opts.store);
    registerDraftRoutes(app, ctx);
  }
  return app;
}

/**
 * `/studio-app/…`: the studio's bundle, for signed-in staff only (checked before anything is read, as the staff API
 * is); everyone else gets 401 or 403 and no byte of it. Not built: 404 saying so.
 */
function studioBundle(ctx: ServerContext, studioRoot: string | undefined) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', requireStaff(ctx, 'viewer'));
    scope.addHook('onSend', async (_request, reply, payload) => {
      // one staff member's: no shared cache keeps it
      reply.header('Cache-Control', 'private, no-cache');
      return payload;
    });
    if (studioRoot && existsSync(join(studioRoot, 'studio-app.js'))) {
      await scope.register(fastifyStatic, {
        root: studioRoot,
        prefix: '/studio-app/',
        wildcard: true,
        index: false,
        cacheControl: false,
        decorateReply: false,
      });
    } else {
      scope.get('/studio-app/*', async (_request, reply) =>
        reply.code(404).send({ ok: false, message: "The studio's bundle is not built here: run npm run build." }),
      );
    }
  };
}
