/**
 * A small bounded pool of slow, crashable workers (the OCR's tesseract.js workers), with:
 * - at most `size` workers, each started on first need and running one job at a time;
 * - a waiting line of at most `queue` jobs; a job beyond it is refused at once with `PoolBusyError`
 *   (503, with a `retryAfterSeconds` estimated from recent job times) instead of waiting behind others;
 * - a time limit per job, counted from the moment its worker is ready: when it runs out the job fails
 *   with `PoolTimeoutError` and its worker is terminated and replaced, so a job stuck in WebAssembly
 *   cannot hold a worker (or its memory) after its time;
 * - `recycle`: a job may ask for its worker to be replaced after it (used after large images, whose
 *   decoding grows a WebAssembly heap that never shrinks);
 * - a share per owner: a job may name its owner (the client's address), and one owner may have at most
 *   `perOwner` jobs waiting or running at once; another is refused at once with `PoolOwnerLimitError`
 *   (429, with Retry-After) before it takes a place in the line, so that one client cannot fill the pool;
 *   and one owner's jobs run on at most `ownerWorkers` workers at once (its others wait), so that with
 *   `ownerWorkers` < `size` a worker is always left for somebody else's job.
 * It knows nothing of OCR: workers are made and ended by the functions it is given.
 */

/** The pool is full: every worker is busy and the waiting line is too. Carries the HTTP answer. */
export class PoolBusyError extends Error {
  readonly statusCode = 503;
  /** Tells the app's error handler to keep this message although the status is 5xx. */
  readonly expose = true;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'PoolBusyError';
  }
}

/** The job's owner already has `perOwner` jobs waiting or running. Carries the HTTP answer (429). */
export class PoolOwnerLimitError extends Error {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'PoolOwnerLimitError';
  }
}

/** A job ran out of time; its worker was terminated. Carries the HTTP answer (see ocr.ts for the status). */
export class PoolTimeoutError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly timeoutMs: number,
  ) {
    super(message);
    this.name = 'PoolTimeoutError';
  }
}

export interface PoolOptions<W> {
  /** Workers at most (≥ 1). */
  size: number;
  /** Jobs that may wait for a worker (≥ 0); more are refused. */
  queue: number;
  /** Time limit of one job on its worker, ms. */
  timeoutMs: number;
  /** Starts a worker. */
  create(): Promise<W>;
  /** Ends a worker; must not wait for its current job (a stuck one never ends). */
  destroy(worker: W): Promise<void> | void;
  /** The busy answer's message, given the seconds to retry after. */
  busyMessage?(retryAfterSeconds: number): string;
  /** The timeout's message and status. */
  timeout?(timeoutMs: number): { message: string; statusCode: number };
  /** Time a worker may take to start, ms (default 60 s); the job's own time starts after it. */
  startTimeoutMs?: number;
  /** Expected job time before any job has finished, ms (for Retry-After). */
  expectedJobMs?: number;
  /** Jobs one owner may have waiting or running at once (default: no limit). */
  perOwner?: number;
  /** Workers one owner's jobs may hold at once (default: all); its further jobs wait, and others' jobs go first. */
  ownerWorkers?: number;
  /** The per-owner refusal's message, given the jobs allowed and the seconds to retry after. */
  ownerLimitMessage?(perOwner: number, retryAfterSeconds: number): string;
}

export interface RunOptions {
  /** Replace the worker after this job (success or failure). */
  recycle?: boolean;
  /** Whose job this is (e.g. the client's address), for the per-owner share (`perOwner`). */
  owner?: string;
  /**
   * A check to run once the owner's share is taken and before the job takes a place in the line (e.g. an
   * inflate that costs time off the event loop): it counts against the owner, and its rejection is the job's.
   */
  admit?: () => Promise<void>;
}

export interface PoolStats {
  /** Workers started (or starting) now. */
  workers: number;
  busy: number;
  queued: number;
  /** Totals since the pool was made: jobs run (or running), workers started, and so on. */
  jobs: number;
  started: number;
  timedOut: number;
  refused: number;
  recycled: number;
  /** Jobs refused because their owner had `perOwner` jobs already. */
  ownerRefused: number;
}

interface Slot<W> {
  worker?: Promise<W>;
  busy: boolean;
  /** Ends the running job at once: aborts its signal and rejects it with `error` (timeout, close). */
  stop?: (error: Error) => void;
}

