/**
 * Thrown by `acquire` when the caller may not wait: every place in the line is taken (`scope` 'queue'),
 * or the caller's owner already has as many waiting as one owner may (`scope` 'owner').
 */
export class QueueFullError extends Error {
  constructor(readonly scope: 'queue' | 'owner') {
    super(scope === 'owner' ? "the owner's share of the queue is full" : 'the queue is full');
    this.name = 'QueueFullError';
  }
}

export interface QueueLimits {
  /** Slots over all owners. */
  concurrency: number;
  /** Callers allowed to wait over all owners. */
  queueLimit: number;
  /** Callers of one owner allowed to wait (an owner holds at most one slot at a time). */
  perOwnerQueueLimit: number;
}

export interface BoundedQueue {
  /**
   * Waits for a slot for `owner` and answers its release function, to be called exactly once. Throws
   * QueueFullError at once when the caller may not wait, and the signal's reason when it aborts while
   * waiting (the caller then holds nothing).
   */
  acquire(owner: string, signal?: AbortSignal): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
  /** The owner's work in the queue: its running job (0 or 1) and its waiting ones. */
  pendingFor(owner: string): number;
}

interface OwnerLine {
  owner: string;
  running: boolean;
  waiting: Array<() => void>;
}

/**
 * Slots for expensive work, with a short, bounded line in front, shared fairly between owners: an
 * owner holds at most one slot and at most `perOwnerQueueLimit` places in the line, and a freed slot
 * goes to the next owner in turn (round robin), not to the oldest job. So however much one owner sends,
 * another owner's job waits for at most one job of each owner ahead of it. Under overload callers are
 * told so at once instead of piling up requests (and memory) the server cannot serve in time.
 */
export function createBoundedQueue(limits: QueueLimits): BoundedQueue {
  const lines = new Map<string, OwnerLine>();
  /**
   * Owners with work (running or waiting) in turn order, and the index of the one served last: the
   * next turn starts after it, and an owner that arrives is placed just before it, at the end of the
   * current round (behind the owners already waiting, ahead of the one that was just served).
   */
  const turns: OwnerLine[] = [];
  let lastServed = -1;
  let running = 0;
  let waiting = 0;

  function lineOf(owner: string): OwnerLine {
    const known = lines.get(owner);
    if (known) return known;
    const line: OwnerLine = { owner, running: false, waiting: [] };
    lines.set(owner, line);
    const at = lastServed < 0 ? turns.length : lastServed;
    turns.splice(at, 0, line);
    if (at <= lastServed) lastServed += 1;
    return line;
  }

  /** Forgets an owner with nothing running or waiting (a later job of theirs starts a new line). */
  function dropIfIdle(line: OwnerLine) {
    if (line.running || line.waiting.length > 0) return;
    lines.delete(line.owner);
    const index = turns.indexOf(line);
    if (index < 0) return;
    turns.splice(index, 1);
    // The turn continues with whoever followed the one that left.
    if (index <= lastServed) lastServed -= 1;
  }

  function start(line: OwnerLine): () => void {
    running += 1;
    line.running = true;
    lastServed = turns.indexOf(line);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      line.running = false;
      dropIfIdle(line);
      dispatch();
    };
  }

  /** Fills free slots from the owners in turn that wait and have nothing running. */
  function dispatch() {
    while (running < limits.concurrency) {
      const line = nextInTurn();
      const grant = line?.waiting.shift();
      if (!line || !grant) return;
      waiting -= 1;
      grant();
    }
  }

  function nextInTurn(): OwnerLine | undefined {
    for (let step = 1; step <= turns.length; step++) {
      const line = turns[(lastServed + step) % turns.length];
      if (line && !line.running && line.waiting.length > 0) return line;
    }
    return undefined;
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
    pendingFor(owner) {
      const line = lines.get(owner);
      return line ? Number(line.running) + line.waiting.length : 0;
    },
    async acquire(owner, signal) {
      signal?.throwIfAborted();
      const known = lines.get(owner);
      // A free slot means nobody eligible waits (every release dispatches), so a free owner takes it.
      if (running < limits.concurrency && !known?.running && !known?.waiting.length) {
        return start(lineOf(owner));
      }
      if ((known?.waiting.length ?? 0) >= limits.perOwnerQueueLimit) throw new QueueFullError('owner');
      if (waiting >= limits.queueLimit) throw new QueueFullError('queue');
      const line = lineOf(owner);
      return new Promise<() => void>((resolve, reject) => {
        const onAbort = () => {
          const index = line.waiting.indexOf(grant);
          if (index >= 0) {
            line.waiting.splice(index, 1);
            waiting -= 1;
            dropIfIdle(line);
          }
          reject(signal?.reason);
        };
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(start(line));
        };
        line.waiting.push(grant);
        waiting += 1;
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
