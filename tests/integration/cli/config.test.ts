import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, findConfig } from '../../../packages/cli/src/config.js';
import { antragHere, FIXTURES, lines, ROOT, type Run, tempDir } from './support.js';

/** `antrag …args` as a child process in the folder `cwd`. */
function antragIn(cwd: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'packages/cli/bin/antrag.js'), ...args],
      { cwd },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

function project(config: unknown): { dir: string; file: string } {
  const dir = tempDir('config');
  const file = join(dir, CONFIG_FILE);
  writeFileSync(file, typeof config === 'string' ? config : `${JSON.stringify(config, null, 2)}\n`);
  return { dir, file };
}

describe('antrag.config.json', () => {
  it('is found in the working folder or the nearest parent', () => {
    const { dir, file } = project({ paths: [] });
    const deep = join(dir, 'a', 'b');
    mkdirSync(deep, { recursive: true });
    expect(findConfig(dir)).toBe(file);
    expect(findConfig(deep)).toBe(file);
  });

  it('a bare `antrag validate` checks the paths it names (relative to it), with its options and format', async () => {
    const { dir } = project({
      paths: [join(ROOT, FIXTURES, 'valid')],
      options: { callback: true },
      format: 'json',
      maxWarnings: 0,
    });
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    const run = await antragIn(sub, 'validate');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, summary: { files: 1, valid: 1 }, maxWarnings: 0 });
  });

  it('flags override it: --format, --max-warnings, --option, and paths on the command line', async () => {
    const { file } = project({
      paths: [join(ROOT, FIXTURES, 'broken')],
      format: 'json',
      maxWarnings: 0,
      options: { faceVerification: false },
    });
    // the config's paths, format, limit and option would each fail this run
    const run = await antragHere(
      'validate',
      '--config',
      file,
      `${FIXTURES}/cms`,
      '--format',
      'text',
      '--max-warnings',
      '-1',
    );
    expect(run.code).toBe(1); // the config's option is unknown to the form: an error, reported in text
    expect(lines(run.stdout).at(-1)).toBe('1 file checked, 1 invalid, 1 warning');
    const withOption = await antragHere('validate', '--config', file, `${FIXTURES}/valid`, '--format', 'text');
    expect(withOption.stdout).toMatch(/'faceVerification'/);
  });

  it('paths in the config are relative to the config file', async () => {
    const dir = tempDir('config-rel');
    mkdirSync(join(dir, 'forms'));
    writeFileSync(
      join(dir, 'forms', 'one.form.json'),
      JSON.stringify({ id: 'one', title: 'One', version: 1, steps: [{ id: 's', title: 'S', fields: [] }] }),
    );
    writeFileSync(join(dir, CONFIG_FILE), JSON.stringify({ paths: ['forms'] }));
    const run = await antragHere('validate', '--config', join(dir, CONFIG_FILE));
    expect(lines(run.stdout).at(-1)).toMatch(/^1 file checked/);
  });

  it('is checked against its schema: an unknown key is a usage error at file:line:col, with a suggestion', async () => {
    const { file } = project('{\n  "pths": ["schemas"],\n  "maxWarnings": "none"\n}\n');
    const run = await antragHere('validate', '--config', file);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${file}:2:3 /pths unknown property 'pths'; did you mean 'paths'?`);
    expect(run.stderr).toContain(`${file}:3:18 /maxWarnings must be of type integer`);
  });

  it('a config that is no JSON, or not there, is a usage error', async () => {
    const { file } = project('{ "paths": [ }');
    const broken = await antragHere('validate', '--config', file);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`${file}:1:14 invalid JSON`));
    const missing = await antragHere('validate', '--config', join(tempDir('none'), CONFIG_FILE));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/file not found/);
  });

  it('without paths and without a config, validate is a usage error', async () => {
    const run = await antragIn(tempDir('bare'), 'validate');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no paths to validate/);
  });
});
