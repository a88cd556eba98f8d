/** Helpers for the CLI tests (not a test file itself): run `antrag` as a child process from the repository root. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Fixture folder, relative to the repository root (the CLI prints paths relative to its working folder). */
export const FIXTURES = 'tests/fixtures/cli';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node packages/cli/bin/antrag.js …args` with the repository root as working folder. */
export function antrag(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['packages/cli/bin/antrag.js', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Lines of an output, without the empty last one. */
export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `antrag-${prefix}-`));
}

/** Runs `antrag …args` in this process (quicker than a child; the working folder is the test's). */
export async function antragHere(...args: string[]): Promise<Run> {
  const { main } = await import('../../../packages/cli/src/main.js');
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'antrag', ...args], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** Variables a run of `antrag` must not inherit from the shell the tests run in (`antragWith` sets its own). */
const SERVER_VARIABLES = ['ANTRAG_SERVER', 'ANTRAG_ADMIN_TOKEN'];

/**
 * Runs `node packages/cli/bin/antrag.js …args` as a child with the environment `env` adds (ANTRAG_SERVER and
 * ANTRAG_ADMIN_TOKEN only from there) and `input` written to its standard input, which is a pipe.
 */
export function antragWith(args: string[], opts: { env?: Record<string, string>; input?: string } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  Object.assign(env, opts.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['packages/cli/bin/antrag.js', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.on('error', () => undefined); // the command may exit before it reads its input
    child.stdin.end(opts.input ?? '');
  });
}
