import { afterEach, describe, expect, it } from 'vitest';
import { HtmlLimitError } from './html-guard.js';
import { createHtmlPool, HtmlBusyError, type HtmlPool } from './html-pool.js';

let pool: HtmlPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the HTML worker pool', () => {
  it('sanitizes on a worker thread and brings the result back', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 20_000 });
    await expect(pool.run('sanitizeTemplate', '<p onclick="x()">Hi<script>1</script></p>')).resolves.toBe(
      '<p>Hi</p>',
    );
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, completed: 1 });
  });

  it('carries a limit back as HtmlLimitError', async () => {
    pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 20_000 });
    const error = await pool.run('sanitizeTemplate', '<div>'.repeat(1_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HtmlLimitError);
    expect((error as HtmlLimitError).reason).toBe('too-deep');
  });
});
