/**
 * The staff API of an Antrag server, as `publish` and `staff` call it: the address from `--server` or
 * ANTRAG_SERVER, the admin token from ANTRAG_ADMIN_TOKEN only (an argument would show in `ps` and shell history),
 * JSON over Node's fetch. Everything that keeps a call from being answered by the staff API (no token, an
 * unreachable or slow server, refused credentials, an answer that is no JSON) is a ServerError: exit code 2.
 */
import { ServerError, UsageError } from './errors.js';

export const SERVER_VARIABLE = 'ANTRAG_SERVER';
export const TOKEN_VARIABLE = 'ANTRAG_ADMIN_TOKEN';

/** Where and how to reach the server. */
export interface ServerTarget {
  /** The server's address without a trailing slash, e.g. `https://forms.example.org`. */
  base: string;
  token: string;
  timeoutMs: number;
  /** Told when the token would travel unencrypted to another machine. */
  warn?: (message: string) => void;
}

/** The server's address: `--server`, else ANTRAG_SERVER; an http(s) URL. */
export function serverBase(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const text = flag ?? env[SERVER_VARIABLE];
  if (!text) throw new UsageError(`give the server's address with --server <url> or ${SERVER_VARIABLE}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`'${text}' is not a URL: give the server's address, e.g. https://forms.example.org`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`'${text}' is not an http or https address`);
  }
  if (url.search || url.hash) throw new UsageError(`'${text}': give the server's address without a query or #`);
  return url.href.replace(/\/+$/, '');
}

/** The admin token from ANTRAG_ADMIN_TOKEN; a ServerError naming the variable when it is not set. */
export function adminToken(env: NodeJS.ProcessEnv = process.env): string {
  const token = env[TOKEN_VARIABLE]?.trim();
  if (!token) {
    throw new ServerError(
      `no admin token: set ${TOKEN_VARIABLE} to the server's admin token (its own ${TOKEN_VARIABLE})`,
    );
  }
  return token;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An answer of the staff API: its status and its JSON body. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Call {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** The path below the server's address, starting with `/api/admin/`. */
  path: string;
  body?: unknown;
  /** Statuses the caller reads itself (besides 2xx): e.g. 400 with diagnostics, 409 for an existing account. */
  expected?: number[];
}

/** Calls the staff API; resolves with a 2xx or expected answer, else throws a ServerError that says what happened. */
export async function callServer(target: ServerTarget, call: Call): Promise<Answer> {
  const url = `${target.base}${call.path}`;
  if (url.startsWith('http:') && !LOCAL_HOSTS.has(new URL(url).hostname)) {
    target.warn?.(`warning: the admin token travels unencrypted over http to ${new URL(url).host}; use https\n`);
  }
  const where = `${call.method} ${url}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'error',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (e) {
    throw new ServerError(unreachable(e, target, where, call.method !== 'GET'));
  }
  const body = await readJson(response, where, target.timeoutMs);
  if (response.ok || call.expected?.includes(response.status)) return { status: response.status, body };
  throw new ServerError(refusal(response, body, where));
}

/** `changes`: the call changes something, which the server may have done before its answer was lost. */
function unreachable(e: unknown, target: ServerTarget, where: string, changes: boolean): string {
  const error = e as Error & { cause?: { code?: string; message?: string } };
  const maybeDone = changes ? ' (the server may still have made the change)' : '';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return `no answer from the server within ${target.timeoutMs / 1000} s (${where})${maybeDone}; --timeout gives it longer`;
  }
  const code = error.cause?.code;
  if (code === 'ECONNRESET') return `the connection to the server broke off (${where})${maybeDone}`;
  const why: Record<string, string> = {
    ECONNREFUSED: 'nothing listens there (connection refused)',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be looked up',
    ETIMEDOUT: 'the connection timed out',
  };
  // https to a server that speaks plain http: OpenSSL's record-layer complaint says nothing to a user
  if (
    where.includes('https://') &&
    /wrong version number|packet length too long|EPROTO/i.test(`${code} ${error.cause?.message}`)
  ) {
    return `cannot reach the server (${where}): it does not speak https at this address; try http://`;
  }
  const reason = (code && why[code]) ?? error.cause?.message ?? error.message;
  return `cannot reach the server (${where}): ${reason}`;
}

async function readJson(response: Response, where: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const type = response.headers.get('content-type') ?? '';
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError';
    throw new ServerError(
      timedOut
        ? `the server's answer did not arrive within ${timeoutMs / 1000} s (${where}); --timeout gives it longer`
        : `the server's answer broke off (${where}): ${(e as Error).message}`,
    );
  }
  const notJson = () =>
    new ServerError(
      `the server answered ${response.status} with ${type.split(';')[0] || 'no content type'}, not the staff API's ` +
        `JSON (${where}): is this the address of an Antrag server?`,
    );
  if (!/^application\/json\b/i.test(type)) throw notJson();
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw notJson();
}

/** The server's own message, if it sent one (cut short: it is printed on one line). */
export function serverMessage(body: Record<string, unknown>): string | undefined {
  const message = body.message;
  return typeof message === 'string' && message ? message.replace(/\s+/g, ' ').slice(0, 500) : undefined;
}

function refusal(response: Response, body: Record<string, unknown>, where: string): string {
  const said = serverMessage(body);
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  switch (response.status) {
    case 401:
      return (
        `the server did not accept ${TOKEN_VARIABLE} (${status}, ${where}): it is not the server's admin token, ` +
        'or the server has none set'
      );
    case 403:
      return `the server refused (${status}, ${where}): ${said ?? 'these credentials may not do this'}`;
    case 404:
      return `the server has no such staff route (${status}, ${where}): is this the address of an Antrag server?`;
    case 413:
      return `the server takes no request this large (${status}, ${where})`;
    case 429: {
      const retry = response.headers.get('retry-after');
      return `the server turned the request away (${status}, ${where})${retry ? `: try again in ${retry} s` : ''}`;
    }
    default:
      return `the server answered ${status} (${where})${said ? `: ${said}` : ''}`;
  }
}
