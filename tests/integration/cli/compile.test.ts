import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../../packages/cli/src/load.js';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { antrag, FIXTURES, lines, ROOT, tempDir } from './support.js';

const FORM = `${FIXTURES}/valid/contact.form.json`;
// inside the repository (and git-ignored), so the generated validators can import the runtime and ajv
const OUT = join(ROOT, FIXTURES, 'out', `compile-${process.pid}`);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** Every file under a folder, relative path → bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else files.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return files;
}

describe('antrag compile', () => {
  it('writes form.json, schema.json, ui-schema.json, one schema per step and validators.js per form', async () => {
    const out = join(OUT, 'artefacts');
    const run = await antrag('compile', FORM, `${FIXTURES}/cms`, '--out', out);
    expect(run.code).toBe(0);
    expect([...snapshot(join(out, 'cli-contact')).keys()].sort()).toEqual([
      'form.json',
      'schema.json',
      'steps/step-0.schema.json',
      'steps/step-1.schema.json',
      'ui-schema.json',
      'validators.js',
    ]);
    expect(snapshot(join(out, 'cli-v2-unknown')).has('validators.js')).toBe(true);
    expect(lines(run.stdout).at(-1)).toBe('2 files compiled, 0 invalid, 1 warning');

    // form.json is the compiled form of the document with its $ref resolved; the others are parts of it
    const expected = compileForm(loadDocument(join(ROOT, FORM)).value).form!;
    const read = (name: string) => JSON.parse(readFileSync(join(out, 'cli-contact', name), 'utf8'));
    expect(read('form.json')).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(read('schema.json')).toEqual(read('form.json').schema);
    expect(read('ui-schema.json')).toEqual(read('form.json').uiSchema);
    expect(read('steps/step-1.schema.json')).toEqual(read('form.json').stepSchemas[1]);
    expect(Object.keys(read('schema.json').properties)).toContain('zipCode');
    for (const name of ['form.json', 'schema.json', 'validators.js']) {
      expect(readFileSync(join(out, 'cli-contact', name), 'utf8')).toMatch(/\n$/);
    }
  });

  it('writes byte-identical artefacts when run twice', async () => {
    const first = join(OUT, 'first');
    const second = join(OUT, 'second');
    const runtime = '@antrag/validation-runtime';
    for (const out of [first, second]) {
      const run = await antrag('compile', FORM, '--out', out, '--runtime-import', runtime);
      expect(run.code).toBe(0);
    }
    const a = snapshot(first);
    const b = snapshot(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [name, bytes] of a) expect(b.get(name)?.equals(bytes), name).toBe(true);
    expect(a.get('cli-contact/validators.js')?.toString()).toContain(`from "${runtime}"`);
  });

  it('writes validators that run: the precompiled module accepts and rejects like the form', async () => {
    const out = join(OUT, 'runnable');
    expect((await antrag('compile', FORM, '--out', out, '--whole-form')).code).toBe(0);
    const validators = await import(join(out, 'cli-contact', 'validators.js'));
    const data = JSON.parse(readFileSync(join(ROOT, FIXTURES, 'data/contact.valid.json'), 'utf8'));
    expect(validators.form(data)).toBe(true);
    expect(validators.form({ ...data, zipCode: '1011' })).toBe(false);
    expect(validators.step1({ ...data, zipCode: '1011' })).toBe(false);
    expect(validators.step0({ ...data, zipCode: '1011' })).toBe(true);
  });

  it('writes only the step validators unless --whole-form is given', async () => {
    const out = join(OUT, 'steps-only');
    expect((await antrag('compile', FORM, '--out', out)).code).toBe(0);
    const validators = await import(join(out, 'cli-contact', 'validators.js'));
    // the steps and the render checks RJSF makes, but no whole-form validator
    const names = Object.keys(validators);
    expect(names.filter((n) => /^step\d+$/.test(n)).sort()).toEqual(['step0', 'step1']);
    expect(names).toContain('checks');
    expect(names).not.toContain('form');
  });

  it('puts a variant in its own folder and leaves no stale step schemas behind', async () => {
    const out = join(OUT, 'variants');
    expect((await antrag('compile', FORM, '--out', out, '--option', 'callback=true')).code).toBe(0);
    expect(readdirSync(join(out, 'cli-contact--callback-true', 'steps')).sort()).toEqual([
      'step-0.schema.json',
      'step-1.schema.json',
      'step-2.schema.json',
    ]);
    // a compile with fewer steps into a folder that had more
    const folder = join(out, 'cli-contact');
    mkdirSync(join(folder, 'steps'), { recursive: true });
    writeFileSync(join(folder, 'steps', 'step-2.schema.json'), '{}\n');
    expect((await antrag('compile', FORM, '--out', out)).code).toBe(0);
    expect(readdirSync(join(folder, 'steps')).sort()).toEqual(['step-0.schema.json', 'step-1.schema.json']);
  });

  it('writes the valid forms, skips the broken ones with their errors, and exits 1', async () => {
    const out = tempDir('compile');
    const run = await antrag('compile', `${FIXTURES}/broken`, FORM, '--out', out, '--format', 'json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.summary).toMatchObject({ files: 7, valid: 1, invalid: 6 });
    expect(report.outputs.map((o: { form: string }) => o.form)).toEqual(['cli-contact']);
    expect(readdirSync(out)).toEqual(['cli-contact']);
    expect(report.diagnostics.map((d: { file: string }) => d.file)).toContain(
      'tests/fixtures/cli/broken/bad-regex.form.json',
    );
  });

  it('exits 2 without --out', async () => {
    const run = await antrag('compile', FORM);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--out/);
  });
});
