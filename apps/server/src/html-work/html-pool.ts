import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HtmlLimitError, type HtmlLimitReason } from './html-limit-error.js';
import type { HtmlTaskName, HtmlTasks } from './html-tasks.js';

export interface TaskRequest {
  id: number;
  task: string;
  input: unknown;
}

export type TaskReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; limit: HtmlLimitReason }
  | { id: number; ok: false; message: string };

export interface HtmlPoolOptions {
  /** Worker threads at most (HTML_WORKERS); they start on demand and end when idle. */
  size: number;
  /** Tasks allowed to wait for a worker; beyond it a task is refused at once (HtmlBusyError). */
  queueLimit: number;
  /** A task's budget from arrival, waiting included (HTML_WORK_TIMEOUT_MS); a task past it is stopped. */
  timeoutMs: number;
  /** A worker with nothing to do for this long ends, giving its memory back. */
  idleMs?: number;
  /** Heap of each worker (MB): a task that would need more ends its worker instead of the server. */
  maxHeapMb?: number;
  /**
   * Tasks one key (an owner, or a public client's address) may have in the pool at once, running or
   * waiting; beyond it that key is refused at once (429), so no one fills the queue for everyone else.
   */
  perKeyLimit?: number;
}

/**
 * No worker could take or finish the task in time (503 with Retry-After), or, with `caller` true, the
 * caller already has its share of the pool in use (429 with Retry-After).
 */
export class HtmlBusyError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string,
    readonly caller = false,
  ) {
    super(`HTML work refused: ${reason}`);
    this.name = 'HtmlBusyError';
  }
}

export interface HtmlPoolStats {
  workers: number;
  busy: number;
  queued: number;
  completed: number;
  /** Stopped at their time budget (their worker was ended). */
  timedOut: number;
  /** Refused at once because the queue was full. */
  rejectedBusy: number;
}

export interface HtmlPool {
  /** `key`: whose work it is (see perKeyLimit); `timeoutMs` overrides the pool's budget for this task. */
  run<K extends HtmlTaskName>(
    task: K,
    input: Parameters<HtmlTasks[K]>[0],
    key: string,
    options?: { timeoutMs?: number },
  ): Promise<ReturnType<HtmlTasks[K]>>;
  stats(): HtmlPoolStats;
  close(): Promise<void>;
}

interface Job {
  id: number;
  key: string;
  task: string;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
  /** Ended (idle, or its task ran out of time) and waiting for its exit: never given another job. */
  ending?: boolean;
}

/**
 * Threads for the server's HTML work (html-tasks.ts): sanitizing, filling and reading HTML never run on
 * the main thread, so a large or hostile document delays its own answer, not /health/live or anyone
 * else's request. Bounded every way: `size` threads, `queueLimit` waiting, `timeoutMs` per task from
 * arrival (a task still running then has its thread ended, and the next task gets a fresh one), a heap
 * limit per thread, and idle threads end.
 */
