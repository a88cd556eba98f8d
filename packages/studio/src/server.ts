/**
 * The local server of `antrag studio`: the built web app (its `/studio` route) and the studio's small API over
 * one folder of form files. It listens on 127.0.0.1 only, answers only requests addressed to that host (no DNS
 * rebinding) and refuses writes from pages of other origins; the site's own server has no such API.
 *
 *   GET  /studio, /studio/…            the web app's page (its `/studio` route); `/studio-app/…` the studio's bundle
 *   GET  /api/studio/files             the folder's form files, its name as the CLI prints it, the meta-schema
 *   GET  /api/studio/file?path=…       one JSON file of the folder (a form, or a shared part a `$ref` names)
 *   PUT  /api/studio/file?path=…       saves a form file: `{ text }`, `If-Match: <etag>` or `If-None-Match: *`
 *   POST /api/studio/typegen           `{ path, text }` → the TypeScript type `antrag typegen` would write
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import type { CompiledForm } from '@antrag/core/compile/types';
import { type FileAccess, formFromDocument, readDocument } from '@antrag/core/document';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FolderError, StudioFolder } from './folder.js';

export interface StudioServerOptions {
  /** The folder of form files. */
  folder: string;
  /** The built web app (with `index.html` and the `/studio` route). */
  webRoot: string;
  /** The built studio bundle (`studio-app.js` and its chunks), served at `/studio-app/`. */
  studioRoot: string;
  port: number;
  /** What the command that starts the studio lends it: its file access, names, meta-schema and typegen. */
  host: StudioHost;
}

/** The parts of the `antrag` command the studio uses, handed over so that the studio imports no CLI module. */
export interface StudioHost {
  /** The file system, naming files as the command does. */
  files: FileAccess;
  /** A path as the user sees it. */
  display(path: string): string;
  /** The DSL meta-schema's file. */
  dslSchemaFile: string;
  /** What `antrag typegen` writes for a form. */
  typegen(form: CompiledForm, file: string): Promise<{ typeName: string; types: string }>;
}

export interface StudioServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  folder: StudioFolder;
  close(): Promise<void>;
}

export interface FilesAnswer {
  /** The folder as `antrag validate` names it: relative to the working folder, else absolute. */
  folder: string;
  /** The meta-schema's path relative to the folder, for `$schema` in new files. */
  dslSchema: string;
  files: Array<{ path: string; size: number; modified: string }>;
}

/** Scripts may `eval` here (the live preview compiles validators with ajv); everything else stays same-origin. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

const toPosix = (path: string) => path.split(sep).join('/');

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof FolderError) {
    return reply
      .code(error.status)
      .send({ ok: false, message: error.message, ...(error.etag ? { etag: error.etag } : {}) });
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return reply.code(403).send({ ok: false, message: `the file cannot be written: ${(error as Error).message}` });
  }
  reply.log.error({ err: { message: (error as Error).message } }, 'studio request failed');
  return reply.code(500).send({ ok: false, message: 'the studio server failed on this request' });
}

const queryPath = (request: FastifyRequest) => (request.query as { path?: unknown }).path;

export async function startStudioServer(opts: StudioServerOptions): Promise<StudioServer> {
  const folder = await StudioFolder.open(opts.folder);
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
  const indexHtml = readFileSync(join(opts.webRoot, 'index.html'), 'utf8');
  let port = opts.port;
  const hosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origins = () => new Set([...hosts()].map((h) => `http://${h}`));

  app.addHook('onRequest', async (request, reply) => {
    // a page of another site that resolves its own name to 127.0.0.1 must not reach the files
    if (!hosts().has(request.headers.host ?? '')) {
      return reply.code(403).send({ ok: false, message: 'the studio answers only at 127.0.0.1' });
    }
    const origin = request.headers.origin;
    if (request.method !== 'GET' && request.method !== 'HEAD' && origin !== undefined && !origins().has(origin)) {
      return reply.code(403).send({ ok: false, message: 'the studio accepts changes only from its own pages' });
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.get('/api/studio/files', async (_request, reply) => {
    try {
      const answer: FilesAnswer = {
        folder: opts.host.display(folder.root),
        // the folder's own copy of the meta-schema where it has one (as schemas/ does), else the package's
        dslSchema: existsSync(join(folder.root, 'dsl.schema.json'))
          ? 'dsl.schema.json'
          : toPosix(relative(folder.root, opts.host.dslSchemaFile)),
        files: await folder.list(),
      };
      return answer;
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.get('/api/studio/file', async (request, reply) => {
    try {
      return await folder.read(queryPath(request));
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.put('/api/studio/file', async (request, reply) => {
    try {
      const body = request.body as { text?: unknown } | undefined;
      const ifMatch = request.headers['if-match'];
      const create = request.headers['if-none-match'] === '*';
      if (typeof ifMatch !== 'string' && !create) {
        throw new FolderError(400, 'a save needs If-Match (the version opened) or If-None-Match: * (a new file)');
      }
      const saved = await folder.write(queryPath(request), body?.text, {
        ...(typeof ifMatch === 'string' ? { ifMatch: ifMatch.replace(/^"|"$/g, '') } : {}),
        create,
      });
      return { ok: true, path: saved.path, etag: saved.etag };
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.post('/api/studio/typegen', async (request, reply) => {
    try {
      const body = request.body as { path?: unknown; text?: unknown } | undefined;
      if (typeof body?.text !== 'string') throw new FolderError(400, 'the form text is required');
      const file = await folder.locate(body.path, { mustExist: false });
      const text = body.text;
      // the buffer being edited stands in for the file; the parts its `$ref`s name are read from disk
      const { files } = opts.host;
      const overlay = { ...files, read: (f: string) => (f === file ? text : files.read(f)) };
      const source = formFromDocument(readDocument(file, overlay));
      if (!source.form) {
        const errors = source.diagnostics.filter((d) => d.severity === 'error').length;
        return reply
          .code(422)
          .send({ ok: false, message: `the form has ${errors} error(s); fix them to see its type` });
      }
      return { ok: true, ...(await opts.host.typegen(source.form, file)) };
    } catch (e) {
      return sendError(reply, e);
    }
  });

  await app.register(fastifyStatic, { root: opts.webRoot, wildcard: false, index: false });
  await app.register(fastifyStatic, {
    root: opts.studioRoot,
    prefix: '/studio-app/',
    // read at each request: the bundle may be rebuilt while the studio runs
    wildcard: true,
    index: false,
    decorateReply: false,
  });
  const page = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/studio', page);
  app.get('/studio/*', page);
  app.get('/', async (_request, reply) => reply.redirect('/studio'));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  await app.listen({ host: '127.0.0.1', port: opts.port });
  port = (app.server.address() as AddressInfo).port;
  return { app, origin: `http://127.0.0.1:${port}`, folder, close: () => app.close() };
}
