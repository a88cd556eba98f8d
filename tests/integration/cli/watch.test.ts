import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchValidation } from '../../../packages/cli/src/watch.js';
import { FIXTURES, ROOT, tempDir } from './support.js';

const form = (fields: unknown[]) =>
  JSON.stringify({ id: 'watched', title: 'Watched', version: 1, steps: [{ id: 'one', title: 'One', fields }] });
const shared = (pattern: string) =>
  JSON.stringify({ fields: [{ name: 'zip', type: 'text', label: 'Zip', rules: [{ pattern, message: 'Digits' }] }] });

/** Resolves when `predicate` holds, polling; fails the test after `ms`. */
async function until(predicate: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting for a run');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('antrag validate --watch', () => {
  it('runs again when the form or a file it $refs changes, once per burst of changes, until stopped', async () => {
    const dir = tempDir('watch');
    // a project (its $refs may not leave it): forms/ and shared/ side by side
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    mkdirSync(join(dir, 'forms'));
    mkdirSync(join(dir, 'shared'));
    const formFile = join(dir, 'forms', 'watched.form.json');
    const sharedFile = join(dir, 'shared', 'fields.json');
    writeFileSync(sharedFile, shared('^[0-9]{5}$'));
    writeFileSync(formFile, form([{ $ref: '../shared/fields.json#/fields/0' }]));

    let out = '';
    const codes: number[] = [];
    let clears = 0;
    const stop = new AbortController();
    const done = watchValidation(
      [formFile],
      { format: 'text', options: {} },
      { stdout: (t) => (out += t), stderr: () => undefined },
      stop.signal,
      { debounceMs: 300, clear: () => clears++, onRun: (code) => codes.push(code) },
    );
    expect(codes).toEqual([0]);
    expect(clears).toBe(0);

    // a file the form only names through $ref: breaking it is seen
    writeFileSync(sharedFile, shared('[0-9'));
    await until(() => codes.length === 2);
    expect(codes).toEqual([0, 1]);
    expect(clears).toBe(1);
    expect(out).toMatch(/shared\/fields\.json:1:\d+ \/fields\/0\/rules\/0\/pattern .*not a valid regular expression/);

    // several writes within the debounce make one run
    writeFileSync(formFile, form([{ name: 'a', type: 'text', label: 'A' }]));
    writeFileSync(formFile, form([{ name: 'b', type: 'text', label: 'B' }]));
    await until(() => codes.length === 3);
    await new Promise((r) => setTimeout(r, 700));
    expect(codes).toEqual([0, 1, 0]);

    stop.abort();
    await expect(done).resolves.toBe(0);
    // stopped: no more runs
    writeFileSync(formFile, form([{ name: 'c', type: 'txt', label: 'C' }]));
    await new Promise((r) => setTimeout(r, 300));
    expect(codes).toEqual([0, 1, 0]);
  });

  it('watches a folder: a new form in it is checked', async () => {
    const dir = tempDir('watch-dir');
    writeFileSync(join(dir, 'one.form.json'), form([{ name: 'a', type: 'text', label: 'A' }]));
    let out = '';
    const codes: number[] = [];
    const stop = new AbortController();
    const done = watchValidation(
      [dir],
      { format: 'text', options: {} },
      { stdout: (t) => (out += t), stderr: () => undefined },
      stop.signal,
      { clear: () => undefined, onRun: (code) => codes.push(code) },
    );
    writeFileSync(join(dir, 'two.form.json'), form([{ name: 'b', type: 'txt', label: 'B' }]));
    await until(() => codes.length === 2);
    expect(codes).toEqual([0, 1]);
    expect(out).toMatch(/two\.form\.json:1:\d+ \/steps\/0\/fields\/0\/type Field type txt/);
    stop.abort();
    await expect(done).resolves.toBe(0);
  });

  it('Ctrl+C (SIGINT) stops the command with exit code 0', async () => {
    const child = spawn(
      process.execPath,
      ['packages/cli/bin/antrag.js', 'validate', `${FIXTURES}/all-problems`, '--watch'],
      {
        cwd: ROOT,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until(() => stderr.includes('watching for changes'), 30_000);
    expect(stdout).toMatch(/2 files checked, 2 invalid/);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 40_000);
});
