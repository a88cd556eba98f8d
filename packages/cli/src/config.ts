/**
 * `antrag.config.json`: what `antrag validate` checks and how, so a project (and its CI) runs a bare
 * `antrag validate`. Found in the working folder or the nearest parent holding one, or named with `--config`.
 * Paths in it are relative to the file. Flags on the command line override it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describeError, describeHint } from '@antrag/core/compile/check';
import { JsonText } from '@antrag/core/document';
import { LOCALES, type Locale } from '@antrag/core/dsl/types';
import { Ajv } from 'ajv';
import { UsageError } from './errors.js';
import type { FormOptions } from './forms.js';
import { displayPath } from './paths.js';
import { OUTPUT_FORMATS, type OutputFormat } from './report.js';

export const CONFIG_FILE = 'antrag.config.json';

export interface AntragConfig {
  /** Absolute path of the file it was read from. */
  file: string;
  /** Files and folders to validate, resolved against the config file's folder. */
  paths?: string[];
  options?: FormOptions;
  locale?: Locale;
  format?: OutputFormat;
  maxWarnings?: number;
}

export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    paths: { type: 'array', items: { type: 'string', minLength: 1 } },
    options: {
      type: 'object',
      additionalProperties: {
        anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
      },
    },
    locale: { enum: [...LOCALES] },
    format: { enum: [...OUTPUT_FORMATS] },
    maxWarnings: { type: 'integer', minimum: -1 },
  },
} as const;

let validateConfig: ReturnType<Ajv['compile']> | undefined;

/** The nearest `antrag.config.json`: in `dir` or a parent. */
export function findConfig(dir: string = process.cwd()): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const file = join(at, CONFIG_FILE);
    if (existsSync(file)) return file;
    if (dirname(at) === at) return undefined;
  }
}

/** Reads and checks a config file; a broken one is a usage error naming `file:line:col` and what is wrong. */
export function readConfig(path: string): AntragConfig {
  const file = resolve(path);
  const shown = displayPath(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read the config file ${shown}: ${code === 'ENOENT' ? 'file not found' : (e as Error).message}`,
    );
  }
  const json = new JsonText(text);
  const syntax = json.syntaxError();
  if (syntax) throw new UsageError(`${shown}:${syntax.line}:${syntax.column} ${syntax.message}`);
  const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  if (!validateConfig) validateConfig = new Ajv({ allErrors: true, verbose: true }).compile(CONFIG_SCHEMA);
  if (!validateConfig(value)) {
    const problems = (validateConfig.errors ?? []).map((e) => {
      const property =
        e.keyword === 'additionalProperties' ? (e.params as { additionalProperty: string }).additionalProperty : '';
      const pointer = property ? `${e.instancePath}/${property}` : e.instancePath;
      const at = json.locate(pointer, property ? 'key' : 'value');
      const hint = describeHint(e);
      return `${shown}:${at.line}:${at.column} ${pointer || '/'} ${describeError(e)}${hint ? `; ${hint}` : ''}`;
    });
    throw new UsageError(`invalid config file:\n${problems.join('\n')}`);
  }
  const config = value as Omit<AntragConfig, 'file'>;
  return {
    ...config,
    file,
    ...(config.paths ? { paths: config.paths.map((p) => resolve(dirname(file), p)) } : {}),
  };
}

/** The config to use: the file `--config` names, else the nearest one, else none. */
export function loadConfig(explicit: string | undefined, cwd: string = process.cwd()): AntragConfig | undefined {
  if (explicit !== undefined) return readConfig(explicit);
  const found = findConfig(cwd);
  return found ? readConfig(found) : undefined;
}