interface Waiting {
  owner?: string;
  start(slot: number): void;
}

export class WorkerPool<W> {
  private readonly slots: Slot<W>[];
  private readonly waiting: Waiting[] = [];
  private averageMs: number;
  private closed = false;
  private counts = { jobs: 0, started: 0, timedOut: 0, refused: 0, recycled: 0, ownerRefused: 0 };
  /** Jobs waiting or running per owner. */
  private readonly owned = new Map<string, number>();
  /** Jobs running per owner. */
  private readonly runningOf = new Map<string, number>();

  constructor(private readonly options: PoolOptions<W>) {
    if (!(options.size >= 1)) throw new Error('a worker pool needs at least one worker');
    if (!(options.queue >= 0)) throw new Error('the waiting line of a worker pool cannot be negative');
    if (!(options.timeoutMs > 0)) throw new Error('the time limit of a worker pool must be positive');
    if (options.perOwner !== undefined && !(options.perOwner >= 1))
      throw new Error('the share of one owner in a worker pool must be at least one job');
    this.slots = Array.from({ length: options.size }, () => ({ busy: false }));
    this.averageMs = options.expectedJobMs ?? 2000;
  }

  /**
   * Runs `job` on a free worker, after waiting in line if all are busy. Rejects at once with
   * `PoolBusyError` when the line is full, and with `PoolTimeoutError` when the job overruns. The job's
   * `signal` is aborted when its worker is ended under it: a job of several steps must not start
   * another step on an ended worker.
   */
  run<T>(job: (worker: W, signal: AbortSignal) => Promise<T>, options: RunOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    const { owner } = options;
    const { perOwner } = this.options;
    if (owner === undefined || perOwner === undefined) return this.admitted(job, options);
    const held = this.owned.get(owner) ?? 0;
    if (held >= perOwner) {
      this.counts.ownerRefused += 1;
      // one of the owner's own jobs has to end first: about one job's time, at most its time limit
      const seconds = Math.max(1, Math.ceil(Math.min(this.averageMs, this.options.timeoutMs) / 1000));
      const message =
        this.options.ownerLimitMessage?.(perOwner, seconds) ??
        `you already have ${perOwner} jobs waiting or running; please try again in ${seconds} seconds`;
      return Promise.reject(new PoolOwnerLimitError(message, seconds));
    }
    this.owned.set(owner, held + 1);
    const release = () => {
      const left = (this.owned.get(owner) ?? 1) - 1;
      if (left > 0) this.owned.set(owner, left);
      else this.owned.delete(owner);
    };
    const running = this.admitted(job, options);
    running.then(release, release);
    return running;
  }

  private async admitted<T>(job: (worker: W, signal: AbortSignal) => Promise<T>, options: RunOptions): Promise<T> {
    if (options.admit) {
      await options.admit();
      if (this.closed) throw new Error('the worker pool is closed');
    }
    return this.enqueue(job, options);
  }

  /** Whether a job of `owner` may take a worker now (its owner holds fewer than `ownerWorkers`). */
  private mayRun(owner: string | undefined): boolean {
    const limit = this.options.ownerWorkers;
    return owner === undefined || limit === undefined || (this.runningOf.get(owner) ?? 0) < limit;
  }

