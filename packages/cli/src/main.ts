/**
 * The `antrag` command line: validate, compile, import, typegen and studio. Exit codes: 0 success, 1 invalid input,
 * 2 usage error (unknown command or option, missing argument, a path that does not exist).
 */
import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '@antrag/core/dsl/types';
import { CMS_KINDS, type CmsKind } from '@antrag/core/import/cms-types';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { UsageError } from './errors.js';
import type { FormOptions } from './forms.js';
import { PACKAGE_ROOT } from './paths.js';
import { type Io, type OutputFormat, processIo } from './report.js';

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

const formatOption = () =>
  new Option('--format <format>', 'output format: text lines, or one JSON document on stdout')
    .choices(['text', 'json'])
    .default('text');

const variantOption = () =>
  new Option(
    '--option <key=value>',
    'select a form variant by one of its options (repeatable), e.g. --option faceVerification=false',
  ).argParser(collectOption);

interface CommonFlags {
  format: OutputFormat;
  option?: FormOptions;
}

/** Builds the program; `exit` receives each command's exit code. */
export function buildProgram(io: Io, exit: (code: number) => void): Command {
  const program = new Command('antrag')
    .description('Antrag forms: check, compile, import and type schema-driven form definitions.')
    .version(version(), '-V, --version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) })
    .showHelpAfterError('(add --help for usage)')
    .allowExcessArguments(false);

  program
    .command('validate')
    .description(
      'Check DSL files (*.form.json) and CMS definitions (*.cms.json, or any .json by its shape) against their ' +
        'schemas and compile them; check site content (folders with content.manifest.json) against schemas/content/; ' +
        'with --data, check one data document against one form.',
    )
    .argument('<paths...>', 'files or folders (folders are searched recursively)')
    .option('--data <file>', 'a JSON data document to check against the (single) form')
    .addOption(new Option('--locale <locale>', 'language of the data messages').choices([...LOCALES]).default('en'))
    .addOption(variantOption())
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExit codes: 0 all valid (warnings allowed), 1 something invalid, 2 usage error.\n' +
        'Output: one line per problem, `file:line:col pointer message`, then a summary line.',
    )
    .action(async (paths: string[], flags: CommonFlags & { data?: string; locale: Locale }) => {
      const { validateData, validateForms } = await import('./validate.js');
      const options = flags.option ?? {};
      if (flags.data !== undefined) {
        if (paths.length !== 1) throw new UsageError(`--data needs exactly one form, got ${paths.length} paths`);
        exit(await validateData(paths[0], flags.data, { format: flags.format, options, locale: flags.locale }, io));
      } else exit(validateForms(paths, { format: flags.format, options }, io));
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
    .action(
      async (paths: string[], flags: CommonFlags & { out: string; runtimeImport?: string; wholeForm?: boolean }) => {
        const { compileForms, installedRenderChecks } = await import('./compile.js');
        const renderChecks = await installedRenderChecks();
        exit(
          compileForms(
            paths,
            {
              format: flags.format,
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
    .addOption(formatOption())
    .action(async (kind: CmsKind, file: string, flags: CommonFlags & { out?: string; id?: string }) => {
      const { importDocument } = await import('./import.js');
      exit(importDocument(kind, file, { format: flags.format, out: flags.out, id: flags.id }, io));
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
    .action(async (paths: string[], flags: CommonFlags & { out: string; prettier: boolean }) => {
      const { generateTypes } = await import('./typegen.js');
      const opts = { format: flags.format, options: flags.option ?? {}, out: flags.out, prettier: flags.prettier };
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
    .option('--web-root <dir>', 'serve this build of the web app (default dist/site, built with vite when missing)')
    .option(
      '--studio-root <dir>',
      "serve this build of the studio's bundle (default dist/studio, built with vite when missing)",
    )
    .option('--build', 'rebuild dist/site and dist/studio first (those not given with the options above)')
    .addHelpText(
      'after',
      '\nExit codes: 0 after Ctrl+C, 2 for a folder it cannot write, a port in use or no usable web build.\n' +
        'Only pages of the studio itself can save, and only *.form.json files inside the folder.',
    )
    .action(async (folder: string, flags: { port: number; webRoot?: string; studioRoot?: string; build?: boolean }) => {
      const { startStudio } = await import('./studio.js');
      const { port, webRoot, studioRoot } = flags;
      exit(await startStudio(folder, { port, webRoot, studioRoot, build: flags.build === true }, io));
    });

  return program;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new InvalidArgumentError(`expected a port number (0-65535), got '${text}'`);
  return port;
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
    if (e instanceof UsageError) {
      io.stderr(`error: ${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
