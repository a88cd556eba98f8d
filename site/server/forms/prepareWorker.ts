/**
 * The worker thread a publish is checked and compiled in (forms/publishWorker.ts starts it): one definition per
 * message, answered with what `prepareVersion` made of it. The definition as given is not sent back (the caller
 * has it): the answer is plain JSON, the prepared artefacts and diagnostics.
 */
import { parentPort } from 'node:worker_threads';
import { prepareVersion } from './artifacts.js';

export interface PrepareJob {
  job: number;
  definition: unknown;
  expectedId?: string;
}

const port = parentPort;
if (!port) throw new Error('prepareWorker runs as a worker thread of the publish worker');

port.on('message', ({ job, definition, expectedId }: PrepareJob) => {
  try {
    const prepared = prepareVersion(definition, expectedId);
    port.postMessage({ job, prepared: prepared.ok ? { ...prepared, definition: undefined } : prepared });
  } catch (error) {
    // a defect of the compiler, not of the definition: said as such, and the worker stays usable
    const message = `the compiler failed on this definition: ${error instanceof Error ? error.message : String(error)}`;
    port.postMessage({
      job,
      prepared: { ok: false, diagnostics: [{ severity: 'error', code: 'compiler-failure', message, pointer: '' }] },
    });
  }
});
// the modules are loaded: a job's time starts now
port.postMessage({ ready: true });