  private enqueue<T>(job: (worker: W, signal: AbortSignal) => Promise<T>, options: RunOptions): Promise<T> {
    const free = this.slots.findIndex((s) => !s.busy);
    if (free >= 0 && this.mayRun(options.owner)) return this.execute(free, job, options);
    if (this.waiting.length >= this.options.queue) {
      this.counts.refused += 1;
      const seconds = this.retryAfterSeconds();
      const message =
        this.options.busyMessage?.(seconds) ?? `all workers are busy; please try again in ${seconds} seconds`;
      return Promise.reject(new PoolBusyError(message, seconds));
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        owner: options.owner,
        start: (slot) => this.execute(slot, job, options).then(resolve, reject),
      });
    });
  }

  /** Seconds until a place is likely free: the line ahead, worked off by all workers at the recent pace. */
  retryAfterSeconds(): number {
    const ahead = this.waiting.length + 1;
    const seconds = Math.ceil((ahead * this.averageMs) / this.slots.length / 1000);
    const longest = Math.ceil((ahead * this.options.timeoutMs) / this.slots.length / 1000);
    return Math.min(Math.max(1, seconds), Math.max(1, longest));
  }

  stats(): PoolStats {
    return {
      workers: this.slots.filter((s) => s.worker).length,
      busy: this.slots.filter((s) => s.busy).length,
      queued: this.waiting.length,
      ...this.counts,
    };
  }

  /** Ends every worker; waiting jobs are refused and later `run` calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = this.waiting.splice(0);
    for (const w of waiting) w.start(-1);
    for (const slot of this.slots) slot.stop?.(new Error('the worker pool is closed'));
    await Promise.all(this.slots.map((_, i) => this.retire(i)));
  }

  private async execute<T>(
    index: number,
    job: (worker: W, signal: AbortSignal) => Promise<T>,
    options: RunOptions,
  ): Promise<T> {
    if (index < 0) throw new Error('the worker pool is closed');
    const slot = this.slots[index];
    slot.busy = true;
    this.counts.jobs += 1;
    const { owner } = options;
    if (owner !== undefined) this.runningOf.set(owner, (this.runningOf.get(owner) ?? 0) + 1);
    const controller = new AbortController();
    let reject!: (error: Error) => void;
    const stopped = new Promise<never>((_, fail) => {
      reject = fail;
    });
    stopped.catch(() => {});
    let ended = false;
    slot.stop = (error) => {
      ended = true;
      controller.abort();
      reject(error);
    };
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      const worker = await Promise.race([this.ready(index), stopped]);
      if (ended) throw new Error('the worker pool is closed');
      // The job's time starts now: starting a worker (about a second, more on a loaded machine) is not its fault.
      const started = Date.now();
      timer = setTimeout(() => {
        timedOut = true;
        this.counts.timedOut += 1;
        const { message, statusCode } = this.options.timeout?.(this.options.timeoutMs) ?? {
          message: `the job took longer than ${this.options.timeoutMs} ms`,
          statusCode: 503,
        };
        slot.stop?.(new PoolTimeoutError(message, statusCode, this.options.timeoutMs));
      }, this.options.timeoutMs);
      const running = job(worker, controller.signal);
      // a job whose worker was terminated may settle late or never; either way nobody listens any more
      running.catch(() => {});
      const result = await Promise.race([running, stopped]);
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - started);
      return result;
    } finally {
      clearTimeout(timer);
      if (timedOut) this.averageMs = 0.8 * this.averageMs + 0.2 * this.options.timeoutMs;
      if (timedOut || options.recycle) {
        if (options.recycle) this.counts.recycled += 1;
        // not awaited: the slot is free for the next job at once, which starts a fresh worker
        void this.retire(index);
      }
      slot.busy = false;
      slot.stop = undefined;
      if (owner !== undefined) {
        const left = (this.runningOf.get(owner) ?? 1) - 1;
        if (left > 0) this.runningOf.set(owner, left);
        else this.runningOf.delete(owner);
      }
      this.next(index);
    }
  }

  /** The slot's worker, started if need be within `startTimeoutMs`; a start that hangs is given up (503). */
  private async ready(index: number): Promise<W> {
    const limit = this.options.startTimeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void this.retire(index);
        const seconds = this.retryAfterSeconds();
        reject(
          new PoolBusyError(
            `the worker could not start within ${limit} ms; please try again in ${seconds} seconds`,
            seconds,
          ),
        );
      }, limit);
    });
    try {
      return await Promise.race([this.workerOf(index), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The slot's worker, started now if it has none; a failed start leaves the slot empty for the next try. */
  private workerOf(index: number): Promise<W> {
    const slot = this.slots[index];
    if (!slot.worker) {
      this.counts.started += 1;
      const starting = this.options.create();
      slot.worker = starting;
      starting.catch(() => {
        if (slot.worker === starting) slot.worker = undefined;
      });
    }
    return slot.worker;
  }

  private async retire(index: number): Promise<void> {
    const slot = this.slots[index];
    const pending = slot.worker;
    slot.worker = undefined;
    if (!pending) return;
    try {
      await this.options.destroy(await pending);
    } catch {
      // a worker that never started, or is already gone, has nothing to end
    }
  }

  /** Gives the free slot to the first waiting job whose owner may run another (see `ownerWorkers`). */
  private next(index: number): void {
    if (this.closed) return;
    const at = this.waiting.findIndex((w) => this.mayRun(w.owner));
    if (at < 0) return;
    const [waiting] = this.waiting.splice(at, 1);
    waiting.start(index);
  }
}
