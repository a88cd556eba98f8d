/**
 * `antrag publish <file> --server <url>`: reads a form file as every command does (its `$ref`s resolved, so the
 * server gets one document), sends it to `PUT /api/admin/forms/{id}` with the admin token and prints the version
 * the server stored. The server checks it again; its diagnostics carry JSON pointers into the document sent, which
 * are traced back to the user's own files (`file:line:col`, through `$ref`s), as `antrag validate` prints them.
 */
import { statSync } from 'node:fs';
import type { Diagnostic } from '@antrag/core/compile/types';
import {
  classify,
  formFromDocument,
  hasErrors,
  type LoadedDocument,
  type LocatedDiagnostic,
} from '@antrag/core/document';
import { importCms } from '@antrag/core/import';
import { ServerError, UsageError } from './errors.js';
import { loadDocument } from './load.js';
import { byPosition, diagnosticLine, type Io, jsonText, plural, toJsonDiagnostic } from './report.js';
import { type Answer, adminToken, callServer, type ServerTarget, serverMessage } from './server.js';

/** Form ids as the staff API takes them (routes/admin.ts). */
const FORM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export interface PublishOptions {
  /** The server's address (serverBase). */
  server: string;
  /** The id to publish under; default the form's own. */
  id?: string;
  format: 'text' | 'json';
  timeoutMs: number;
}

/** The file to publish, or a UsageError: one file, which exists. */
function formFile(file: string): string {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(file);
  } catch {
    throw new UsageError(`no such file: ${file}`);
  }
  if (stats.isDirectory()) throw new UsageError(`${file} is a folder: publish takes one form file`);
  return file;
}

