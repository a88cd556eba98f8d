/**
 * `antrag studio [folder]`: serves the authoring studio on 127.0.0.1 over a folder of form files, saving edits
 * back to them. Refuses a folder it cannot write (exit 2) before it starts anything; runs until interrupted.
 */
import { resolve } from 'node:path';
import { checkWritable } from './folder.js';
import { type StudioHost, startStudioServer } from './server.js';
import {
  buildStudioApp,
  buildWebApp,
  DEFAULT_STUDIO_ROOT,
  DEFAULT_WEB_ROOT,
  studioRootProblem,
  webRootProblem,
} from './web.js';

export const DEFAULT_STUDIO_PORT = 4310;

export type { StudioHost };

/** Where the studio writes what it says. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface StudioOptions {
  port: number;
  /** A build of the web app to serve instead of `dist/site` (never rebuilt). */
  webRoot?: string;
  /** A build of the studio's bundle to serve instead of `dist/studio` (never rebuilt). */
  studioRoot?: string;
  /** Rebuild `dist/site` and `dist/studio` (those not replaced by the options above) even when they exist. */
  build?: boolean;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<void>;
}

function untilSignal(): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Exit code: 0 after a clean stop, 2 for a folder it cannot write, a port in use or no usable web build. */
export async function runStudio(folder: string, opts: StudioOptions, io: Io, host: StudioHost): Promise<number> {
  const displayPath = host.display;
  const fail = (message: string) => {
    io.stderr(`antrag studio: ${message}\n`);
    return 2;
  };
  const writable = await checkWritable(resolve(folder));
  if (!writable.ok) return fail(`cannot write to '${folder}': ${writable.reason}`);

  const webRoot = opts.webRoot ? resolve(opts.webRoot) : DEFAULT_WEB_ROOT;
  const studioRoot = opts.studioRoot ? resolve(opts.studioRoot) : DEFAULT_STUDIO_ROOT;
  const builds = [
    { given: opts.webRoot, root: webRoot, what: 'the web app', problem: webRootProblem, build: buildWebApp },
    {
      given: opts.studioRoot,
      root: studioRoot,
      what: "the studio's bundle",
      problem: studioRootProblem,
      build: buildStudioApp,
    },
  ];
  for (const b of builds) {
    const problem = b.problem(b.root);
    if (b.given && problem) return fail(`cannot serve ${b.what} from '${b.given}': ${problem}`);
    if (b.given || (!problem && !opts.build)) continue;
    io.stderr(`antrag studio: building ${b.what} into ${displayPath(b.root)} (vite)…\n`);
    try {
      await b.build(b.root);
    } catch (e) {
      return fail(`${b.what} could not be built: ${(e as Error).message}`);
    }
  }

  let server: Awaited<ReturnType<typeof startStudioServer>>;
  try {
    server = await startStudioServer({ folder, webRoot, studioRoot, port: opts.port, host });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return fail(`port ${opts.port} is in use; choose another with --port`);
    if (code === 'EACCES') return fail(`port ${opts.port} may not be used; choose another with --port`);
    throw e;
  }
  const files = await server.folder.list();
  io.stdout(
    `antrag studio: ${server.origin}/studio — ${displayPath(server.folder.root)}, ` +
      `${files.length} form file${files.length === 1 ? '' : 's'} (Ctrl+C stops)\n`,
  );
  await (opts.stopped ?? untilSignal());
  await server.close();
  return 0;
}
