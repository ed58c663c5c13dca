#!/usr/bin/env node
// Benchmark: GET /api/v1/sheets/preview of the seeded 100,000-row sheet against a 10-row sheet.
// The preview reads only the header row and 5 data rows, so both should cost the same.
//
//   node bench/sheet-preview.mjs [--requests 200] [--warmup 20]
//
// Starts the server from source in local mode (SQLite and the in-process Google emulator in a temporary
// DATA_DIR, on a free port), signs in through the emulator, creates a 10-row sheet, then sends the
// requests one after another, alternating the two sheets so both see the same machine conditions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { control, percentile, signIn, startServer } from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '200' }, warmup: { type: 'string', default: '20' } },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-'));
const server = await startServer({ dataDir, entry: 'source' });
const { base } = server;

try {
  const token = await signIn(base);
  const { spreadsheets } = await control(base, 'GET', '/spreadsheets');
  const large = spreadsheets.find((s) => s.title === 'Large Dataset');
  if (!large) throw new Error('the seeded "Large Dataset" spreadsheet is missing');
  const small = await control(base, 'POST', '/spreadsheets', {
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
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function preview(token, c) {
  const query = new URLSearchParams({ url: c.url, sheet: c.sheet });
  return fetch(`${base}/api/v1/sheets/preview?${query}`, { headers: { authorization: `Bearer ${token}` } });
}
