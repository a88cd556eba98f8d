/**
 * Payload encoding: turns form data into the request a form's submit settings describe. Pure; the
 * engine performs the call, the studio shows the result without sending it, the server reads it back.
 */
import { evaluateCondition, isFilled, readPath } from '../compile/conditions.js';
import type { CompiledForm, JsonSchema } from '../compile/types.js';
import type { DateFormat, JsonValue, Locale, SubmitSettings, SuccessRule, ValueSource } from '../dsl/types.js';
import { formatDate } from '../expr/dates.js';
import { translate } from '../i18n/catalogue.js';
import { isObject } from '../json/object.js';
import { parsePointer, toPointer } from '../json/pointer.js';
import type { FieldError } from '../validate/validator.js';

export interface PayloadContext {
  /** Browser-storage reads (leadId, account_id, …). */
  storage?: (key: string) => string | null | undefined;
  /** The page address's query parameters. */
  query?: URLSearchParams | Record<string, string>;
  locale?: Locale;
  /** Base of the customer-relationship service, substituted for `{host}`. */
  host?: string;
}

export type MultipartEntry = [name: string, value: string];

export interface EncodedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** JSON text, urlencoded text, or multipart entries (the caller builds the FormData). */
  body?: string | MultipartEntry[];
  /** The payload before encoding, for display (studio) and tests. */
  payload: Record<string, JsonValue> | JsonValue;
}

function queryValue(query: PayloadContext['query'], name: string): string | undefined {
  if (!query) return undefined;
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  return query[name];
}

function fileNames(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((f) =>
    f && typeof f === 'object'
      ? ((f as { storedName?: string; name?: string }).storedName ?? (f as { name?: string }).name)
      : f,
  );
}

/** The value of one payload source; `undefined` means "leave the key out". */
export function resolveSource(
  source: ValueSource | string,
  data: Record<string, unknown>,
  ctx: PayloadContext,
  defaults: { dateFormat?: DateFormat; trimStrings?: boolean; isDate?: (path: string) => boolean } = {},
): unknown {
  const src: ValueSource = typeof source === 'string' ? { from: source } : source;
  let value: unknown;
  if ('const' in src) value = src.const;
  else if (src.storage) value = ctx.storage?.(src.storage) ?? undefined;
  else if (src.query) value = src.query.map((q) => queryValue(ctx.query, q)).find((v) => v !== undefined && v !== '');
  else if (src.locale) value = ctx.locale ?? 'en';
  else if (src.from) value = readPath(data, src.from);
  const format = src.format ?? (src.from && defaults.isDate?.(src.from) ? defaults.dateFormat : undefined);
  if (typeof value === 'string' && format) value = formatDate(value, format);
  if (typeof value === 'string' && (src.trim ?? defaults.trimStrings)) value = value.trim();
  if (src.map) {
    const hit = value === undefined || value === null ? undefined : src.map[String(value)];
    value = hit !== undefined ? hit : src.otherwise !== undefined ? src.otherwise : value;
  } else if (src.otherwise !== undefined && !isFilled(value)) value = src.otherwise;
  switch (src.as) {
    case 'string':
      value =
        value === undefined || value === null
          ? value
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
      break;
    case 'number':
      value = value === undefined || value === null || value === '' ? undefined : Number(value);
      break;
    case 'boolean':
      value = value === undefined ? undefined : Boolean(value);
      break;
    case 'fileNames':
      value = fileNames(value);
      break;
    case 'json':
      value = value === undefined ? undefined : JSON.stringify(value);
      break;
    case 'amount': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
      value = Number.isFinite(n) ? n.toFixed(2) : undefined;
      break;
    }
  }
  if (src.omitIfEmpty && !isFilled(value)) return undefined;
  return value;
}

function trimDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimDeep);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimDeep(v)]));
  return value;
}