export function createHtmlPool(options: HtmlPoolOptions): HtmlPool {
  const idleMs = options.idleMs ?? 30_000;
  const slots: Slot[] = [];
  /**
   * Waiting tasks by key, served in turns (round-robin over the keys, first come first served within
   * one): a key with many tasks waiting delays another key's task by at most one of its own.
   */
  const waiting = new Map<string, Job[]>();
  let queued = 0;
  const counts = { completed: 0, timedOut: 0, rejectedBusy: 0 };
  const perKeyLimit = options.perKeyLimit ?? 8;
  /** Tasks in the pool per key; a key leaves the map with its last task. */
  const inPool = new Map<string, number>();
  let nextId = 1;
  let closed = false;

  const retryAfter = () => Math.max(1, Math.ceil(options.timeoutMs / 1000));

  function startWorker(): Slot {
    const worker = spawnHtmlWorker(options.maxHeapMb ?? 256);
    const slot: Slot = { worker };
    worker.on('message', (reply: TaskReply) => finish(slot, reply));
    // An error ends the thread; 'exit' follows and settles the job there.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      const job = slot.job;
      remove(slot);
      if (job) settle(job, () => job.reject(new HtmlBusyError(retryAfter(), 'the HTML worker stopped')));
      dispatch();
    });
    worker.unref();
    slots.push(slot);
    return slot;
  }

  function remove(slot: Slot) {
    clearTimeout(slot.idleTimer);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function settle(job: Job, action: () => void) {
    clearTimeout(job.timer);
    action();
  }

  function finish(slot: Slot, reply: TaskReply) {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    counts.completed += 1;
    settle(job, () => {
      if (reply.ok) job.resolve(reply.result);
      else if ('limit' in reply) job.reject(new HtmlLimitError(reply.limit));
      else job.reject(new Error(`HTML work failed: ${reply.message}`));
    });
    slot.idleTimer = setTimeout(() => end(slot), idleMs);
    slot.idleTimer.unref();
    dispatch();
  }

  function end(slot: Slot) {
    slot.ending = true;
    void slot.worker.terminate();
  }

  /** The first waiting task of the key whose turn it is; that key then goes to the back of the line. */
  function nextInTurn(): Job | undefined {
    const first = waiting.entries().next();
    if (first.done) return undefined;
    const [key, line] = first.value;
    const job = line.shift();
    waiting.delete(key);
    if (line.length > 0) waiting.set(key, line);
    if (job) queued -= 1;
    return job;
  }

  function dispatch() {
    while (!closed && queued > 0) {
      let slot = slots.find((s) => !s.job && !s.ending);
      if (!slot && slots.filter((s) => !s.ending).length < options.size) slot = startWorker();
      if (!slot) return;
      const job = nextInTurn();
      if (!job) return;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input } satisfies TaskRequest);
    }
  }

  function expire(job: Job) {
    const line = waiting.get(job.key);
    const place = line?.indexOf(job) ?? -1;
    if (line && place >= 0) {
      line.splice(place, 1);
      queued -= 1;
      if (line.length === 0) waiting.delete(job.key);
      job.reject(new HtmlBusyError(retryAfter(), 'no HTML worker was free in time'));
      return;
    }
    const slot = slots.find((s) => s.job === job);
    if (!slot) return;
    // The thread is ended mid-task: nothing else can stop synchronous work. Its 'exit' starts the next job.
    counts.timedOut += 1;
    slot.job = undefined;
    job.reject(new HtmlBusyError(retryAfter(), 'the HTML work took too long'));
    end(slot);
    // A fresh thread takes the next task at once, while this one ends.
    dispatch();
  }

  return {
    run(task, input, key, runOptions = {}) {
      if (closed) return Promise.reject(new HtmlBusyError(retryAfter(), 'the server is stopping'));
      const held = inPool.get(key) ?? 0;
      if (held >= perKeyLimit) {
        counts.rejectedBusy += 1;
        return Promise.reject(new HtmlBusyError(retryAfter(), 'this caller has its share in use', true));
      }
      if (queued >= options.queueLimit) {
        counts.rejectedBusy += 1;
        return Promise.reject(new HtmlBusyError(retryAfter(), 'the HTML queue is full'));
      }
      inPool.set(key, held + 1);
      let settled = false;
      const leave = () => {
        if (settled) return;
        settled = true;
        const left = (inPool.get(key) ?? 1) - 1;
        if (left <= 0) inPool.delete(key);
        else inPool.set(key, left);
      };
      return new Promise((resolve, reject) => {
        const job: Job = {
          id: nextId++,
          key,
          task,
          input,
          resolve: (value) => {
            leave();
            resolve(value as never);
          },
          reject: (error) => {
            leave();
            reject(error);
          },
        };
        job.timer = setTimeout(() => expire(job), runOptions.timeoutMs ?? options.timeoutMs);
        const line = waiting.get(key);
        if (line) line.push(job);
        else waiting.set(key, [job]);
        queued += 1;
        dispatch();
      });
    },
    stats: () => ({
      workers: slots.length,
      busy: slots.filter((s) => s.job).length,
      queued,
      ...counts,
    }),
    async close() {
      closed = true;
      const all = [...waiting.values()].flat();
      waiting.clear();
      queued = 0;
      for (const job of all) {
        settle(job, () => job.reject(new HtmlBusyError(retryAfter(), 'the server is stopping')));
      }
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * The worker runs the compiled html-worker.js next to this file. From source (tests, `npm run dev`) there
 * is no compiled file, and Node 20 does not apply TypeScript loaders to a worker's entry, so html-worker.ts
 * is bundled once per process with esbuild (a development dependency; workspace packages from their
 * sources, as the parent resolves them) and the bundle runs from a data: URL. It is never written to disk:
 * a file per process was left behind by every process that ended without its 'exit' event (a test runner's
 * killed workers), two or three files of 1.6 MB per test run.
 */
function spawnHtmlWorker(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  const entry = import.meta.url.endsWith('.ts')
    ? sourceBundle()
    : new URL('./html-worker.js', import.meta.url);
  return new Worker(entry, { resourceLimits });
}

let bundled: URL | undefined;

function sourceBundle(): URL {
  if (bundled) return bundled;
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const entry = new URL('./html-worker.ts', import.meta.url);
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['source'],
    write: false,
    logLevel: 'error',
    // CommonJS packages inside an ES module bundle call require(); a data: URL has no path of its own to
    // resolve from, so it resolves from the source's.
    banner: {
      js: `import { createRequire as $cr } from 'node:module'; const require = $cr(${JSON.stringify(entry.href)});`,
    },
  });
  const [bundle] = outputFiles;
  if (!bundle) throw new Error('html-worker: esbuild produced no bundle');
  bundled = new URL(`data:text/javascript;base64,${Buffer.from(bundle.contents).toString('base64')}`);
  return bundled;
}
