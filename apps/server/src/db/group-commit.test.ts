import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

/** A fake store that records each transaction's items; `failOn` makes any batch holding that item fail. */
function recordingStore(options: { failOn?: number; delayMs?: number } = {}) {
  const transactions: number[][] = [];
  const committed: number[] = [];
  return {
    transactions,
    committed,
    async flushBatch(items: readonly number[]) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      transactions.push([...items]);
      if (options.failOn !== undefined && items.includes(options.failOn))
        throw new Error(`bad item ${options.failOn}`);
      committed.push(...items);
      return items.map((item) => item * 10);
    },
  };
}

describe('group commit', () => {
  it('commits the writes of one event-loop turn in one transaction, answering each its own result', async () => {
    const store = recordingStore();
    const commits = createGroupCommit({ flushBatch: store.flushBatch, maxBatch: 100 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => commits.write(n)));
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(store.transactions).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('settles a write only after its transaction has committed', async () => {
    const store = recordingStore({ delayMs: 20 });
    const commits = createGroupCommit({ flushBatch: store.flushBatch, maxBatch: 100 });
    let settled = false;
    const write = commits.write(7).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    expect(store.committed).toEqual([]);
    await write;
    expect(store.committed).toEqual([7]);
  });

  it('gathers the writes that arrive during a slow flush into the next transaction', async () => {
    const store = recordingStore({ delayMs: 30 });
    const commits = createGroupCommit({ flushBatch: store.flushBatch, maxBatch: 100 });
    const first = commits.write(1);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first flush is now running
    const later = [2, 3, 4].map((n) => commits.write(n));
    await Promise.all([first, ...later]);
    expect(store.transactions).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a transaction at maxBatch writes, in arrival order', async () => {
    const store = recordingStore();
    const commits = createGroupCommit({ flushBatch: store.flushBatch, maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => commits.write(n)));
    expect(store.transactions).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the bad write when a batch fails: the others are retried one by one and commit', async () => {
    const store = recordingStore({ failOn: 3 });
    const commits = createGroupCommit({ flushBatch: store.flushBatch, maxBatch: 100 });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((n) => commits.write(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new Error('bad item 3'));
    expect(store.committed).toEqual([1, 2, 4]);
    expect(store.transactions).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('rejects every write of a batch whose store answers the wrong number of results', async () => {
    const commits = createGroupCommit<number, number>({ flushBatch: async () => [1], maxBatch: 100 });
    const outcomes = await Promise.allSettled([commits.write(1), commits.write(2)]);
    // The batch of two got one result, so it is retried write by write, and alone each gets the one it needs.
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const short = createGroupCommit<number, number>({ flushBatch: async () => [], maxBatch: 100 });
    await expect(short.write(1)).rejects.toThrow('group commit: 0 results for 1 writes');
  });

  it("fails the whole batch at once when the failure is not an item's fault", async () => {
    const store = recordingStore({ failOn: 2 });
    const commits = createGroupCommit({
      flushBatch: store.flushBatch,
      maxBatch: 100,
      isItemFailure: () => false,
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => commits.write(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(store.transactions).toEqual([[1, 2, 3]]);
    // And keeps working for the writes that come next.
    await expect(commits.write(4)).resolves.toBe(40);
  });

  it('keeps working after a flush, for writes that arrive later', async () => {
    const store = recordingStore({ delayMs: 10 });
    const commits = createGroupCommit({ flushBatch: store.flushBatch, maxBatch: 100 });
    await Promise.all([commits.write(1), commits.write(2)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(commits.write(3)).resolves.toBe(30);
    expect(store.transactions).toEqual([[1, 2], [3]]);
  });
});