/** The id a document publishes under: a DSL definition's `id`, a CMS document's imported one. */
function ownFormId(value: unknown, file: string): string | undefined {
  const kind = classify(value, file);
  if (kind === 'dsl') {
    const id = (value as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  }
  if (!kind) return undefined;
  try {
    return importCms(kind, value).definition?.id;
  } catch {
    return undefined;
  }
}

/** Exit code: 0 published, 1 the definition has problems (found here or by the server), 2 see ServerError. */
export async function publishForm(file: string, opts: PublishOptions, io: Io): Promise<number> {
  const document = loadDocument(formFile(file));
  // a file that cannot be read or whose $refs cannot be resolved is not sent: the server would get half a form
  if (hasErrors(document.diagnostics)) return refused(io, opts, document.diagnostics, 'not sent');
  const own = ownFormId(document.value, file);
  if (opts.id !== undefined && !FORM_ID.test(opts.id)) {
    throw new UsageError(
      `--id '${opts.id}' is not a form id: lower-case letters, digits and hyphens, at most 100 characters`,
    );
  }
  if (own === undefined || !FORM_ID.test(own)) {
    // not a form, one without an id, or an id that is none: the local check says why, at its place
    const source = formFromDocument(document);
    if (hasErrors(source.diagnostics)) return refused(io, opts, source.diagnostics, 'not sent');
    if (opts.id === undefined) throw new UsageError(`cannot tell the form id of ${file}: give it with --id`);
  }
  const id = opts.id ?? (own as string);
  // --id publishes a DSL definition under another id (a copy for trying out): the id in the sent definition is
  // that one; a CMS document's form id comes from the document itself
  let body = document.value;
  if (opts.id !== undefined && opts.id !== own) {
    if (classify(document.value, file) !== 'dsl') {
      throw new UsageError(
        `--id works for DSL definitions only: a CMS document publishes under the id it imports to ('${own ?? '?'}')`,
      );
    }
    body = { ...(document.value as object), id: opts.id };
  }
  const target: ServerTarget = {
    base: opts.server,
    token: adminToken(),
    timeoutMs: opts.timeoutMs,
    warn: (m) => io.stderr(m),
  };
  const answer = await callServer(target, {
    method: 'PUT',
    path: `/api/admin/forms/${encodeURIComponent(id)}`,
    body,
    expected: [400],
  });
  return answer.status === 400
    ? serverRefused(io, opts, id, document, answer)
    : published(io, opts, id, document, answer);
}

/** The server's diagnostics, each traced back to the file and place it came from. */
export function locateAnswer(document: LoadedDocument, found: unknown): LocatedDiagnostic[] {
  if (!Array.isArray(found)) return [];
  return byPosition(
    found.filter(isDiagnostic).map((d) => {
      // an unknown property is reported at its key, as `antrag validate` does
      const at = document.locate(d.pointer, d.rule === 'unknown-property' ? 'key' : 'value');
      return {
        severity: d.severity === 'warning' ? 'warning' : 'error',
        code: d.code,
        message: d.message,
        ...(typeof d.hint === 'string' ? { hint: d.hint } : {}),
        ...(typeof d.rule === 'string' ? { rule: d.rule } : {}),
        pointer: at.pointer,
        file: at.file,
        line: at.line,
        column: at.column,
        endLine: at.endLine,
        endColumn: at.endColumn,
        ...(at.via.length ? { via: at.via } : {}),
      } satisfies LocatedDiagnostic;
    }),
  );
}

function isDiagnostic(value: unknown): value is Diagnostic {
  const d = value as Partial<Diagnostic> | null;
  return typeof d?.message === 'string' && typeof d.pointer === 'string' && typeof d.code === 'string';
}

function published(io: Io, opts: PublishOptions, id: string, document: LoadedDocument, answer: Answer): number {
  const version = answer.body.version;
  const warnings = locateAnswer(document, answer.body.warnings);
  if (typeof version !== 'number') {
    throw new ServerError(`the server answered ${answer.status} without a version number: is this an Antrag server?`);
  }
  if (opts.format === 'json') {
    io.stdout(
      jsonText({
        command: 'publish',
        ok: true,
        server: opts.server,
        id,
        version,
        unchanged: answer.body.unchanged === true,
        diagnostics: warnings.map(toJsonDiagnostic),
      }),
    );
  } else {
    for (const d of warnings) io.stdout(`${diagnosticLine(d)}\n`);
    // the server already serves this content: it made no new version
    io.stdout(
      answer.body.unchanged === true
        ? `${id} is unchanged: version ${version} already serves this content\n`
        : `published ${id} as version ${version}\n`,
    );
  }
  return 0;
}

function serverRefused(io: Io, opts: PublishOptions, id: string, document: LoadedDocument, answer: Answer): number {
  const diagnostics = locateAnswer(document, answer.body.diagnostics);
  if (diagnostics.length === 0) {
    // a refusal without diagnostics (a body the server could not take): its message is all there is
    const message = serverMessage(answer.body) ?? 'no reason given';
    if (opts.format === 'json') {
      io.stdout(jsonText({ command: 'publish', ok: false, server: opts.server, id, message, diagnostics: [] }));
    } else io.stderr(`error: the server refused ${id} (400): ${message}\n`);
    return 1;
  }
  return refused(io, opts, diagnostics, 'not published', id);
}

/** Prints the problems that kept a form from being published (or sent); exit code 1. */
function refused(
  io: Io,
  opts: PublishOptions,
  diagnostics: readonly LocatedDiagnostic[],
  outcome: 'not sent' | 'not published',
  id?: string,
): number {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (opts.format === 'json') {
    io.stdout(
      jsonText({
        command: 'publish',
        ok: false,
        server: opts.server,
        ...(id ? { id } : {}),
        message: `${outcome}: ${plural(errors, 'error')}`,
        diagnostics: diagnostics.map(toJsonDiagnostic),
      }),
    );
    return 1;
  }
  for (const d of diagnostics) io.stdout(`${diagnosticLine(d)}\n`);
  const warnings = diagnostics.length - errors;
  io.stdout(`${id ?? 'the form'} was ${outcome}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`);
  return 1;
}
