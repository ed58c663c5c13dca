import type { FastifyBaseLogger } from 'fastify';
import type { SessionsRepository } from './sessions.repository.js';

export interface ExpiredSessionsSweepDeps {
  sessions: Pick<SessionsRepository, 'deleteExpired'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  now?: () => Date;
  /** How often the sweep runs after the one at start (ten minutes by default). */
  everyMs?: number;
  /** At most this many rows are deleted by one statement (1,000 by default). */
  batchSize?: number;
  /** At most this many statements run per sweep (10 by default); the next sweep goes on. */
  maxBatchesPerSweep?: number;
}

/**
 * Deletes expired refresh tokens. Every sign-in and every rotation inserts a row, and nothing else ever
 * deletes one, so without this the table only grows. Only expired rows go: a rotated token is kept until
 * it expires, because presenting it again is how a copied token is caught (auth.service.ts, refresh).
 * Runs at start and then every `everyMs`, in short batches; several instances may sweep at once, since
 * deleting what has expired is the same work whoever does it first.
 */
export function createExpiredSessionsSweep(deps: ExpiredSessionsSweepDeps) {
  const now = deps.now ?? (() => new Date());
  const everyMs = deps.everyMs ?? 600_000;
  const batchSize = deps.batchSize ?? 1_000;
  const maxBatches = deps.maxBatchesPerSweep ?? 10;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function sweep(): Promise<number> {
    const before = now().toISOString();
    let deleted = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const count = await deps.sessions.deleteExpired(before, batchSize);
      deleted += count;
      // Each batch is its own short statement: other writes (SQLite has one writer) go in between.
      if (count < batchSize) break;
    }
    if (deleted > 0) deps.log.info({ deleted }, 'removed expired refresh tokens');
    return deleted;
  }

  /** One sweep at a time; a failed one is logged and the next one tries again. */
  function inBackground(): Promise<unknown> {
    running ??= sweep()
      .catch((error) => deps.log.warn({ err: error }, 'refresh token sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    sweep,
    /** Sweeps now and then every `everyMs`, without keeping the process alive. */
    start(): void {
      if (timer) return;
      void inBackground();
      timer = setInterval(() => void inBackground(), everyMs);
      timer.unref();
    },
    /** Stops the schedule and waits for a running sweep (before the database closes). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type ExpiredSessionsSweep = ReturnType<typeof createExpiredSessionsSweep>;
