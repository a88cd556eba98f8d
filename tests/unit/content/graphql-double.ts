/**
 * A test double of a headless content service's GraphQL API (not a test file itself): an in-process HTTP server
 * answering `query{Schema}Contents` and `queryAssets` from the records of a FileContentSource. It answers only
 * the fields the query selects (unset ones as null, as a GraphQL server does), evaluates the OData filters the
 * content source sends (`id eq`, `data/{field}/iv eq`, `or`) and records every request.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isObject } from '../../../packages/core/src/json/object.js';
import type { FileContentSource } from '../../../site/server/content/files.js';
import { DEFAULT_SCHEMA_NAMES } from '../../../site/server/content/graphql.js';
import type { ContentLocale, RecordKind } from '../../../site/server/content/types.js';

/** A parsed selection set: fields by response key, and `... on Type` fragments. */
interface Selection {
  fields: Map<string, { name: string; selection?: Selection }>;
  fragments: Map<string, Selection>;
}

function tokens(query: string): string[] {
  return query.match(/\.\.\.|[{}():$,!=]|"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|-?\d+/g) ?? [];
}

/** Parses the selection set starting at `tokens[at]` ('{'); returns it and the index after its '}'. */
function parseSelection(t: string[], at: number): [Selection, number] {
  if (t[at] !== '{') throw new Error(`expected '{' at token ${at}, got ${t[at]}`);
  const selection: Selection = { fields: new Map(), fragments: new Map() };
  let i = at + 1;
  while (t[i] !== '}') {
    if (i >= t.length) throw new Error('unterminated selection set');
    if (t[i] === '...') {
      if (t[i + 1] !== 'on') throw new Error('only inline fragments are supported');
      const [inner, next] = parseSelection(t, i + 3);
      selection.fragments.set(t[i + 2], inner);
      i = next;
      continue;
    }
    let key = t[i];
    let name = key;
    i++;
    if (t[i] === ':') {
      name = t[i + 1];
      i += 2;
    }
    if (t[i] === '(') {
      let depth = 0;
      do {
        if (t[i] === '(') depth++;
        if (t[i] === ')') depth--;
        i++;
      } while (depth > 0);
    }
    let sub: Selection | undefined;
    if (t[i] === '{') [sub, i] = parseSelection(t, i);
    if (selection.fields.has(key)) key = `${key}`;
    selection.fields.set(key, { name, selection: sub });
  }
  return [selection, i + 1];
}

/** The operation's selection set (after `query Name(...)`). */
export function parseQuery(query: string): Selection {
  const t = tokens(query);
  return parseSelection(t, t.indexOf('{'))[0];
}

/** The value as a GraphQL server answers it for the selection: only selected fields, unset ones null. */
export function answer(value: unknown, selection: Selection | undefined): unknown {
  if (value === undefined || value === null) return null;
  if (!selection) return value;
  if (Array.isArray(value)) return value.map((v) => answer(v, selection));
  if (!isObject(value)) throw new Error(`a selection set on a plain value: ${JSON.stringify(value)}`);
  const out: Record<string, unknown> = {};
  const apply = (s: Selection) => {
    for (const [key, field] of s.fields) out[key] = answer(value[field.name], field.selection);
  };
  apply(selection);
  const fragment = typeof value.__typename === 'string' ? selection.fragments.get(value.__typename) : undefined;
  if (fragment) apply(fragment);
  return out;
}

/** `id eq 'x'`, `data/slug/iv eq 'x'`, `data/index/iv eq 2`, `(a or b)`; a list field matches when an item does. */
export function matchesFilter(record: Record<string, unknown>, filter: string | null | undefined): boolean {
  if (!filter) return true;
  const parts = filter.replace(/^\((.*)\)$/, '$1').split(' or ');
  return parts.some((part) => {
    const m = /^(id|data\/(\w+)\/iv) eq (?:'((?:[^']|'')*)'|(-?\d+))$/.exec(part.trim());
    if (!m) throw new Error(`filter not understood: ${part}`);
    const wanted = m[3] !== undefined ? m[3].replace(/''/g, "'") : Number(m[4]);
    const actual = m[1] === 'id' ? record.id : (record.flatData as Record<string, unknown>)[m[2]];
    const items = Array.isArray(actual) ? actual : [actual];
    return items.some((item) => (isObject(item) ? item.id : item) === wanted);
  });
}

export interface RecordedRequest {
  headers: IncomingHttpHeaders;
  query: string;
  variables: Record<string, unknown>;
}

export interface ContentServiceDouble {
  url: string;
  requests: RecordedRequest[];
  /** Answer the next requests with this status and GraphQL errors instead. */
  fail(status: number, message: string): void;
  close(): Promise<void>;
}

const KIND_BY_FIELD = new Map(
  Object.entries(DEFAULT_SCHEMA_NAMES).map(([kind, name]) => [
    `query${name
      .split('-')
      .map((p) => p[0].toUpperCase() + p.slice(1))
      .join('')}Contents`,
    kind as Exclude<RecordKind, 'asset'>,
  ]),
);

export async function startContentService(files: FileContentSource, token?: string): Promise<ContentServiceDouble> {
  const requests: RecordedRequest[] = [];
  let failure: { status: number; message: string } | undefined;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      try {
        const { query, variables = {} } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
        requests.push({ headers: req.headers, query, variables });
        if (failure) return send(failure.status, { errors: [{ message: failure.message }] });
        if (token && req.headers.authorization !== `Bearer ${token}`) {
          return send(401, { errors: [{ message: 'not authorised' }] });
        }
        const locale = String(req.headers['x-languages'] ?? 'en') as ContentLocale;
        const root = parseQuery(query);
        const data: Record<string, unknown> = {};
        for (const [key, field] of root.fields) {
          const kind = KIND_BY_FIELD.get(field.name);
          const all: Array<Record<string, unknown>> =
            field.name === 'queryAssets'
              ? (files.assets(locale) as unknown as Array<Record<string, unknown>>).map((a) => ({ ...a, flatData: {} }))
              : kind
                ? (files.records(kind, locale) as unknown as Array<Record<string, unknown>>)
                : [];
          if (!kind && field.name !== 'queryAssets') {
            return send(400, { errors: [{ message: `Cannot query field "${field.name}" on type "Query".` }] });
          }
          const skip = Number(variables.skip ?? 0);
          const top = Number(variables.top ?? 20);
          const found = all.filter((r) => matchesFilter(r, variables.filter as string | null)).slice(skip, skip + top);
          data[key] = answer(found, field.selection);
        }
        send(200, { data });
      } catch (e) {
        send(400, { errors: [{ message: (e as Error).message }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/content/graphql`,
    requests,
    fail(status, message) {
      failure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
