import { it } from 'vitest';
import { createChromiumLauncher } from './chromium-browser.js';
import { printDocument } from './print-document.js';

it('debug', async () => {
  const t0 = Date.now();
  const log = (m: string) => console.log(Date.now() - t0, m);
  const browser = await createChromiumLauncher({ executablePath: '/usr/bin/chromium' })({ requestBlocked() {} });
  log('launched');
  const controller = new AbortController();
  const huge = printDocument(`<p>${'Lorem ipsum dolor sit amet. '.repeat(40_000)}</p>`);
  const job = browser.print(huge, { format: 'A4' }, controller.signal);
  setTimeout(() => { log('abort'); controller.abort(new Error('stop')); }, 200);
  await job.then(() => log('resolved'), (e) => log(`rejected ${e.message.slice(0, 60)}`));
  await browser.close();
  log('closed');
}, 120_000);
