import { describe, expect, it } from 'vitest';
import { createBoundedQueue, QueueFullError } from './bounded-queue.js';

const limits = { concurrency: 1, queueLimit: 20, perOwnerQueueLimit: 3 };

/** Records the order in which jobs get their slot; each holds it until the test releases it. */
function recorder(queue: ReturnType<typeof createBoundedQueue>) {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const submit = (owner: string, job: string, signal?: AbortSignal) =>
    queue.acquire(owner, signal).then((release) => {
      started.push(job);
      releases.set(job, release);
    });
  const finish = async (job: string) => {
    releases.get(job)?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, submit, finish };
}

describe('bounded queue shared between owners', () => {
  it('alternates with an owner who keeps leaving and coming back, instead of letting it jump the line', async () => {
    const queue = createBoundedQueue(limits);
    const { started, submit, finish } = recorder(queue);
    void submit('a', 'a1');
    void submit('a', 'a2');
    void submit('a', 'a3');
    await finish('');
    // X sends one job at a time, each as soon as the last is done.
    void submit('x', 'x1');
    await finish('a1');
    await finish('x1');
    void submit('x', 'x2');
    await finish('a2');
    await finish('x2');
    await finish('a3');
    expect(started).toEqual(['a1', 'x1', 'a2', 'x2', 'a3']);
    expect(queue).toMatchObject({ running: 0, waiting: 0 });
  });

  it('puts an owner who arrives mid-round behind the owners already waiting, ahead of the one just served', async () => {
    const queue = createBoundedQueue(limits);
    const { started, submit, finish } = recorder(queue);
    for (const [owner, job] of [
      ['a', 'a1'],
      ['a', 'a2'],
      ['b', 'b1'],
      ['b', 'b2'],
      ['d', 'd1'],
    ] as const) {
      void submit(owner, job);
    }
    await finish('');
    await finish('a1');
    await finish('b1');
    // d1 is printing; A and B have waited since before C came.
    void submit('c', 'c1');
    await finish('d1');
    await finish('a2');
    await finish('b2');
    expect(started).toEqual(['a1', 'b1', 'd1', 'a2', 'b2', 'c1']);
  });

  it('holds at most one slot per owner, even with slots to spare', async () => {
    const queue = createBoundedQueue({ ...limits, concurrency: 3 });
    const { started, submit, finish } = recorder(queue);
    void submit('a', 'a1');
    void submit('a', 'a2');
    void submit('b', 'b1');
    await finish('');
    expect(started).toEqual(['a1', 'b1']);
    expect(queue).toMatchObject({ running: 2, waiting: 1 });
    expect(queue.pendingFor('a')).toBe(2);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });

  it("refuses an owner's fourth waiting job, and any job once the whole line is full", async () => {
    const queue = createBoundedQueue({ concurrency: 1, queueLimit: 4, perOwnerQueueLimit: 3 });
    const { submit } = recorder(queue);
    for (const job of ['a1', 'a2', 'a3', 'a4']) void submit('a', job);
    await expect(queue.acquire('a')).rejects.toMatchObject({ scope: 'owner' });
    void submit('b', 'b1');
    await expect(queue.acquire('c')).rejects.toBeInstanceOf(QueueFullError);
    await expect(queue.acquire('c')).rejects.toMatchObject({ scope: 'queue' });
  });

  it('forgets a job whose wait was abandoned: its owner leaves the turn and the slot goes on', async () => {
    const queue = createBoundedQueue(limits);
    const { started, submit, finish } = recorder(queue);
    void submit('a', 'a1');
    const abandon = new AbortController();
    const abandoned = submit('b', 'b1', abandon.signal).catch((error: unknown) => error);
    void submit('c', 'c1');
    abandon.abort(new Error('gave up'));
    expect(await abandoned).toEqual(new Error('gave up'));
    expect(queue).toMatchObject({ waiting: 1 });
    expect(queue.pendingFor('b')).toBe(0);
    await finish('a1');
    expect(started).toEqual(['a1', 'c1']);
  });
});
