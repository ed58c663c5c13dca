#!/usr/bin/env node
// Benchmark: GET /api/v1/sheets/preview of the seeded 100,000-row sheet against a 10-row sheet.
// The preview reads only the header row and 5 data rows, so both should cost the same.
//
//   node bench/sheet-preview.mjs [--requests 200] [--warmup 20]
//
// Starts the server from source in local mode (SQLite and the in-process Google emulator in a temporary
// DATA_DIR, on a free port), signs in through the emulator, creates a 10-row sheet, then sends the
// requests one after another, alternating the two sheets so both see the same machine conditions.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '200' }, warmup: { type: 'string', default: '20' } },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const root = path.resolve(import.meta.dirname, '..');

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      SHEETS_RATE_LIMIT_PER_MINUTE: '1000000',
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

try {
  await waitForHealth();
  const token = await signIn();
  const { spreadsheets } = await control('GET', '/spreadsheets');
  const large = spreadsheets.find((s) => s.title === 'Large Dataset');
  if (!large) throw new Error('the seeded "Large Dataset" spreadsheet is missing');
  const small = await control('POST', '/spreadsheets', {
    title: 'Ten Rows',
    sharing: { link: 'edit', people: [] },
    sheets: [
      {
        title: 'Data',
        rows: [
          ['Name', 'Email', 'City'],
          ...Array.from({ length: 10 }, (_, i) => [`Person ${i + 1}`, `p${i + 1}@example.org`, 'Lyon']),
        ],
      },
    ],
  });
  const largeRows = large.sheets.find((s) => s.title === 'Data')?.rowCount;

  const cases = [
    { name: `Large Dataset (${largeRows ?? '100,000+'} rows)`, url: large.spreadsheetUrl, sheet: 'Data' },
    { name: 'Ten Rows (11 rows)', url: small.spreadsheetUrl, sheet: 'Data' },
  ];
  for (const c of cases) {
    const res = await preview(token, c);
    if (res.status !== 200) throw new Error(`${c.name}: preview answered ${res.status} ${await res.text()}`);
    const body = await res.json();
    c.rows = body.data.rows.length;
    c.timings = [];
  }
  for (let i = 0; i < WARMUP; i++) for (const c of cases) await (await preview(token, c)).arrayBuffer();
  for (let i = 0; i < REQUESTS; i++) {
    for (const c of cases) {
      const started = process.hrtime.bigint();
      const res = await preview(token, c);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
      c.timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }

  console.log(`\nGET /api/v1/sheets/preview, ${REQUESTS} sequential requests each (after ${WARMUP} warm-up)`);
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}\n`,
  );
  console.log('| Sheet | Rows answered | Median (ms) | p95 (ms) |');
  console.log('|---|---|---|---|');
  for (const c of cases) {
    console.log(
      `| ${c.name} | ${c.rows} | ${percentile(c.timings, 50).toFixed(2)} | ${percentile(c.timings, 95).toFixed(2)} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function preview(token, c) {
  const query = new URLSearchParams({ url: c.url, sheet: c.sheet });
  return fetch(`${base}/api/v1/sheets/preview?${query}`, { headers: { authorization: `Bearer ${token}` } });
}

async function signIn() {
  const { idToken } = await control('POST', '/id-token', { email: 'bench@example.com', name: 'Bench' });
  const res = await fetch(`${base}/api/v1/auth/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.accessToken;
}

async function control(method, controlPath, body) {
  const res = await fetch(`${base}/__google/__emulator${controlPath}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${method} ${controlPath}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function waitForHealth() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 60 s');
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(Math.max(rank, 0), sorted.length - 1)];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