function setAtPointer(target: JsonValue, pointer: string, value: JsonValue): boolean {
  const parts = parsePointer(pointer);
  let node: JsonValue = target;
  for (let i = 0; i < parts.length - 1; i++) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, JsonValue>)[parts[i]];
  }
  if (node === null || typeof node !== 'object' || parts.length === 0) return false;
  (node as Record<string, JsonValue>)[parts[parts.length - 1]] = value;
  return true;
}

/** The payload object of a submission, before encoding. */
export function buildPayload(
  settings: SubmitSettings,
  data: Record<string, unknown>,
  ctx: PayloadContext,
  form?: CompiledForm,
): JsonValue {
  const map = settings.payload ?? { mode: 'all' as const };
  const isDate = (path: string) => {
    const type = form?.fields[path.split('.')[0]]?.type;
    return type === 'date' || type === 'month';
  };
  const defaults = { dateFormat: map.dateFormat, trimStrings: map.trimStrings, isDate };
  if (map.mode === 'template') {
    const out = structuredClone(map.template ?? {}) as JsonValue;
    for (const entry of map.set ?? []) {
      const { pointer, ...source } = entry;
      const value = resolveSource(source, data, ctx, defaults);
      setAtPointer(out, pointer, (value === undefined ? null : value) as JsonValue);
    }
    return out;
  }
  const out: Record<string, JsonValue> = {};
  if (map.mode === 'all' && form) {
    const omit = new Set(map.omit ?? []);
    for (const plan of Object.values(form.fields)) {
      if (!plan.hasData || omit.has(plan.name)) continue;
      if (plan.visibleIf && !evaluateCondition(plan.visibleIf, data)) continue;
      const value = resolveSource(plan.name, data, ctx, defaults);
      if (value !== undefined) out[plan.name] = value as JsonValue;
    }
  }
  for (const [key, source] of Object.entries(map.fields ?? {})) {
    const value = resolveSource(source, data, ctx, defaults);
    if (value !== undefined) out[key] = value as JsonValue;
  }
  return (map.trimStrings ? trimDeep(out) : out) as JsonValue;
}

/** Flattens a payload into form fields: nested objects as JSON text, or as bracketed keys `name[key]`. */
export function flattenForForm(payload: JsonValue, nested: 'json' | 'brackets' = 'json'): MultipartEntry[] {
  const entries: MultipartEntry[] = [];
  const put = (name: string, value: JsonValue | undefined) => {
    if (value === undefined || value === null) return;
    if (typeof value !== 'object') entries.push([name, String(value)]);
    else if (nested === 'json') entries.push([name, JSON.stringify(value)]);
    else if (Array.isArray(value)) for (const [i, v] of value.entries()) put(`${name}[${i}]`, v);
    else for (const [k, v] of Object.entries(value)) put(`${name}[${k}]`, v);
  };
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    for (const [k, v] of Object.entries(payload)) put(k, v);
  }
  return entries;
}

export function resolveEndpoint(endpoint: string, ctx: PayloadContext): string {
  return endpoint.replace('{host}', (ctx.host ?? '').replace(/\/$/, ''));
}

/** The request a submission sends. Authorization is added by the caller (it owns the token). */
export function encodeRequest(
  settings: SubmitSettings,
  data: Record<string, unknown>,
  ctx: PayloadContext,
  form?: CompiledForm,
): EncodedRequest {
  const payload = buildPayload(settings, data, ctx, form);
  const headers: Record<string, string> = {};
  for (const [name, source] of Object.entries(settings.headers ?? {})) {
    const v = typeof source === 'string' ? source : resolveSource(source, data, ctx);
    if (v !== undefined && v !== null) headers[name] = String(v);
  }
  const method = settings.method ?? 'POST';
  const url = resolveEndpoint(settings.endpoint, ctx);
  const encoding = settings.encoding ?? 'json';
  if (method === 'DELETE') return { url, method, headers, payload };
  if (encoding === 'json') {
    headers['Content-Type'] = 'application/json';
    return { url, method, headers, payload, body: JSON.stringify(payload) };
  }
  const entries = flattenForForm(payload, settings.nested ?? 'json');
  if (encoding === 'form-urlencoded') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return { url, method, headers, payload, body: new URLSearchParams(entries).toString() };
  }
  return { url, method, headers, payload, body: entries };
}

