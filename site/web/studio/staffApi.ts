/**
 * The staff API's calls the `/studio` route makes on the main server (issue 17's accounts): who is signed in,
 * sign-in and sign-out. Small on purpose: `StudioPage` is in the site's own build.
 */
import { StudioApiError } from './api.js';

export type StaffRole = 'viewer' | 'publisher';

/** GET /api/admin/me: `name` is `staff:<email>` for an account, `token` for the admin token. */
export interface StaffMember {
  name: string;
  role: StaffRole;
  origin: 'staff' | 'token';
}

/** A refused call of the staff API, with the answer's body (a publish's diagnostics). */
export class AdminApiError extends StudioApiError {
  constructor(
    status: number,
    message: string,
    etag: string | undefined,
    readonly body: unknown,
    /** Seconds, from a lock-out's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(status, message, etag);
  }
}

const SIGN_IN = '/api/admin/sign-in';
const sessionListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the staff API answers 401 (the session expired or was ended elsewhere), except for a
 * sign-in's own 401 (a wrong password); returns the function that stops it. The store studio says so and offers
 * to sign in again, instead of each call's own error naming credentials.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Calls the staff API (the session cookie goes along); rejects with `AdminApiError` unless 2xx with JSON. */
export async function adminCall<T>(
  path: string,
  init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const body = init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
      body,
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new AdminApiError(0, (e as Error).message, undefined, undefined);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (response.status === 401 && path !== SIGN_IN) for (const listener of sessionListeners) listener();
  if (!response.ok || parsed === undefined) {
    const b = parsed as { message?: unknown; etag?: unknown } | undefined;
    throw new AdminApiError(
      response.status,
      typeof b?.message === 'string' ? b.message : `HTTP ${response.status}`,
      typeof b?.etag === 'string' ? b.etag : undefined,
      parsed,
      Number(response.headers.get('Retry-After')) || undefined,
    );
  }
  return parsed as T;
}

export const staffApi = {
  me: () => adminCall<StaffMember>('/api/admin/me'),
  signIn: (email: string, password: string) =>
    adminCall<{ ok: true; email: string; role: StaffRole }>(SIGN_IN, {
      method: 'POST',
      json: { email, password },
    }),
  signOut: () => adminCall<{ ok: true }>('/api/admin/sign-out', { method: 'POST', json: {} }),
};

/** The e-mail address of a signed-in member (`staff:<email>`), or the name the server gave (`token`). */
export const emailOf = (member: StaffMember) => member.name.replace(/^staff:/, '');
