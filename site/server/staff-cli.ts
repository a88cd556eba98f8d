/**
 * `npm run staff -- <add|list|remove|unlock> …`: staff accounts, made in the server's own database with the
 * server's environment (DATABASE_URL, DATA_DIR). This is how a server without an admin token (the embedded default)
 * gets its first account; with ANTRAG_ADMIN_TOKEN set, `npx antrag staff …` does the same over HTTP.
 *
 *   npm run staff -- add <email> [--role publisher|viewer]   (the password from standard input)
 *   npm run staff -- list | remove <email> | unlock <email>
 *
 * With the embedded database, stop the server first: PGlite serves one process at a time. Exit codes: 0 done,
 * 1 refused (a short password, an address taken, no such account), 2 usage error.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PasswordInputError, readNewPassword } from 'antrag/password';
import { type Config, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import {
  addStaff,
  listStaff,
  removeStaff,
  STAFF_ROLES,
  StaffError,
  type StaffRole,
  unlockStaff,
} from './staff/accounts.js';

const USAGE = `usage: npm run staff -- add <email> [--role ${STAFF_ROLES.join('|')}]   (password from standard input)
       npm run staff -- list
       npm run staff -- remove <email>
       npm run staff -- unlock <email>

The first staff account: run "npm run staff -- add <email>" here, with the server's environment (DATABASE_URL or
DATA_DIR; with the embedded database, stop the server first). On a server with ANTRAG_ADMIN_TOKEN,
"npx antrag staff add <email> --server <url>" with that token does the same from anywhere.`;

class UsageProblem extends Error {}

interface Command {
  action: 'add' | 'list' | 'remove' | 'unlock';
  email?: string;
  role: StaffRole;
}

function parseArgs(args: string[]): Command {
  const [action, ...rest] = args;
  if (action === undefined) throw new UsageProblem('');
  if (action !== 'add' && action !== 'list' && action !== 'remove' && action !== 'unlock') {
    throw new UsageProblem(`unknown command '${action}'`);
  }
  let role: StaffRole = 'publisher';
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--role' && action === 'add') {
      const value = rest[++i];
      if (!STAFF_ROLES.includes(value as StaffRole))
        throw new UsageProblem(`--role is one of ${STAFF_ROLES.join(', ')}`);
      role = value as StaffRole;
    } else if (rest[i].startsWith('-')) throw new UsageProblem(`unknown option '${rest[i]}'`);
    else positional.push(rest[i]);
  }
  const wanted = action === 'list' ? 0 : 1;
  if (positional.length !== wanted) {
    throw new UsageProblem(wanted ? `${action} takes one e-mail address` : 'list takes no arguments');
  }
  return { action, email: positional[0], role };
}

/**
 * PGlite serves one process: a server running on the embedded database would be corrupted by a second opener.
 * PGlite keeps `postmaster.pid` in its folder while it is open (and removes it when it closes).
 */
function refuseOpenEmbeddedDatabase(config: Config): void {
  if (config.databaseUrl) return;
  const pid = resolve(join(config.dataDir, 'db', 'postmaster.pid'));
  if (existsSync(pid)) {
    throw new StaffError(
      `the embedded database is open in another process (${pid} exists): stop the server first. If no server is ` +
        'running (it was killed), that file is left over: start and stop the server once, or remove the file.',
    );
  }
}

async function run(command: Command): Promise<number> {
  // read before the database opens, so a refused password costs no migration run
  const password =
    command.action === 'add'
      ? await readNewPassword(
          process.stdin,
          (text) => process.stderr.write(text),
          command.email ?? '',
          'npm run staff -- add <email>',
        )
      : undefined;
  const config = loadConfig(process.env, () => 'staff-cli-needs-no-secret');
  refuseOpenEmbeddedDatabase(config);
  const database = await openDatabase(config);
  try {
    const email = command.email ?? '';
    switch (command.action) {
      case 'add': {
        const member = await addStaff(database.db, { email, password: password ?? '', role: command.role });
        console.log(`added ${member.email} as ${member.role}`);
        return 0;
      }
      case 'list': {
        const staff = await listStaff(database.db);
        if (staff.length === 0) console.log('no staff accounts');
        for (const m of staff) {
          const locked = m.locked_until && new Date(m.locked_until).getTime() > Date.now();
          console.log(
            `${m.email}  ${m.role}${locked ? `  locked until ${new Date(m.locked_until!).toISOString()}` : ''}`,
          );
        }
        return 0;
      }
      default: {
        const done = await (command.action === 'remove' ? removeStaff : unlockStaff)(database.db, email);
        if (!done) throw new StaffError(`no staff account for ${email}`);
        console.log(`${command.action === 'remove' ? 'removed' : 'unlocked'} ${email}`);
        return 0;
      }
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  if (process.argv[2] === '--help' || process.argv[2] === '-h') {
    console.log(USAGE);
    return 0;
  }
  try {
    return await run(parseArgs(process.argv.slice(2)));
  } catch (error) {
    if (error instanceof UsageProblem || error instanceof PasswordInputError) {
      if (error.message) console.error(`staff: ${error.message}`);
      console.error(USAGE);
      return 2;
    }
    if (error instanceof StaffError) {
      console.error(`staff: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