/** Whether an answer counts as success: HTTP 2xx (or the exact statuses given) and the configured body field. */
export function isSuccessfulAnswer(rule: SuccessRule | undefined, httpStatus: number, body: unknown): boolean {
  if (rule?.httpStatus) {
    if (!rule.httpStatus.includes(httpStatus)) return false;
  } else if ((rule?.httpOk ?? true) && !(httpStatus >= 200 && httpStatus < 300)) return false;
  if (!rule?.field) return true;
  const value = readPath(body, rule.field);
  return (rule.values ?? [true]).some((v) => v === value);
}

/** Browser-storage entries to keep from an answer (`{ leadId: 'id' }` → leadId = answer.id). */
export function valuesToStore(store: Record<string, string> | undefined, body: unknown): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, path] of Object.entries(store ?? {})) {
    const v = readPath(body, path);
    if (v !== undefined && v !== null) out.push([key, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

/** Browser-storage entries to keep from the form data after success (`storeData`). */
export function dataToStore(
  settings: SubmitSettings,
  data: Record<string, unknown>,
  ctx: PayloadContext = {},
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, source] of Object.entries(settings.storeData ?? {})) {
    const v = resolveSource(source, data, ctx);
    if (v !== undefined && v !== null) out.push([key, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

/**
 * What to tell the user about a failed answer, as a text key or the server's own words: a
 * `messageMap` entry matching the server message, else the server message, else `errorMessage`.
 */
export function failureMessage(settings: SubmitSettings, body: unknown): { key?: string; text?: string } {
  const server = settings.messageField ? readPath(body, settings.messageField) : undefined;
  if (typeof server === 'string' && server.trim() !== '') {
    const lower = server.toLowerCase();
    const mapped = settings.messageMap?.find((m) => lower.includes(m.contains.toLowerCase()));
    if (mapped) return { key: mapped.message as string };
    return { text: server };
  }
  return settings.errorMessage ? { key: settings.errorMessage as string } : {};
}

// ---------------------------------------------------------------------------------------------
// Reading a payload back (the server side)
// ---------------------------------------------------------------------------------------------

/** Keys that would reach an object's prototype instead of the object: refused wherever they stand. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** The highest list index a bracketed key may name (a larger one would make a huge sparse list). */
const MAX_INDEX = 999;

/** Nested objects from bracketed form keys: `nationality[iso]=VN` → `{ nationality: { iso: 'VN' } }`. */
export function unflattenForm(entries: Iterable<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // `__proto__`, `constructor` and `prototype` are kept as plain own properties (never followed into a
  // prototype), so that decodePayload and the template check refuse them like any other key the form lacks
  const own = (node: Record<string, unknown>, key: string) => (Object.hasOwn(node, key) ? node[key] : undefined);
  const put = (node: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  for (const [name, value] of entries) {
    const parts = name.match(/[^[\]]+/g) ?? [name];
    // a name that would make a huge list is not data of any form: left out
    if (parts.some((p) => /^\d+$/.test(p) && Number(p) > MAX_INDEX)) continue;
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = own(node, parts[i]);
      if (!next || typeof next !== 'object') put(node, parts[i], /^\d+$/.test(parts[i + 1]) ? [] : {});
      node = own(node, parts[i]) as Record<string, unknown>;
    }
    put(node, parts[parts.length - 1], value);
  }
  return out;
}

/** An ISO date from a date written in an output format (the reverse of `formatDate`). */
export function parseFormattedDate(value: string, format: DateFormat): string | undefined {
  const order: string[] = format.match(/YYYY|MM|DD/g) ?? [];
  const pattern = new RegExp(
    `^${format.replace(/YYYY/, '(\\d{4})').replace(/MM|DD/g, '(\\d{2})').replace(/\./g, '\\.')}$`,
  );
  const m = pattern.exec(value);
  if (!m) return undefined;
  const part = (p: string) => m[order.indexOf(p) + 1];
  return order.includes('DD') ? `${part('YYYY')}-${part('MM')}-${part('DD')}` : `${part('YYYY')}-${part('MM')}`;
}

function readPointer(body: unknown, pointer: string): unknown {
  let node = body;
  for (const part of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function setPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = data;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/** Turns uploaded file names back into file records (the server looks them up in its store). */
export type FileResolver = (names: string[], field: string) => unknown[];

/** Something in a payload that cannot be read back into form data, at a JSON pointer into the body. */
export interface DecodeProblem {
  pointer: string;
  /** The message key: `validation.templateObject` (the body is no object), `validation.payloadValue` (a value the
   * payload map never sends), `validation.payloadConflict` (two payload keys give one field different values). */
  messageKey: string;
  params: Record<string, unknown>;
}

/** A payload that cannot be read back, thrown by `decodePayload` when no `onProblem` takes the problems: a 400. */
export class PayloadError extends Error {
  /** A client error: HTTP servers answer it with this status. */
  readonly statusCode = 400;
  constructor(
    readonly problems: DecodeProblem[],
    locale: Locale = 'en',
  ) {
    super(problems.map((p) => translate(p.messageKey, locale, p.params)).join('; '));
    this.name = 'PayloadError';
  }
}

/** Decode problems as field errors in a language, for a server's 400 answer next to the schema's errors. */
export function decodeProblemErrors(problems: DecodeProblem[], locale: Locale = 'en'): FieldError[] {
  return problems.map((p) => ({
    path: p.pointer,
    field: parsePointer(p.pointer)[0] ?? '',
    messageKey: p.messageKey,
    message: translate(p.messageKey, locale, p.params),
    params: p.params,
  }));
}

export interface DecodeOptions {
  /** Values of form encodings are text: coerce them by the field's JSON type. */
  textValues?: boolean;
  resolveFiles?: FileResolver;
  /**
   * Told of every payload key the form does not know, at any depth (the server refuses them): a top-level key as
   * it is (`key` = the key), a nested one as its pointer without the leading slash (`key` = `country/evil`,
   * `pointer` = `/country/evil`). `__proto__`, `constructor` and `prototype` are unknown wherever they stand.
   */
  onUnknownKey?: (key: string, pointer: string) => void;
  /**
   * Told of values that cannot be read back (see `DecodeProblem`). Without it, `decodePayload` throws them as one
   * `PayloadError` once the whole payload is read.
   */
  onProblem?: (problem: DecodeProblem) => void;
  /** The language of a thrown `PayloadError`'s message. */
  locale?: Locale;
}

/** The most problems reported for one payload. */
const REPORT_LIMIT = 50;

/** A schema and the schemas that apply with it (allOf, anyOf, oneOf, then, else; not the `if` tests). */
function applicable(schemas: unknown[]): JsonSchema[] {
  const out: JsonSchema[] = [];
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    out.push(node as JsonSchema);
    for (const list of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[list])) for (const n of node[list] as unknown[]) visit(n);
    visit(node.then);
    visit(node.else);
  };
  for (const s of schemas) visit(s);
  return out;
}

/** The schemas of property `key` wherever the schemas declare it. */
function propertySchemas(schemas: JsonSchema[], key: string): JsonSchema[] {
  return schemas.flatMap((s) =>
    isObject(s.properties) && Object.hasOwn(s.properties, key)
      ? [(s.properties as Record<string, JsonSchema>)[key]]
      : [],
  );
}

/**
 * Reports every key of `value` that its schemas do not declare, at any depth the schemas describe: an object is
 * judged where its schemas list properties (and allow no others); a list's elements by its `items`. Keys that
 * would reach a prototype are reported and removed wherever they stand. Bounded by the schema's depth.
 */
function unknownKeysIn(value: unknown, schemas: unknown[], at: string[], report: (at: string[]) => void): void {
  const all = applicable(schemas);
  if (Array.isArray(value)) {
    const items = all.map((s) => s.items).filter(isObject);
    if (items.length) for (const [i, v] of value.entries()) unknownKeysIn(v, items, [...at, String(i)], report);
    return;
  }
  if (!isObject(value)) return;
  const closed =
    all.some((s) => isObject(s.properties)) &&
    !all.some((s) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || s.patternProperties);
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) {
      report([...at, key]);
      delete value[key];
      continue;
    }
    if (!closed) continue;
    const children = propertySchemas(all, key);
    if (children.length === 0) report([...at, key]);
    else unknownKeysIn(value[key], children, [...at, key], report);
  }
}

/**
 * Reads a submission's payload back into form data, so the server validates it with the form's
 * compiled `submitSchemas`. Values that cannot be traced to a field (constants, storage, query
 * parameters) are not part of the result; a value of the wrong type stays as sent, so the schema reports it.
 * What cannot be read back at all is a problem (`onProblem`, else a thrown `PayloadError`): a body that is no
 * object, a mapped value the map never sends (`profession: 'x'`), and two payload keys that give one field
 * different values (`profession: 'student'` with `visaType: 2`).
 */
export function decodePayload(
  settings: SubmitSettings,
  body: unknown,
  form: CompiledForm,
  opts: DecodeOptions = {},
): Record<string, unknown> {
  const map = settings.payload ?? { mode: 'all' as const };
  const data: Record<string, unknown> = {};
  const propertyType = (name: string): unknown =>
    (form.schema.properties as Record<string, { type?: unknown }> | undefined)?.[name]?.type;

  const problems: DecodeProblem[] = [];
  const problem = (pointer: string, messageKey: string, params: Record<string, unknown> = {}) => {
    if (problems.length < REPORT_LIMIT)
      problems.push({ pointer, messageKey, params: { ...params, pointer: pointer || '/' } });
  };
  // every unknown key is told (one call each, bounded by the body's size): the caller decides how many it names
  const unknownKey = (key: string, pointer: string) => opts.onUnknownKey?.(key, pointer);

  // each field's value as read, and from where: a second key giving the same field another value contradicts it
  const readValues = new Map<string, { value: string; pointer: string }>();
  // `otherwise` values read: the field they stand for must hold none of the map's own keys
  const otherwise: Array<{ from: string; keys: string[]; pointer: string }> = [];

  const read = (source: ValueSource, raw: unknown, pointer: string) => {
    // templates carry null for a field left empty: no answer
    if (!source.from || raw === undefined || raw === null) return;
    const [top] = source.from.split('.');
    const plan = form.fields[top];
    const nested = source.from.includes('.');
    let value: unknown = raw;
    if (source.map) {
      // form encodings carry text: 8 arrives as '8'
      const same = (a: unknown) =>
        opts.textValues && typeof value === 'string' && (a === null || typeof a !== 'object')
          ? String(a) === value
          : JSON.stringify(a) === JSON.stringify(value);
      const key = Object.keys(source.map).find((k) => same(source.map?.[k]));
      if (key === undefined) {
        // `otherwise` stands for any answer the map does not list: not traceable to one, but it must not contradict
        if (source.otherwise !== undefined && same(source.otherwise))
          otherwise.push({ from: source.from, keys: Object.keys(source.map), pointer });
        else problem(pointer, 'validation.payloadValue');
        return;
      }
      value = key;
    }
    if (source.as === 'json' && typeof value === 'string') value = parseJsonText(value);
    if (source.as === 'fileNames' && opts.resolveFiles) {
      value = opts.resolveFiles((Array.isArray(value) ? value : [value]).map(String), top);
    }
    const format =
      source.format ?? (plan && (plan.type === 'date' || plan.type === 'month') ? map.dateFormat : undefined);
    if (typeof value === 'string' && format) value = parseFormattedDate(value, format) ?? value;
    if (!nested && typeof value === 'string') {
      const type = propertyType(top);
      const textual = opts.textValues || source.as === 'string' || source.as === 'amount' || source.map !== undefined;
      if (textual && (type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value)))
        value = Number(value);
      else if (textual && type === 'boolean' && (value === 'true' || value === 'false')) value = value === 'true';
      else if (opts.textValues && type === 'object' && value.startsWith('{')) value = parseJsonText(value);
      else if (opts.textValues && type === 'array' && value.startsWith('[')) value = parseJsonText(value);
    }
    // a structured value holds only what its field's schema declares (file records are the server's own)
    if (source.as !== 'fileNames' && value !== null && typeof value === 'object') {
      let schemas: unknown[] = [form.schema];
      for (const part of source.from.split('.')) schemas = propertySchemas(applicable(schemas), part);
      const base = parsePointer(pointer);
      unknownKeysIn(value, schemas, [], (at) => {
        const full = toPointer([...base, ...at]);
        unknownKey(full.slice(1), full);
      });
    }
    // (file records are looked up, not sent: two keys naming the same upload may list it differently)
    if (source.as !== 'fileNames') {
      const text = JSON.stringify(value);
      const earlier = readValues.get(source.from);
      if (earlier && earlier.value !== text) {
        problem(pointer, 'validation.payloadConflict', { other: earlier.pointer });
        return;
      }
      readValues.set(source.from, { value: text, pointer });
    }
    setPath(data, source.from, value);
  };

  const finish = () => {
    for (const o of otherwise) {
      const value = readPath(data, o.from);
      if (value !== undefined && value !== null && o.keys.includes(String(value))) {
        const other = readValues.get(o.from)?.pointer ?? '';
        problem(o.pointer, 'validation.payloadConflict', { other });
      }
    }
    if (problems.length === 0) return data;
    if (opts.onProblem) for (const p of problems) opts.onProblem(p);
    else throw new PayloadError(problems, opts.locale);
    return data;
  };

  if (map.mode === 'template') {
    for (const entry of map.set ?? []) read(entry, readPointer(body, entry.pointer), entry.pointer);
    return finish();
  }
  // a mapped payload is an object: a list (or a bare value) is no submission of this form
  if (body !== undefined && body !== null && !isObject(body)) {
    problem('', 'validation.templateObject');
    return finish();
  }
  const payload = (body ?? {}) as Record<string, unknown>;
  const at = (key: string) => toPointer([key]);
  const known = new Set(Object.keys(map.fields ?? {}));
  if (map.mode === 'all' || map.mode === undefined) {
    const omit = new Set(map.omit ?? []);
    for (const plan of Object.values(form.fields)) if (plan.hasData && !omit.has(plan.name)) known.add(plan.name);
    const fileFields = new Set(
      Object.values(form.fields)
        .filter((f) => ['upload', 'passportUpload', 'consentPdf'].includes(f.type))
        .map((f) => f.name),
    );
    for (const plan of Object.values(form.fields)) {
      if (!plan.hasData || omit.has(plan.name) || !Object.hasOwn(payload, plan.name)) continue;
      // in `all` mode uploads travel as they are, unless a fields entry says otherwise
      const as =
        fileFields.has(plan.name) &&
        Array.isArray(payload[plan.name]) &&
        typeof (payload[plan.name] as unknown[])[0] === 'string'
          ? 'fileNames'
          : undefined;
      read({ from: plan.name, as }, payload[plan.name], at(plan.name));
    }
  }
  for (const [key, source] of Object.entries(map.fields ?? {})) {
    read(
      typeof source === 'string' ? { from: source } : source,
      Object.hasOwn(payload, key) ? payload[key] : undefined,
      at(key),
    );
  }
  for (const key of Object.keys(payload)) if (!known.has(key) || UNSAFE_KEYS.has(key)) unknownKey(key, at(key));
  return finish();
}

/**
 * JSON text sent as a form value (`country={"iso":"DE"}`), parsed: `JSON.parse` defines `__proto__` as a plain
 * own property (it never sets a prototype), and the key check then refuses it. Text that is no JSON stays text,
 * so the schema reports the wrong type.
 */
function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
