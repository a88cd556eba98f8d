/**
 * The bounded worker pool behind the OCR, with test doubles for the workers: each fake worker is a
 * numbered object, and each job a promise the test settles by hand, so that "busy", "waiting" and
 * "stuck" are exact states rather than timings. The real tesseract workers are exercised in
 * ocr-limits.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PoolBusyError,
  PoolOwnerLimitError,
  PoolTimeoutError,
  WorkerPool,
} from '../../../../site/server/documents/worker-pool.js';

interface FakeWorker {
  id: number;
  alive: boolean;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A pool of fake workers; `made` and `ended` record which workers were started and terminated. */
function fakePool(options: {
  size: number;
  queue: number;
  timeoutMs?: number;
  failStarts?: number;
  /** Each start takes this long (fake timers), or never ends (Infinity) for the first `hangStarts`. */
  startMs?: number;
  hangStarts?: number;
  startTimeoutMs?: number;
  perOwner?: number;
  ownerWorkers?: number;
}) {
  const made: FakeWorker[] = [];
  const ended: number[] = [];
  let failures = options.failStarts ?? 0;
  let hangs = options.hangStarts ?? 0;
  const pool = new WorkerPool<FakeWorker>({
    size: options.size,
    queue: options.queue,
    timeoutMs: options.timeoutMs ?? 60_000,
    startTimeoutMs: options.startTimeoutMs,
    expectedJobMs: 4000,
    perOwner: options.perOwner,
    ownerWorkers: options.ownerWorkers,
    ownerLimitMessage: (n, s) => `you have ${n} jobs already, retry in ${s} s`,
    create: async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('start failed');
      }
      if (hangs > 0) {
        hangs -= 1;
        await new Promise(() => {});
      }
      if (options.startMs) await new Promise((resolve) => setTimeout(resolve, options.startMs));
      const worker = { id: made.length + 1, alive: true };
      made.push(worker);
      return worker;
    },
    destroy: (worker) => {
      worker.alive = false;
      ended.push(worker.id);
    },
    busyMessage: (s) => `busy, retry in ${s} s`,
    timeout: (ms) => ({ statusCode: 422, message: `took over ${ms} ms` }),
  });
  return { pool, made, ended };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('WorkerPool', () => {
  it('runs at most `size` jobs at once and lets the others wait their turn in order', async () => {
    const { pool, made } = fakePool({ size: 2, queue: 3 });
    const gates = [deferred<string>(), deferred<string>(), deferred<string>(), deferred<string>()];
    const startedOn: number[][] = [[], [], [], []];
    const results = gates.map((gate, i) =>
      pool.run(async (worker) => {
        startedOn[i].push(worker.id);
        return gate.promise;
      }),
    );
    await settle();
    expect(startedOn.map((s) => s.length)).toEqual([1, 1, 0, 0]);
    expect(pool.stats()).toMatchObject({ workers: 2, busy: 2, queued: 2, started: 2 });

    gates[1].resolve('second');
    expect(await results[1]).toBe('second');
    await settle();
    // the first waiting job gets the freed worker; nothing new is started
    expect(startedOn[2]).toEqual([startedOn[1][0]]);
    expect(startedOn[3]).toEqual([]);
    gates[0].resolve('first');
    gates[2].resolve('third');
    await settle();
    gates[3].resolve('fourth');
    expect(await Promise.all(results)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(made).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0, jobs: 4, refused: 0 });
  });

  it('refuses a job at once with 503 and a Retry-After estimate when the line is full', async () => {
    const { pool } = fakePool({ size: 1, queue: 1 });
    const gate = deferred<void>();
    const running = pool.run(() => gate.promise);
    const waiting = pool.run(async () => 'waited');
    const refused = pool.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(PoolBusyError);
    const error = (await refused.catch((e: unknown) => e)) as PoolBusyError;
    expect(error.statusCode).toBe(503);
    expect(error.expose).toBe(true);
    // one waiting plus this one, at the expected 4 s a job on one worker
    expect(error.retryAfterSeconds).toBe(8);
    expect(error.message).toBe('busy, retry in 8 s');
    expect(pool.stats()).toMatchObject({ refused: 1, queued: 1 });
    gate.resolve();
    await running;
    expect(await waiting).toBe('waited');
  });

  it('with no waiting line, refuses the second job while the only worker is busy', async () => {
    const { pool } = fakePool({ size: 1, queue: 0 });
    const gate = deferred<void>();
    const running = pool.run(() => gate.promise);
    await expect(pool.run(async () => 1)).rejects.toMatchObject({ statusCode: 503 });
    gate.resolve();
    await running;
    expect(await pool.run(async () => 2)).toBe(2);
  });

  it('fails a job that overruns its time with PoolTimeoutError, terminates its worker and starts a fresh one', async () => {
    vi.useFakeTimers();
    const { pool, made, ended } = fakePool({ size: 1, queue: 1, timeoutMs: 1000 });
    let signal: AbortSignal | undefined;
    // never settles, like a recognition in a loop
    const stuck = pool.run((_worker, jobSignal) => {
      signal = jobSignal;
      return new Promise<never>(() => {});
    });
    const next = pool.run(async (worker) => worker.id);
    const outcome = stuck.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(ended).toEqual([]);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as PoolTimeoutError;
    expect(error).toBeInstanceOf(PoolTimeoutError);
    expect(error).toMatchObject({ statusCode: 422, timeoutMs: 1000, message: 'took over 1000 ms' });
    // a job of several steps learns that its worker is gone and starts no further step on it
    expect(signal?.aborted).toBe(true);
    // the waiting job ran on a new worker, the stuck one was ended
    expect(await next).toBe(2);
    expect(ended).toEqual([1]);
    expect(made.map((w) => w.alive)).toEqual([false, true]);
    expect(pool.stats()).toMatchObject({ timedOut: 1, started: 2, workers: 1, busy: 0 });
  });

  it('keeps a worker after a job that fails on its own, and replaces it after a job that asks to be recycled', async () => {
    const { pool, ended } = fakePool({ size: 1, queue: 0 });
    await expect(
      pool.run(async () => {
        throw new Error('bad image');
      }),
    ).rejects.toThrow('bad image');
    expect(await pool.run(async (w) => w.id)).toBe(1);
    expect(await pool.run(async (w) => w.id, { recycle: true })).toBe(1);
    await settle();
    expect(ended).toEqual([1]);
    expect(await pool.run(async (w) => w.id)).toBe(2);
    expect(pool.stats()).toMatchObject({ recycled: 1, started: 2 });
  });

  it('lets the next job try again after a worker failed to start', async () => {
    const { pool } = fakePool({ size: 1, queue: 0, failStarts: 1 });
    await expect(pool.run(async (w) => w.id)).rejects.toThrow('start failed');
    expect(await pool.run(async (w) => w.id)).toBe(1);
  });

  it('does not count a slow worker start against the job, but gives up a start that hangs with 503', async () => {
    vi.useFakeTimers();
    const slow = fakePool({ size: 1, queue: 0, timeoutMs: 1000, startMs: 900 });
    const job = slow.pool.run(async (w) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return w.id;
    });
    await vi.advanceTimersByTimeAsync(1500); // 900 ms start + 600 ms job: over 1000 ms in all, within it for the job
    expect(await job).toBe(1);

    const hanging = fakePool({ size: 1, queue: 0, timeoutMs: 1000, hangStarts: 1, startTimeoutMs: 5000 });
    const first = hanging.pool.run(async (w) => w.id).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await first).toMatchObject({ name: 'PoolBusyError', statusCode: 503 });
    expect(await hanging.pool.run(async (w) => w.id)).toBe(1);
    expect(hanging.pool.stats()).toMatchObject({ started: 2, busy: 0 });
  });

  it('bounds Retry-After by the time limit and answers at least one second', async () => {
    const { pool } = fakePool({ size: 2, queue: 0, timeoutMs: 1500 });
    expect(pool.retryAfterSeconds()).toBe(1); // one job ahead on two workers: 2 s at the expected pace, capped at 1.5 s
    const slow = fakePool({ size: 1, queue: 0, timeoutMs: 60_000 }).pool;
    expect(slow.retryAfterSeconds()).toBe(4);
  });

  it('on close, ends its workers, stops the running job at once and refuses waiting and later jobs', async () => {
    const { pool, ended } = fakePool({ size: 1, queue: 1 });
    let signal: AbortSignal | undefined;
    const running = pool.run((_worker, jobSignal) => {
      signal = jobSignal;
      return new Promise<never>(() => {});
    });
    const waiting = pool.run(async () => 'never');
    await settle();
    await pool.close();
    await expect(running).rejects.toThrow(/closed/);
    expect(signal?.aborted).toBe(true);
    await expect(waiting).rejects.toThrow(/closed/);
    await expect(pool.run(async () => 1)).rejects.toThrow(/closed/);
    expect(ended).toEqual([1]);
  });

  // Issue 14: one client held the whole OCR with 18 slow images; each job now names its owner.
  it('gives one owner at most `perOwner` jobs waiting or running, refusing more with 429 before they queue', async () => {
    const { pool } = fakePool({ size: 2, queue: 4, perOwner: 2 });
    const gates = [deferred<string>(), deferred<string>()];
    const mine = gates.map((gate) => pool.run(() => gate.promise, { owner: 'a' }));
    const third = pool.run(async () => 'never', { owner: 'a' });
    const error = (await third.catch((e: unknown) => e)) as PoolOwnerLimitError;
    expect(error).toBeInstanceOf(PoolOwnerLimitError);
    expect(error.statusCode).toBe(429);
    // one of the owner's own jobs must end first: about one job's time (4 s expected)
    expect(error.retryAfterSeconds).toBe(4);
    expect(error.message).toBe('you have 2 jobs already, retry in 4 s');
    // refused before queueing: the line holds nothing of it, and another owner is not affected
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 0, ownerRefused: 1, refused: 0 });
    const other = pool.run(async () => 'b', { owner: 'b' });
    expect(pool.stats()).toMatchObject({ queued: 1 });
    // jobs without an owner are not counted against anybody
    const anonymous = [pool.run(async () => 'x'), pool.run(async () => 'y')];
    gates[0].resolve('a1');
    expect(await mine[0]).toBe('a1');
    // the owner's share is free again once a job ended, also after a failure
    const again = pool.run(async () => 'a3', { owner: 'a' });
    gates[1].reject(new Error('failed'));
    await expect(mine[1]).rejects.toThrow('failed');
    expect(await Promise.all([other, ...anonymous, again])).toEqual(['b', 'x', 'y', 'a3']);
    const refill = [1, 2].map((n) => pool.run(async () => n, { owner: 'a' }));
    expect(await Promise.all(refill)).toEqual([1, 2]);
    expect(pool.stats()).toMatchObject({ ownerRefused: 1, busy: 0, queued: 0 });
  });

  it('runs one owner on at most `ownerWorkers` workers, so that another owner starts at once', async () => {
    const { pool } = fakePool({ size: 2, queue: 4, perOwner: 2, ownerWorkers: 1 });
    const gates = [deferred<string>(), deferred<string>()];
    const started: string[] = [];
    const mine = gates.map((gate, i) =>
      pool.run(
        async () => {
          started.push(`a${i + 1}`);
          return gate.promise;
        },
        { owner: 'a' },
      ),
    );
    await settle();
    // the second job of 'a' waits although a worker is free
    expect(started).toEqual(['a1']);
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    const other = deferred<string>();
    const b = pool.run(
      async () => {
        started.push('b');
        return other.promise;
      },
      { owner: 'b' },
    );
    await settle();
    expect(started).toEqual(['a1', 'b']);
    // when 'b' ends, the waiting job of 'a' still may not take the worker: 'a' holds one already
    other.resolve('b');
    expect(await b).toBe('b');
    await settle();
    expect(started).toEqual(['a1', 'b']);
    gates[0].resolve('a1');
    await settle();
    expect(started).toEqual(['a1', 'b', 'a2']);
    gates[1].resolve('a2');
    expect(await Promise.all(mine)).toEqual(['a1', 'a2']);
  });

  it("counts an owner's admission check against its share, and a failed check takes no place in the line", async () => {
    const { pool } = fakePool({ size: 1, queue: 1, perOwner: 2 });
    const check = deferred<void>();
    const checking = pool.run(async () => 'checked', { owner: 'a', admit: () => check.promise });
    const second = deferred<string>();
    const running = pool.run(() => second.promise, { owner: 'a' });
    // the check is still going: it holds one of the owner's two places
    await expect(pool.run(async () => 'x', { owner: 'a' })).rejects.toBeInstanceOf(PoolOwnerLimitError);
    check.reject(new Error('refused by the check'));
    await expect(checking).rejects.toThrow('refused by the check');
    expect(pool.stats()).toMatchObject({ queued: 0, jobs: 1 });
    second.resolve('ran');
    expect(await running).toBe('ran');
  });

  it('refuses nonsensical sizes', () => {
    const base = { create: async () => ({}), destroy: () => {} };
    expect(() => new WorkerPool({ ...base, size: 0, queue: 1, timeoutMs: 1 })).toThrow(/at least one worker/);
    expect(() => new WorkerPool({ ...base, size: 1, queue: -1, timeoutMs: 1 })).toThrow(/negative/);
    expect(() => new WorkerPool({ ...base, size: 1, queue: 1, timeoutMs: 0 })).toThrow(/positive/);
    expect(() => new WorkerPool({ ...base, size: 1, queue: 1, timeoutMs: 1, perOwner: 0 })).toThrow(/one job/);
  });
});
