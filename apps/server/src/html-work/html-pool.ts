import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HtmlLimitError, type HtmlLimitReason } from './html-guard.js';
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
}

/** No worker could take or finish the task in time: answer 503 with Retry-After. */
export class HtmlBusyError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string,
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
  run<K extends HtmlTaskName>(task: K, input: Parameters<HtmlTasks[K]>[0]): Promise<ReturnType<HtmlTasks[K]>>;
  stats(): HtmlPoolStats;
  close(): Promise<void>;
}

interface Job {
  id: number;
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
  const queue: Job[] = [];
  const counts = { completed: 0, timedOut: 0, rejectedBusy: 0 };
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
    slot.idleTimer = setTimeout(() => void slot.worker.terminate(), idleMs);
    slot.idleTimer.unref();
    dispatch();
  }

  function dispatch() {
    while (!closed && queue.length > 0) {
      let slot = slots.find((s) => !s.job);
      if (!slot && slots.length < options.size) slot = startWorker();
      if (!slot) return;
      const job = queue.shift();
      if (!job) return;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input } satisfies TaskRequest);
    }
  }

  function expire(job: Job) {
    const waiting = queue.indexOf(job);
    if (waiting >= 0) {
      queue.splice(waiting, 1);
      job.reject(new HtmlBusyError(retryAfter(), 'no HTML worker was free in time'));
      return;
    }
    const slot = slots.find((s) => s.job === job);
    if (!slot) return;
    // The thread is ended mid-task: nothing else can stop synchronous work. Its 'exit' starts the next job.
    counts.timedOut += 1;
    slot.job = undefined;
    job.reject(new HtmlBusyError(retryAfter(), 'the HTML work took too long'));
    void slot.worker.terminate();
  }

  return {
    run(task, input) {
      if (closed) return Promise.reject(new HtmlBusyError(retryAfter(), 'the server is stopping'));
      if (queue.length >= options.queueLimit) {
        counts.rejectedBusy += 1;
        return Promise.reject(new HtmlBusyError(retryAfter(), 'the HTML queue is full'));
      }
      return new Promise((resolve, reject) => {
        const job: Job = {
          id: nextId++,
          task,
          input,
          resolve: resolve as (value: unknown) => void,
          reject,
        };
        job.timer = setTimeout(() => expire(job), options.timeoutMs);
        queue.push(job);
        dispatch();
      });
    },
    stats: () => ({
      workers: slots.length,
      busy: slots.filter((s) => s.job).length,
      queued: queue.length,
      ...counts,
    }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
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
 * sources, as the parent resolves them) and the bundle runs instead.
 */
function spawnHtmlWorker(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  const entry = import.meta.url.endsWith('.ts')
    ? sourceBundle()
    : new URL('./html-worker.js', import.meta.url);
  return new Worker(entry, { resourceLimits });
}

let bundled: string | undefined;

function sourceBundle(): string {
  if (bundled) return bundled;
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const outfile = path.join(os.tmpdir(), `sheetforms-html-worker-${process.pid}-${randomUUID()}.mjs`);
  esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL('./html-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['source'],
    outfile,
    logLevel: 'error',
    // CommonJS packages inside an ES module bundle call require().
    banner: {
      js: "import { createRequire as $cr } from 'node:module'; const require = $cr(import.meta.url);",
    },
  });
  process.once('exit', () => fs.rmSync(outfile, { force: true }));
  bundled = outfile;
  return outfile;
}
