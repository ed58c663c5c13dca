import { afterEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

// An operator who sets SMTP_TIMEOUT_MS above DELIVERIES_LEASE_SECONDS (or a short lease) lets a slow send
// outlast its lease, and another claim send it a second time: the server says so when it starts. The
// check reads the configuration only, so one dialect is enough.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function startUpWarnings(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  t = await startTestApp(
    'sqlite',
    { LOG_LEVEL: 'warn', DELIVERIES_ENABLED: 'true', DELIVERIES_POLL_MS: '60000', ...env },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  await t.close();
  t = undefined;
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

it('warns at start-up when SMTP_TIMEOUT_MS outlasts the deliveries lease, and not at the defaults', async () => {
  const smtp = { SMTP_URL: 'smtp://127.0.0.1:9', SMTP_FROM: 'SheetForms <forms@example.com>' };
  expect(
    (await startUpWarnings({ ...smtp, SMTP_TIMEOUT_MS: '120000' })).filter((msg) =>
      msg.startsWith('DELIVERIES_LEASE_SECONDS (130 s) does not outlast a receipt (HTML_WORK_TIMEOUT_MS'),
    ),
  ).toHaveLength(1);
  expect((await startUpWarnings(smtp)).filter((msg) => msg.includes('DELIVERIES_LEASE_SECONDS'))).toEqual([]);
});
