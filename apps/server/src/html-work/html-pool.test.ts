import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { HtmlLimitError } from './html-limit-error.js';
import { createHtmlPool, HtmlBusyError, type HtmlPool } from './html-pool.js';

let pool: HtmlPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** One text run of 40 MB: within the node bound, and seconds of escaping for the sanitizer. */
const SLOW_HTML = `<p>${'x'.repeat(40_000_000)}</p>`;

describe('the HTML worker pool', () => {
  it('sanitizes on a worker thread and brings the result back', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 20_000 });
    await expect(
      pool.run('sanitizeTemplate', '<p onclick="x()">Hi<script>1</script></p>', 'owner:a'),
    ).resolves.toBe('<p>Hi</p>');
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, completed: 1 });
  });

  it('runs its worker from source without a bundle file on disk', async () => {
    // A file per process was left behind by every test worker killed before its 'exit' event.
    pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 20_000 });
    await expect(pool.run('sanitizeTemplate', '<p>Hi</p>', 'owner:a')).resolves.toBe('<p>Hi</p>');
    const ours = fs
      .readdirSync(os.tmpdir())
      .filter((name) => name.startsWith(`sheetforms-html-worker-${process.pid}-`));
    expect(ours).toEqual([]);
  });

  it('carries a limit back as HtmlLimitError', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 20_000 });
    const error = await pool
      .run('sanitizeTemplate', '<div>'.repeat(1_000), 'owner:a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HtmlLimitError);
    expect((error as HtmlLimitError).reason).toBe('too-deep');
  });

  it('refuses a key past its share at once, while another key still gets in', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 10, timeoutMs: 20_000, perKeyLimit: 2 });
    const first = pool.run('sanitizeTemplate', '<p>1</p>', 'owner:a');
    const second = pool.run('sanitizeTemplate', '<p>2</p>', 'owner:a');
    await expect(pool.run('sanitizeTemplate', '<p>3</p>', 'owner:a')).rejects.toMatchObject({
      name: 'HtmlBusyError',
      caller: true,
    });
    await expect(pool.run('sanitizeTemplate', '<p>b</p>', 'owner:b')).resolves.toBe('<p>b</p>');
    await expect(Promise.all([first, second])).resolves.toEqual(['<p>1</p>', '<p>2</p>']);
    // The share is given back: the key may send again.
    await expect(pool.run('sanitizeTemplate', '<p>4</p>', 'owner:a')).resolves.toBe('<p>4</p>');
  });

  it('serves waiting keys in turns: a key with many tasks waiting delays another by one of its own', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 10, timeoutMs: 20_000 });
    await pool.run('sanitizeTemplate', '<p>warm</p>', 'owner:a');
    const finished: string[] = [];
    const send = (key: string, name: string) =>
      pool?.run('sanitizeTemplate', `<p>${'x'.repeat(2_000_000)}</p>`, key).then(() => finished.push(name));
    const all = [send('owner:a', 'a1'), send('owner:a', 'a2'), send('owner:a', 'a3'), send('owner:b', 'b1')];
    await Promise.all(all);
    // First come first served would finish b1 last.
    expect(finished).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('ends a task past its budget with 503 and serves the next one on a fresh thread', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 20_000, perKeyLimit: 4 });
    await pool.run('sanitizeTemplate', '<p>warm</p>', 'owner:a');
    const slow = pool
      .run('sanitizeTemplate', SLOW_HTML, 'owner:a', { timeoutMs: 300 })
      .catch((e: unknown) => e);
    const late = await slow;
    expect(late).toBeInstanceOf(HtmlBusyError);
    expect(pool.stats().timedOut).toBe(1);
    // Sent while the timed-out thread is still ending: it must not be handed to that thread.
    await expect(pool.run('sanitizeTemplate', '<p>next</p>', 'owner:b')).resolves.toBe('<p>next</p>');
  });
});
