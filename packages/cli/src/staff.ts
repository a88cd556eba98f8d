/**
 * `antrag staff add|list|remove|unlock`: staff accounts for people, through the server's staff API
 * (`/api/admin/staff`), which takes the admin token only (ANTRAG_ADMIN_TOKEN): the command never opens a database.
 * A server without an admin token (the embedded default) makes its first account with its own `npm run staff`.
 */
import { type PasswordInput, readNewPassword } from './password.js';
import { type Io, jsonText } from './report.js';
import { adminToken, callServer, type ServerTarget, serverMessage } from './server.js';

export type StaffRole = 'publisher' | 'viewer';

export interface StaffOptions {
  server: string;
  timeoutMs: number;
  format?: 'text' | 'json';
}

function target(opts: StaffOptions, io: Io): ServerTarget {
  return { base: opts.server, token: adminToken(), timeoutMs: opts.timeoutMs, warn: (m) => io.stderr(m) };
}

const accountPath = (email: string) => `/api/admin/staff/${encodeURIComponent(email.trim().toLowerCase())}`;

/** Exit code: 0 added, 1 refused by the server (a short password, an address taken), 2 see ServerError. */
export async function addStaffMember(
  email: string,
  role: StaffRole,
  opts: StaffOptions,
  io: Io,
  input: PasswordInput = process.stdin,
): Promise<number> {
  const server = target(opts, io);
  const password = await readNewPassword(input, (text) => io.stderr(text), email);
  const answer = await callServer(server, {
    method: 'POST',
    path: '/api/admin/staff',
    body: { email, password, role },
    expected: [400, 409],
  });
  if (answer.status === 400 || answer.status === 409) {
    io.stderr(
      `error: ${email} was not added: ${serverMessage(answer.body) ?? `the server answered ${answer.status}`}\n`,
    );
    return 1;
  }
  io.stdout(`added ${String(answer.body.email ?? email)} as ${String(answer.body.role ?? role)}\n`);
  return 0;
}

interface ListedMember {
  email: string;
  role: string;
  lockedUntil?: string | null;
  createdAt?: string;
}

/** Exit code 0; the accounts one a line (`email  role  [locked until …]`) or as JSON. */
export async function listStaffMembers(opts: StaffOptions, io: Io): Promise<number> {
  const answer = await callServer(target(opts, io), { method: 'GET', path: '/api/admin/staff' });
  const staff = Array.isArray(answer.body.staff) ? (answer.body.staff as ListedMember[]) : [];
  if (opts.format === 'json') {
    io.stdout(jsonText({ command: 'staff list', ok: true, server: opts.server, staff }));
    return 0;
  }
  if (staff.length === 0) io.stdout('no staff accounts\n');
  const width = Math.max(0, ...staff.map((m) => String(m.email).length));
  for (const m of staff) {
    const locked = m.lockedUntil ? `  locked until ${m.lockedUntil}` : '';
    io.stdout(`${String(m.email).padEnd(width)}  ${m.role}${locked}\n`);
  }
  return 0;
}

/** `remove` and `unlock`: exit code 0 done, 1 no such account, 2 see ServerError. */
export async function changeStaffMember(
  action: 'remove' | 'unlock',
  email: string,
  opts: StaffOptions,
  io: Io,
): Promise<number> {
  const answer = await callServer(target(opts, io), {
    method: action === 'remove' ? 'DELETE' : 'POST',
    path: action === 'remove' ? accountPath(email) : `${accountPath(email)}/unlock`,
    expected: [404],
  });
  if (answer.status === 404) {
    io.stderr(`error: ${serverMessage(answer.body) ?? `no staff account for ${email}`}\n`);
    return 1;
  }
  io.stdout(action === 'remove' ? `removed ${email}\n` : `unlocked ${email}\n`);
  return 0;
}
