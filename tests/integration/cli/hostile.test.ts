/**
 * Hostile input to `antrag validate`, as a pull request in someone's CI may hold it: every file gets a message at its
 * place and an exit code, the run goes on with the other files, nothing hangs, crashes or reads outside the project.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { antragHere, tempDir } from './support.js';

const FORM = (fields: string) =>
  `{\n  "id": "hostile",\n  "title": "Hostile",\n  "version": 1,\n  "steps": [{ "id": "a", "title": "A", "fields": [${fields}] }]\n}\n`;
const VALID = FORM('{ "name": "x", "type": "text", "label": "X" }');

/** A project folder of its own (with package.json, so it is the project root) holding the given files. */
function project(files: Record<string, string>): string {
  const dir = tempDir('hostile');
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('antrag validate on hostile input', () => {
  it('reports JSON nested 100,000 levels deep at its place, and still checks the other files', async () => {
    const dir = project({ 'deep.form.json': '['.repeat(100_000), 'ok.form.json': VALID });
    const run = await antragHere('validate', '--format', 'json', dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.summary).toMatchObject({ files: 2, valid: 1, invalid: 1 });
    const [d] = report.diagnostics;
    expect(d).toMatchObject({ line: 1, column: 257 });
    expect(d.message).toMatch(/nested deeper than 256 levels/);
  });

  it('refuses a $ref to a device, a pipe or a file outside the project, without reading it', async () => {
    const dir = project({
      'forms/a.form.json': FORM(
        [
          '{ "$ref": "/dev/zero" }',
          '{ "$ref": "../../outside.json#/field" }',
          '{ "$ref": "/etc/hostname" }',
          '{ "$ref": "./pipe.json" }',
        ].join(', '),
      ),
    });
    writeFileSync(join(dir, '../outside.json'), '{ "field": { "name": "leak", "type": "text", "label": "SECRET" } }');
    execFileSync('mkfifo', [join(dir, 'forms/pipe.json')]);
    const start = performance.now();
    const run = await antragHere('validate', '--format', 'json', join(dir, 'forms/a.form.json'));
    expect(performance.now() - start).toBeLessThan(20_000);
    expect(run.code).toBe(1);
    const messages = JSON.parse(run.stdout).diagnostics.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/"\/dev\/zero" is refused: it leaves the project/),
        expect.stringMatching(/"..\/..\/outside.json#\/field" is refused: it leaves the project/),
        expect.stringMatching(/"\/etc\/hostname" is refused: it leaves the project/),
        expect.stringMatching(/"\.\/pipe\.json" points nowhere: .*is no regular file/),
      ]),
    );
    expect(run.stdout).not.toMatch(/SECRET/);
  });

  it('refuses a form file over 16 MB and a pipe named like a form, with the reason', async () => {
    const dir = project({ 'big.form.json': `{"pad": "${'x'.repeat(17 * 1024 * 1024)}"}` });
    execFileSync('mkfifo', [join(dir, 'pipe.form.json')]);
    const run = await antragHere('validate', join(dir, 'big.form.json'), join(dir, 'pipe.form.json'));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/big\.form\.json:1:1 .*a form file may have at most 16 MB/);
    expect(run.stdout).toMatch(/pipe\.form\.json:1:1 .*is no regular file/);
  });
});
