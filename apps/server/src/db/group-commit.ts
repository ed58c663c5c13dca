/**
 * Group commit: writes that arrive together share one transaction, so one disk flush acknowledges them all.
 *
 * With SQLite in WAL mode and synchronous=FULL, every commit waits for an fsync of the WAL; that wait (a few
 * hundred microseconds on a virtual disk) would cap a one-row-per-transaction design at a few thousand rows
 * per second, far below what the HTTP layer can take. Here a write joins a queue; the queue is flushed as one
 * transaction on the next turn of the event loop, and whatever arrives while a flush runs waits for the
 * next one. Under light load a batch is a single write and waits for nothing; under heavy load batches grow
 * by themselves to what arrived during the previous flush (about a millisecond). No timer adds latency.
 *
 * Every caller's promise settles only after its batch committed (or failed), so a caller never acknowledges
 * a write that is not durable. If a batch fails because of a row (say, a form deleted a moment ago breaks a
 * foreign key), its writes are retried one by one, so that row fails only its own request.
 */
export interface GroupCommitOptions<Item, Result> {
  /** Writes the items in ONE transaction and answers one result per item, in order. */
  flushBatch(items: readonly Item[]): Promise<Result[]>;
  /** The most items in one transaction (keeps statements under the databases' parameter limits). */
  maxBatch: number;
  /**
   * Whether a failed batch may be the fault of one of its items (a constraint), so retrying them one by one
   * isolates it. Other failures (disk full, database busy or gone) fail the whole batch at once: retrying
   * hundreds of writes one by one would only hold up everyone queued behind them. Default: always.
   */
  isItemFailure?(error: unknown): boolean;
}

export interface GroupCommit<Item, Result> {
  /** Resolves once `item` is committed, with its result; rejects with the error of its own write. */
  write(item: Item): Promise<Result>;
}

interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export function createGroupCommit<Item, Result>(
  options: GroupCommitOptions<Item, Result>,
): GroupCommit<Item, Result> {
  const queue: Array<Pending<Item, Result>> = [];
  let flushing = false;

  const flushQueue = async () => {
    // Yield once so every request already read from its socket in this turn joins the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      await flushOne(batch);
    }
  };

  const flushOne = async (batch: Array<Pending<Item, Result>>) => {
    try {
      const results = await options.flushBatch(batch.map((entry) => entry.item));
      if (results.length !== batch.length) {
        throw new Error(`group commit: ${results.length} results for ${batch.length} writes`);
      }
      for (const [index, entry] of batch.entries()) entry.resolve(results[index] as Result);
    } catch (error) {
      const isolate = options.isItemFailure?.(error) ?? true;
      if (batch.length === 1 || !isolate) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // Isolate the failure: each write gets its own transaction and its own outcome.
      for (const entry of batch) await flushOne([entry]);
    }
  };

  const start = () => {
    if (flushing) return;
    flushing = true;
    void flushQueue().finally(() => {
      flushing = false;
      // A write queued after the loop's last check (between its final await and this callback).
      if (queue.length > 0) start();
    });
  };

  return {
    write(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        start();
      });
    },
  };
}
