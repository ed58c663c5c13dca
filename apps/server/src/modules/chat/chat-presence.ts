/**
 * Who is online: every poll and every live stream marks its session seen. Marks are kept in memory and
 * written to the database in one statement every few seconds (so 1,000 visitors polling every 2 s cost
 * one write per flush, not 500 a second), together with the sessions whose stream is open here.
 */
export interface PresenceOptions {
  flushEveryMs: number;
  write(sessionIds: string[], at: string): Promise<void>;
  /** Sessions with a live stream on this instance. */
  listening(): string[];
  now(): Date;
  onError(error: unknown): void;
}

export function createPresence(options: PresenceOptions) {
  let seen = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function flush(): Promise<void> {
    const ids = [...new Set([...seen, ...options.listening()])];
    seen = new Set();
    // Bounded statements: an IN list of at most 500 ids each.
    for (let i = 0; i < ids.length; i += 500) {
      await options.write(ids.slice(i, i + 500), options.now().toISOString());
    }
  }

  return {
    seen(sessionId: string) {
      seen.add(sessionId);
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (flushing) return;
        flushing = flush()
          .catch(options.onError)
          .finally(() => {
            flushing = undefined;
          });
      }, options.flushEveryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flushing;
    },
    flush,
  };
}

export type Presence = ReturnType<typeof createPresence>;
