#!/usr/bin/env node
// Benchmark: every destination of a response at once (issue 24). N responses are submitted to a form with a
// Google Sheet, one webhook and owner e-mails on, on a production build; the bench waits until the sheet
// holds every row, the webhook receiver got every delivery and the SMTP server every mail, and reports how
// long each destination took, the submit throughput against the same burst with deliveries off (the
// baseline, in the same run, alternating), and the server's peak RSS.
//
//   npm run build
//   node bench/deliveries.mjs [--responses 10000] [--concurrency 50] [--runs 1] [--timeout 900]
//
// The receiver and the SMTP server run in this process (loopback) and only count: each delivery's
// X-SheetForms-Delivery is recorded, so a duplicate would show. Exits 1 when a destination is incomplete
// or received something twice.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import {
  columnCounts,
  createSheetForm,
  sheetValues,
  signIn,
  sleep,
  startServer,
  submit,
} from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    responses: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    runs: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '900' },
  },
});
const RESPONSES = Number(args.responses);
const CONCURRENCY = Number(args.concurrency);
const RUNS = Number(args.runs);
const TIMEOUT_MS = Number(args.timeout) * 1000;

async function startReceiver() {
  const ids = new Map();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['x-sheetforms-delivery']);
      ids.set(id, (ids.get(id) ?? 0) + 1);
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, ids, close: () => server.close() };
}

async function startMailbox() {
  const ids = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? 'none';
        ids.set(id, (ids.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, ids, close: () => server.close() };
}

const peakRssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function burst(base, formId) {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < RESPONSES) {
        const n = next++;
        const { status } = await submit(base, formId, randomUUID(), n);
        if (status !== 201 && status !== 200) failed++;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failed };
}

async function run(deliveriesOn) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-deliveries-'));
  const receiver = await startReceiver();
  const mailbox = await startMailbox();
  const server = await startServer({
    dataDir,
    stdio: 'ignore',
    env: {
      DELIVERIES_ENABLED: deliveriesOn ? 'true' : 'false',
      SMTP_URL: mailbox.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  });
  try {
    const token = await signIn(server.base);
    const { formId, spreadsheetId, sheetName } = await createSheetForm(server.base, token);
    if (deliveriesOn) {
      const res = await fetch(`${server.base}/api/v1/forms/${formId}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ url: receiver.url }),
      });
      if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
    }
    const t0 = performance.now();
    const submitted = await burst(server.base, formId);
    const done = { sheet: undefined, webhook: undefined, mail: undefined };
    const deadline = Date.now() + TIMEOUT_MS;
    while (Date.now() < deadline) {
      const at = (performance.now() - t0) / 1000;
      if (done.sheet === undefined) {
        const values = await sheetValues(server.base, spreadsheetId, sheetName);
        if (values.length - 1 >= RESPONSES) done.sheet = at;
      }
      if (!deliveriesOn) done.webhook = done.mail = 0;
      if (done.webhook === undefined && receiver.ids.size >= RESPONSES) done.webhook = at;
      if (done.mail === undefined && mailbox.ids.size >= RESPONSES) done.mail = at;
      if (Object.values(done).every((v) => v !== undefined)) break;
      await sleep(1000);
    }
    const values = await sheetValues(server.base, spreadsheetId, sheetName);
    const sheetIds = columnCounts(values, 'Response ID');
    const twice = (ids) => [...ids.values()].filter((count) => count > 1).length;
    return {
      deliveriesOn,
      submitRate: RESPONSES / submitted.seconds,
      failed: submitted.failed,
      sheetRows: sheetIds.size,
      sheetSeconds: done.sheet,
      webhooks: receiver.ids.size,
      webhookTwice: twice(receiver.ids),
      webhookSeconds: done.webhook,
      mails: mailbox.ids.size,
      mailTwice: twice(mailbox.ids),
      mailSeconds: done.mail,
      peakRssMiB: peakRssMiB(server.pid),
    };
  } finally {
    await server.stop();
    receiver.close();
    mailbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let i = 0; i < RUNS; i++) {
  results.push(await run(false));
  results.push(await run(true));
}
const fmt = (v, digits = 0) => (v === undefined ? 'incomplete' : Number(v).toFixed(digits));
console.log(
  `${RESPONSES} responses, ${CONCURRENCY} in flight, Node ${process.version}, ${os.cpus().length} cores`,
);
console.log(
  '| deliveries | submits/s | sheet done (s) | webhook done (s) | mails done (s) | peak RSS (MiB) | duplicates |',
);
console.log('|---|---|---|---|---|---|---|');
let bad = false;
for (const r of results) {
  console.log(
    `| ${r.deliveriesOn ? 'on' : 'off'} | ${fmt(r.submitRate)} | ${fmt(r.sheetSeconds, 1)} | ${r.deliveriesOn ? fmt(r.webhookSeconds, 1) : '-'} | ${r.deliveriesOn ? fmt(r.mailSeconds, 1) : '-'} | ${fmt(r.peakRssMiB)} | ${r.webhookTwice + r.mailTwice} |`,
  );
  if (r.failed || r.sheetRows !== RESPONSES || r.webhookTwice || r.mailTwice) bad = true;
  if (r.deliveriesOn && (r.webhooks !== RESPONSES || r.mails !== RESPONSES)) bad = true;
}
process.exit(bad ? 1 : 0);
