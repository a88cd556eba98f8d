/**
 * `antrag validate --watch`: validates, then again whenever one of the given files or folders changes, or a file
 * their `$ref`s name. Each run clears the terminal first. Runs until `signal` aborts (Ctrl+C), then resolves to 0.
 */
import { existsSync, type FSWatcher, statSync, watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Io } from './report.js';
import { runValidation, type ValidateOptions } from './validate.js';

export interface WatchOptions {
  /** Wait this long after the last change before running again (ms; editors write a file in several steps). */
  debounceMs?: number;
  /** Called before each run but the first; by default clears a terminal. */
  clear?: () => void;
  /** Called after each run with its exit code (tests wait on it). */
  onRun?: (code: number) => void;
}

const clearTerminal = (io: Io) => () => {
  if (process.stdout.isTTY) io.stdout('\x1b[2J\x1b[3J\x1b[H');
};

export function watchValidation(
  paths: string[],
  opts: ValidateOptions,
  io: Io,
  signal: AbortSignal,
  watchOpts: WatchOptions = {},
): Promise<number> {
  const debounceMs = watchOpts.debounceMs ?? 100;
  const clear = watchOpts.clear ?? clearTerminal(io);
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  // files watched through their folder (so a file an editor replaces, or one not there yet, is still seen)
  let files = new Set<string>();

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };
  const watchDir = (dir: string, recursive: boolean, onChange: (name: string | null) => void) => {
    const key = `${recursive ? 'r' : 'f'}:${dir}`;
    if (watchers.has(key) || !existsSync(dir)) return;
    try {
      const w = watch(dir, { recursive }, (_event, name) => onChange(name === null ? null : String(name)));
      w.on('error', () => undefined);
      watchers.set(key, w);
    } catch {
      // a folder that cannot be watched (gone, no permission): the others still are
    }
  };
  const rewatch = (read: string[]) => {
    const given = paths.map((p) => resolve(p));
    files = new Set([...read, ...given.filter((p) => !isDir(p))]);
    for (const p of given) if (isDir(p)) watchDir(p, true, schedule);
    for (const f of files) {
      const dir = dirname(f);
      watchDir(dir, false, (name) => {
        if (name === null || files.has(resolve(dir, name)) || name === basename(f)) schedule();
      });
    }
  };
  const report = (result: { code: number; files: string[] }) => {
    rewatch(result.files);
    io.stderr('watching for changes (Ctrl+C stops)\n');
    watchOpts.onRun?.(result.code);
  };
  const run = () => {
    timer = undefined;
    if (signal.aborted) return;
    clear();
    try {
      report(runValidation(paths, opts, io));
    } catch (e) {
      // a path that vanished meanwhile: say so and wait for it to come back
      io.stderr(`error: ${(e as Error).message}\n`);
      report({ code: 2, files: [] });
    }
  };

  return new Promise((done) => {
    const stop = () => {
      if (timer) clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      done(0);
    };
    // the first run is not caught: a path that does not exist is a usage error, as without --watch
    report(runValidation(paths, opts, io));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
