/** Thrown by `acquire` when every slot is taken and the waiting line is at its limit. */
export class QueueFullError extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFullError';
  }
}

export interface BoundedQueue {
  /**
   * Waits for one of `concurrency` slots (first come, first served) and answers its release function,
   * to be called exactly once. Throws QueueFullError at once when `queueLimit` callers already wait, and
   * the signal's reason when it aborts while waiting (the caller then holds nothing).
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Slots for expensive work, with a short, bounded line in front: under overload callers are told so
 * at once instead of piling up requests (and memory) the server cannot serve in time.
 */
export function createBoundedQueue(limits: { concurrency: number; queueLimit: number }): BoundedQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      // The slot passes straight to the next in line, so `running` never dips and overshoots.
      if (next) next();
      else running -= 1;
    };
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async acquire(signal) {
      signal?.throwIfAborted();
      if (running < limits.concurrency && waiting.length === 0) {
        running += 1;
        return releaser();
      }
      if (waiting.length >= limits.queueLimit) throw new QueueFullError();
      return new Promise<() => void>((resolve, reject) => {
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason);
        };
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(releaser());
        };
        waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
