/**
 * Publishing off the event loop (issue 17). Checking and compiling a definition is synchronous and grows with its
 * size (2,000 text fields took 16 s, a select of 100,000 options 61 s), and on the event loop it froze every
 * request meanwhile. So `prepareVersion` runs in a worker thread (forms/prepareWorker.ts):
 * - one publish at a time per instance, at most `queue` waiting; one more is refused at once with `PoolBusyError`
 *   (503 with Retry-After), so a burst of publishes cannot pile up work;
 * - `timeoutMs` for one: past it the worker is terminated (and started again for the next) and the definition is
 *   refused with a diagnostic (pointer '') saying it is too large to compile within the limit;
 * - a heap of at most `memoryMb` (resourceLimits): a definition that needs more ends the worker, not the server,
 *   and is refused the same way.
 * The worker is kept between publishes (loading the compiler takes about a second). It loads the built JavaScript
 * beside this file (site/dist), or, when the server runs from its TypeScript sources (tsx, Vitest), the sources
 * through tsx's loader, which Node 20 does not hand on to worker threads by itself.
 */
import { Worker } from 'node:worker_threads';
import type { PublishSettings } from '../config.js';
import { PoolBusyError, type PoolStats, PoolTimeoutError, WorkerPool } from '../documents/worker-pool.js';
import type { PreparedVersion, RefusedVersion } from './artifacts.js';
import type { PrepareJob } from './prepareWorker.js';

export { PoolBusyError };

type Prepared = PreparedVersion | RefusedVersion;

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(`./prepareWorker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);

/** The worker's code: the built module itself, or a start that registers tsx's loader and then imports the source. */
function workerSource(): { file: URL | string; eval: boolean } {
  if (!FROM_SOURCES) return { file: WORKER_FILE, eval: false };
  // tsx's ES module API, found from this file (its `require` export would load the CommonJS build); then the source
  const start = `const tsx = require('node:module').createRequire(${JSON.stringify(import.meta.url)}).resolve('tsx/package.json');
const api = new URL('dist/esm/api/index.mjs', require('node:url').pathToFileURL(tsx));
import(api.href).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`;
  return { file: start, eval: true };
}

/** The worker ran out of its heap (`memoryMb`). */
class OutOfMemory extends Error {}

/**
 * One worker thread, started again when it died (out of memory): the pool's slot keeps this object, so a worker
 * that died between jobs is replaced by the next job. Terminated by the pool when a job ran out of time.
 */
class PrepareThread {
  private worker?: Worker;
  private ready?: Promise<Worker>;
  private jobs = 0;

  constructor(private readonly memoryMb: number) {}

  static async start(memoryMb: number): Promise<PrepareThread> {
    const thread = new PrepareThread(memoryMb);
    await thread.started();
    return thread;
  }

  private started(): Promise<Worker> {
    this.ready ??= this.spawn();
    return this.ready;
  }

  private spawn(): Promise<Worker> {
    const { file, eval: isCode } = workerSource();
    const worker = new Worker(file, { eval: isCode, resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } });
    this.worker = worker;
    worker.unref();
    const forget = () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = undefined;
    };
    // a worker that died (out of memory) is started again by the next job; an 'error' nobody listens to would
    // end the server
    worker.on('error', forget);
    worker.on('exit', forget);
    return new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the publish worker stopped while starting (exit code ${code})`)));
    });
  }

  /** Prepares one definition; rejects with `OutOfMemory` when the worker died of it. */
  async prepare(definition: unknown, expectedId: string | undefined): Promise<Prepared> {
    const worker = await this.started();
    const job = ++this.jobs;
    worker.ref();
    try {
      return await new Promise<Prepared>((resolve, reject) => {
        const done = () => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: { job?: number; prepared?: Prepared }) => {
          if (answer.job !== job || !answer.prepared) return;
          done();
          resolve(answer.prepared);
        };
        const onError = (error: Error & { code?: string }) => {
          done();
          reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OutOfMemory(error.message) : error);
        };
        const onExit = (code: number) => {
          done();
          reject(new Error(`the publish worker stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage({ job, definition, expectedId } satisfies PrepareJob);
      });
    } finally {
      worker.unref();
    }
  }

  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function tooLarge(message: string): RefusedVersion {
  return { ok: false, diagnostics: [{ severity: 'error', code: 'too-large-to-compile', message, pointer: '' }] };
}

/** Prepares definitions in a worker thread, one at a time, within a time and memory limit (see the top). */
export class PublishWorker {
  private readonly pool: WorkerPool<PrepareThread>;

  constructor(private readonly settings: PublishSettings) {
    this.pool = new WorkerPool<PrepareThread>({
      size: 1,
      queue: settings.queue,
      timeoutMs: settings.timeoutMs,
      create: () => PrepareThread.start(settings.memoryMb),
      destroy: (thread) => thread.terminate(),
      expectedJobMs: 1000,
      busyMessage: (s) =>
        `other publishes are waiting to be compiled on this server; please try again in ${s} second${s === 1 ? '' : 's'}`,
    });
  }

  /**
   * `prepareVersion(definition, expectedId)` in the worker: the prepared version, or its refusal (too large for
   * the time or memory limit among them). Rejects with `PoolBusyError` when too many publishes wait already.
   */
  readonly prepare = async (definition: unknown, expectedId?: string): Promise<Prepared> => {
    try {
      const prepared = await this.pool.run((thread) => thread.prepare(definition, expectedId));
      return prepared.ok ? { ...prepared, definition } : prepared;
    } catch (error) {
      if (error instanceof PoolTimeoutError) {
        return tooLarge(
          `the definition is too large to compile within the limit of ${seconds(this.settings.timeoutMs)} (FORM_PUBLISH_TIMEOUT_MS); publish fewer fields, steps, choices or variants`,
        );
      }
      if (error instanceof OutOfMemory) {
        return tooLarge(
          `the definition is too large to compile within the memory limit of ${this.settings.memoryMb} MB (FORM_PUBLISH_MEMORY_MB); publish fewer fields, steps, choices or variants`,
        );
      }
      throw error;
    }
  };

  /** The worker's line now: publishes compiling and waiting (as the OCR pool reports its own). */
  stats(): PoolStats {
    return this.pool.stats();
  }

  /** Ends the worker; waiting publishes are refused. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
