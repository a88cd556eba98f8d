/**
 * The `antrag` command line: validate, compile, import, typegen, studio, publish and staff. Exit codes: 0 success,
 * 1 invalid input (or a server that refused it), 2 usage error (unknown command or option, missing argument, a path
 * that does not exist) or a server that could not be used (no admin token, unreachable, credentials refused).
 */
import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '@antrag/core/dsl/types';
import { CMS_KINDS, type CmsKind } from '@antrag/core/import/cms-types';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ServerError, UsageError } from './errors.js';
import type { FormOptions } from './forms.js';
import { PACKAGE_ROOT } from './paths.js';
import { type Io, OUTPUT_FORMATS, type OutputFormat, processIo } from './report.js';

// Commands load the core (ajv, phone and country data) only when they run, so help and usage errors are quick.

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

function version(): string {
  try {
    return (JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** `--option key=value`: the value as JSON when it is a JSON primitive (true, 3, null), else the text. */
export function parseOptionValue(text: string): FormOptions[string] {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  return text;
}

function collectOption(text: string, previous: FormOptions = {}): FormOptions {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`expected key=value (e.g. faceVerification=false), got '${text}'`);
  return { ...previous, [text.slice(0, eq)]: parseOptionValue(text.slice(eq + 1)) };
}

/** `--format`: text or JSON for every command; the commands that check files also give SARIF and GitHub annotations. */
const formatOption = (ci = true) =>
  new Option(
    '--format <format>',
    ci
      ? 'output format: text lines, one JSON document, one SARIF 2.1.0 log (code scanning), or GitHub workflow ' +
          'commands (annotations) (default: "text")'
      : 'output format: text lines, or one JSON document on stdout (default: "text")',
  ).choices(ci ? [...OUTPUT_FORMATS] : ['text', 'json']);

/** `--max-warnings <n>`: an integer, -1 for no limit (as in ESLint). */
export function parseMaxWarnings(text: string): number {
  if (!/^-?\d+$/.test(text) || Number(text) < -1) {
    throw new InvalidArgumentError(`expected a whole number of warnings (-1: no limit), got '${text}'`);
  }
  return Number(text);
}

const maxWarningsOption = () =>
  new Option(
    '--max-warnings <n>',
    'exit 1 when there are more than n warnings (-1 or absent: no limit; e.g. 0 in CI)',
  ).argParser(parseMaxWarnings);

const EXAMPLES = {
  validate: [
    'npx antrag validate schemas                      # every form under schemas/',
    'npx antrag validate                              # the paths in antrag.config.json',
    'npx antrag validate schemas --format github      # annotations on a pull request',
    'npx antrag validate schemas --format sarif > antrag.sarif',
    'npx antrag validate schemas --max-warnings 0     # warnings fail the run too',
    'npx antrag validate schemas --watch              # again on every change, until Ctrl+C',
    'npx antrag validate schemas/contact/contact.form.json --data application.json --locale de',
  ],
  compile: [
    'npx antrag compile schemas --out dist/forms',
    'npx antrag compile schemas/blocked-account --out dist/forms --option faceVerification=false',
    'npx antrag compile schemas --out dist/forms --whole-form --runtime-import @antrag/core/validate',
  ],
  import: [
    'npx antrag import booking-v2 booking.json --out schemas/bookings/booking.form.json',
    'npx antrag import review review.json --id university-review > review.form.json',
  ],
  typegen: [
    'npx antrag typegen schemas --out types',
    'npx antrag typegen schemas/contact/contact.form.json --out types --no-prettier',
  ],
  studio: ['npx antrag studio schemas', 'npx antrag studio schemas --port 0 --build'],
  publish: [
    'npx antrag publish schemas/contact/contact-enquiry.form.json --server https://forms.example.org',
    'npx antrag publish schemas/booking-v2/booking-v2.cms.json --format json   # address from ANTRAG_SERVER',
    'npx antrag publish schemas/contact/contact-enquiry.form.json --id contact-test --timeout 300',
  ],
  staff: [
    'npx antrag staff add ada@example.org --server https://forms.example.org   # the password twice, no echo',
    'printf \'%s\\n\' "$PASSWORD" | npx antrag staff add bo@example.org --role viewer   # from a pipe: one line',
    'npx antrag staff list',
    'npx antrag staff unlock ada@example.org',
    'npx antrag staff remove bo@example.org',
    'npm run staff -- add ada@example.org   # on the server itself, for one without an admin token',
  ],
};

function examples(command: keyof typeof EXAMPLES): string {
  return `\nExamples:\n${EXAMPLES[command].map((e) => `  $ ${e}`).join('\n')}\n`;
}

const variantOption = () =>
  new Option(
    '--option <key=value>',
    'select a form variant by one of its options (repeatable), e.g. --option faceVerification=false',
  ).argParser(collectOption);

interface CommonFlags {
  format?: OutputFormat;
  option?: FormOptions;
}

interface ValidateFlags extends CommonFlags {
  data?: string;
  locale?: Locale;
  maxWarnings?: number;
  config?: string;
  watch?: boolean;
}

/** Builds the program; `exit` receives each command's exit code. */
export function buildProgram(io: Io, exit: (code: number) => void): Command {
  const program = new Command('antrag')
    .description(
      'Antrag forms: check, compile, import and type schema-driven form definitions, and publish them to a server.',
    )
    .version(version(), '-V, --version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) })
    .showHelpAfterError('(add --help for usage)')
    .allowExcessArguments(false);

  program
    .command('validate')
    .description(
      'Check DSL files (*.form.json) and CMS definitions (*.cms.json, or any .json by its shape) against their ' +
        'schemas and compile them; check site content (folders with content.manifest.json) against the content schemas of @antrag/content; ' +
        'with --data, check one data document against one form.',
    )
    .argument('[paths...]', 'files or folders (folders are searched recursively); default: "paths" of the config')
    .option('--data <file>', 'a JSON data document to check against the (single) form')
    .addOption(new Option('--locale <locale>', 'language of the data messages (default: "en")').choices([...LOCALES]))
    .addOption(variantOption())
    .addOption(formatOption())
    .addOption(maxWarningsOption())
    .option('--watch', 'validate again whenever a given file or folder, or a file they $ref, changes (Ctrl+C stops)')
    .option(
      '--config <file>',
      'read settings from this file instead of the nearest antrag.config.json (in this folder or a parent)',
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 all valid (warnings allowed up to --max-warnings), 1 something invalid, 2 usage error.\n' +
        'Output: one line per problem, `file:line:col pointer message`, then a summary line.\n' +
        'antrag.config.json: { "paths": [...], "options": { "key": value }, "locale": "de", "format": "text", ' +
        '"maxWarnings": 0 }; flags override it, paths in it are relative to it.\n' +
        examples('validate'),
    )
    .action(async (given: string[], flags: ValidateFlags) => {
      const { loadConfig } = await import('./config.js');
      const config = loadConfig(flags.config);
      const paths = given.length ? given : (config?.paths ?? []);
      if (paths.length === 0) {
        throw new UsageError(
          'no paths to validate: give files or folders, or "paths" in antrag.config.json (or a file named with --config)',
        );
      }
      const format = flags.format ?? config?.format ?? 'text';
      const options = { ...config?.options, ...flags.option };
      const maxWarnings = flags.maxWarnings ?? config?.maxWarnings;
      const { validateData, validateForms } = await import('./validate.js');
      if (flags.data !== undefined) {
        if (paths.length !== 1) throw new UsageError(`--data needs exactly one form, got ${paths.length} paths`);
        if (format !== 'text' && format !== 'json') throw new UsageError(`--data prints text or json, not ${format}`);
        if (flags.watch) throw new UsageError('--watch checks forms, not --data');
        const locale = flags.locale ?? config?.locale ?? 'en';
        exit(await validateData(paths[0], flags.data, { format, options, locale }, io));
      } else if (flags.watch) {
        const { watchValidation } = await import('./watch.js');
        const stop = new AbortController();
        const onSigint = () => stop.abort();
        process.once('SIGINT', onSigint);
        try {
          exit(await watchValidation(paths, { format, options, maxWarnings }, io, stop.signal));
        } finally {
          process.off('SIGINT', onSigint);
        }
      } else exit(validateForms(paths, { format, options, maxWarnings }, io));
    });

  program
    .command('compile')
    .description(
      'Compile forms into <out>/<form-id>/: form.json, schema.json, ui-schema.json, steps/step-<n>.schema.json, validators.js',
    )
    .argument('<paths...>', 'files or folders (folders are searched recursively)')
    .requiredOption('--out <dir>', 'output folder')
    .option(
      '--runtime-import <specifier>',
      'how validators.js imports the validation runtime (default: @antrag/core/validate/runtime)',
    )
    .option('--whole-form', 'also put the whole-form validator (export `form`) into validators.js, not only the steps')
    .addOption(variantOption())
    .addOption(formatOption())
    .addHelpText('after', examples('compile'))
    .action(
      async (paths: string[], flags: CommonFlags & { out: string; runtimeImport?: string; wholeForm?: boolean }) => {
        const { compileForms, installedRenderChecks } = await import('./compile.js');
        const renderChecks = await installedRenderChecks();
        exit(
          compileForms(
            paths,
            {
              format: flags.format ?? 'text',
              options: flags.option ?? {},
              out: flags.out,
              runtimeImport: flags.runtimeImport,
              wholeForm: flags.wholeForm === true,
              renderChecks,
            },
            io,
          ),
        );
      },
    );

  program
    .command('import')
    .description('Convert a CMS definition (booking v1, booking v2, review) into a DSL document')
    .addArgument(new Argument('<kind>', 'the CMS format').choices([...CMS_KINDS]))
    .argument('<file>', 'the CMS definition (JSON)')
    .option('--out <file>', 'write the DSL document here instead of stdout')
    .option('--id <id>', 'form id to use instead of the one derived from the document')
    .addOption(formatOption(false))
    .addHelpText('after', examples('import'))
    .action(async (kind: CmsKind, file: string, flags: CommonFlags & { out?: string; id?: string }) => {
      const { importDocument } = await import('./import.js');
      exit(importDocument(kind, file, { format: flags.format ?? 'text', out: flags.out, id: flags.id }, io));
    });

  program
    .command('typegen')
    .description(
      "Generate one <form-id>.d.ts per form from its whole-form JSON Schema (the type of one application's data)",
    )
    .argument('<paths...>', 'files or folders (folders are searched recursively)')
    .requiredOption('--out <dir>', 'output folder')
    .option('--no-prettier', 'do not format the declarations with prettier (about 15 times faster)')
    .addOption(variantOption())
    .addOption(formatOption())
    .addHelpText('after', examples('typegen'))
    .action(async (paths: string[], flags: CommonFlags & { out: string; prettier: boolean }) => {
      const { generateTypes } = await import('./typegen.js');
      const opts = {
        format: flags.format ?? 'text',
        options: flags.option ?? {},
        out: flags.out,
        prettier: flags.prettier,
      };
      exit(await generateTypes(paths, opts, io));
    });

  program
    .command('studio')
    .description(
      'Serve the authoring studio on 127.0.0.1 over a folder of form files (*.form.json): edit a form as a schema, ' +
        'see it live in the form engine, save it back to its file',
    )
    .argument('[folder]', 'the folder of form files (searched recursively)', 'schemas')
    .addOption(new Option('--port <port>', 'port on 127.0.0.1 (0: any free port)').default(4310).argParser(parsePort))
    .option('--web-root <dir>', 'serve this build of the web app (default: the build @antrag/studio ships)')
    .option('--studio-root <dir>', "serve this build of the studio's bundle (default: the bundle @antrag/studio ships)")
    .option('--build', 'rebuild dist/site and dist/studio first (those not given with the options above)')
    .addHelpText(
      'after',
      '\nExit codes: 0 after Ctrl+C, 2 for a folder it cannot write, a port in use or no usable web build.\n' +
        'Only pages of the studio itself can save, and only *.form.json files inside the folder.\n' +
        examples('studio'),
    )
    .action(async (folder: string, flags: { port: number; webRoot?: string; studioRoot?: string; build?: boolean }) => {
      const { startStudio } = await import('./studio.js');
      const { port, webRoot, studioRoot } = flags;
      exit(await startStudio(folder, { port, webRoot, studioRoot, build: flags.build === true }, io));
    });

  registerServerCommands(program, io, exit);
  return program;
}

const serverOption = () =>
  new Option('--server <url>', "the Antrag server's address, e.g. https://forms.example.org").env('ANTRAG_SERVER');
const timeoutOption = (seconds: number) =>
  new Option('--timeout <seconds>', `how long to wait for the server's answer (default: ${seconds})`).argParser(
    parseTimeout,
  );

/** `--timeout`: seconds, more than 0 and at most an hour. */
function parseTimeout(text: string): number {
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds <= 0 || seconds > 3600) {
    throw new InvalidArgumentError(`expected seconds (more than 0, at most 3600), got '${text}'`);
  }
  return seconds * 1000;
}

const SERVER_EXIT_CODES =
  '\nExit codes: 0 done, 1 the input was refused (the reasons are printed), 2 usage error, or the server could not\n' +
  'be used: ANTRAG_ADMIN_TOKEN not set, unreachable, no answer in time, the token refused (401/403), an answer\n' +
  "that is not the staff API's. The admin token is read from ANTRAG_ADMIN_TOKEN only, never from an argument.\n";

/** `publish` and `staff`: the commands that call a server's staff API. */
function registerServerCommands(program: Command, io: Io, exit: (code: number) => void): void {
  program
    .command('publish')
    .description(
      'Publish a form (a DSL file or a CMS definition, its $refs resolved) to a server as its next version; ' +
        "prints the version, or the server's diagnostics at their places in your files",
    )
    .argument('<file>', 'the form file')
    .addOption(serverOption())
    .option(
      '--id <id>',
      "publish a DSL definition under this form id, as a copy (default: the form's own id; a CMS document always " +
        'publishes under the id it imports to)',
    )
    .addOption(timeoutOption(120))
    .addOption(formatOption(false))
    .addHelpText(
      'after',
      `${SERVER_EXIT_CODES}Set it before the command or as a CI secret; make one with \`openssl rand -hex 32\`.\n` +
        `Output: \`published <id> as version <n>\`, or one line per problem, \`file:line:col pointer message\`, as\n` +
        `antrag validate prints them.\n${examples('publish')}`,
    )
    .action(
      async (file: string, flags: { server?: string; id?: string; timeout?: number; format?: 'text' | 'json' }) => {
        const { serverBase } = await import('./server.js');
        const { publishForm } = await import('./publish.js');
        const server = serverBase(flags.server);
        const opts = { server, id: flags.id, format: flags.format ?? 'text', timeoutMs: flags.timeout ?? 120_000 };
        exit(await publishForm(file, opts, io));
      },
    );

  const staff = program
    .command('staff')
    .description("Staff accounts for people (sign-in to the staff API), through a server's admin token")
    .addHelpText('after', `${SERVER_EXIT_CODES}${FIRST_ACCOUNT_HELP}${examples('staff')}`);
  type StaffFlags = { server?: string; timeout?: number; format?: 'text' | 'json'; role?: 'publisher' | 'viewer' };
  const staffOptions = async (flags: StaffFlags) => {
    const { serverBase } = await import('./server.js');
    return { server: serverBase(flags.server), timeoutMs: flags.timeout ?? 30_000, format: flags.format };
  };
  staff
    .command('add')
    .description('Add a staff account; the password comes from standard input (typed twice without echo at a terminal)')
    .argument('<email>', "the person's e-mail address (their sign-in name)")
    .addOption(
      new Option('--role <role>', 'publisher: publish and roll back; viewer: read only')
        .choices(['publisher', 'viewer'])
        .default('publisher'),
    )
    .addOption(serverOption())
    .addOption(timeoutOption(30))
    .addHelpText('after', `${FIRST_ACCOUNT_HELP}${examples('staff')}`)
    .action(async (email: string, flags: StaffFlags) => {
      const { addStaffMember } = await import('./staff.js');
      exit(await addStaffMember(email, flags.role ?? 'publisher', await staffOptions(flags), io));
    });
  staff
    .command('list')
    .description('List the staff accounts, with their roles and lock-outs')
    .addOption(serverOption())
    .addOption(timeoutOption(30))
    .addOption(formatOption(false))
    .action(async (flags: StaffFlags) => {
      const { listStaffMembers } = await import('./staff.js');
      exit(await listStaffMembers(await staffOptions(flags), io));
    });
  for (const action of ['remove', 'unlock'] as const) {
    staff
      .command(action)
      .description(
        action === 'remove' ? 'Remove a staff account and end its sign-ins' : 'Lift the lock-out of a staff account',
      )
      .argument('<email>', "the account's e-mail address")
      .addOption(serverOption())
      .addOption(timeoutOption(30))
      .action(async (email: string, flags: StaffFlags) => {
        const { changeStaffMember } = await import('./staff.js');
        exit(await changeStaffMember(action, email, await staffOptions(flags), io));
      });
  }
}

/** How the first staff account is made: the staff API needs the admin token, which a server may not have. */
const FIRST_ACCOUNT_HELP =
  '\nThe first account: on a server with ANTRAG_ADMIN_TOKEN, run `antrag staff add` with the same token in\n' +
  'ANTRAG_ADMIN_TOKEN. On a server without one (the embedded default), run `npm run staff -- add <email>` in the\n' +
  "server's checkout, with its environment (DATA_DIR or DATABASE_URL; stop a server on the embedded database first).\n";

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new InvalidArgumentError(`expected a port number (0-65535), got '${text}'`);
  return port;
}

/** Whether the command line asks for JSON output (`--format json` or `--format=json`). */
function wantsJson(argv: string[]): boolean {
  return argv.some((a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));
}

/** Runs the CLI on `argv` (as `process.argv`: node, script, args…) and resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  let code = EXIT_OK;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    if (e instanceof UsageError || e instanceof ServerError) {
      io.stderr(`error: ${e.message}\n`);
      // a CI step that reads JSON gets a document on standard output too, not an empty input
      if (wantsJson(argv)) io.stdout(`${JSON.stringify({ ok: false, exitCode: EXIT_USAGE, error: e.message })}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
