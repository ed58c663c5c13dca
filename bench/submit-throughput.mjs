#!/usr/bin/env node
// Benchmark: submission throughput of POST /api/v1/forms/{formId}/submit-form under load, against the floor of
// a naive design on the same stack, in the same run.
//
//   npm run build && node bench/submit-throughput.mjs [--connections 50] [--duration 20] [--rounds 2]
//
// Starts two servers in child processes, one after the other, and loads each with autocannon from this
// process (50 connections, every request a new submission with its own idempotency key):
//   - "bare": bench/support/bare-submit-server.mjs, a Fastify route over better-sqlite3 (WAL,
//     synchronous=FULL) that validates a small body and inserts one row per request, one transaction each;
//   - "sheetforms": the production build (apps/server/dist) in local mode with SQLite (WAL,
//     synchronous=FULL) in a temporary DATA_DIR, logging at info (one JSON line per request, sent to
//     /dev/null here as a log shipper would take it), the sheet-sync worker on or off (--sync), and the public
//     rate limits raised (every request comes from one IP).
// Each round runs bare then sheetforms. After each run the server is stopped and every 2xx answer's id is
// looked up in its database: each must have its row (a 201 is only sent after the commit), and no more rows
// may exist than 2xx answers plus the requests in flight when the load stopped.
// Reports requests per second, p50/p99 latency, non-2xx and errors, the server's peak memory (RSS) and the
// ratio to the bare route.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  createSheetForm,
  freePort,
  repositoryRoot,
  signIn,
  sleep,
  startServer,
  waitForHealth,
} from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
    sync: { type: 'string', default: 'on' },
    'log-level': { type: 'string', default: 'info' },
    only: { type: 'string', default: 'both' },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const requireFromServer = createRequire(path.join(repositoryRoot, 'apps/server/package.json'));
const Database = requireFromServer('better-sqlite3');

// The same answers for both routes; autocannon replaces [<id>] with a unique id per request.
const answers = { 'Full Name': 'Ada Lovelace', Email: 'ada@example.org', Guests: '2' };
const body = JSON.stringify({ idempotencyKey: 'bench-key-[<id>]', response: answers });

const results = [];
for (let round = 1; round <= ROUNDS; round++) {
  if (args.only !== 'sheetforms') results.push({ round, ...(await runBare()) });
  if (args.only !== 'bare') results.push({ round, ...(await runSheetForms()) });
}
printTable(results);
const failed = results.filter((r) => r.missing !== 0 || r.extra > r.inFlightAtStop);
if (failed.length > 0) {
  console.error('Some acknowledged submissions have no row, or rows have no acknowledgement.');
  process.exit(1);
}

async function runBare() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-bare-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      path.join(repositoryRoot, 'bench/support/bare-submit-server.mjs'),
      String(port),
      path.join(dir, 'bare.db'),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForHealth(base, exited, 30_000, '/health');
    const run = await load('bare', `${base}/submit`, child.pid);
    child.kill('SIGTERM');
    await exited;
    const db = new Database(path.join(dir, 'bare.db'), { readonly: true });
    const rows = db.prepare('SELECT count(*) AS n FROM responses').get().n;
    const reconciled = reconcile(run, db, 'responses', rows);
    db.close();
    return { ...run, ...reconciled };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runSheetForms() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-submit-'));
  const server = await startServer({
    dataDir,
    env: { LOG_LEVEL: args['log-level'], SHEET_SYNC_ENABLED: args.sync === 'on' ? 'true' : 'false' },
    stdio: 'ignore',
  });
  try {
    const token = await signIn(server.base);
    const { formId } = await createSheetForm(server.base, token);
    const run = await load('sheetforms', `${server.base}/api/v1/forms/${formId}/submit-form`, server.pid);
    await server.stop();
    const db = new Database(path.join(dataDir, 'sheetforms.db'), { readonly: true });
    const rows = db
      .prepare("SELECT count(*) AS n FROM responses WHERE idempotency_key LIKE 'bench-key-%'")
      .get().n;
    const reconciled = reconcile(run, db, 'responses', rows);
    db.close();
    return { ...run, ...reconciled };
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A warm-up run, then the measured run; samples the server's resident memory meanwhile. Every 2xx answer's
 * id (SheetForms: data.responseId; bare: id) is kept, so each can be looked up in the database afterwards.
 */
async function load(name, url, pid) {
  const acknowledgedIds = [];
  const options = {
    url,
    headers: { 'content-type': 'application/json' },
    idReplacement: true,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: new URL(url).pathname,
        body,
        onResponse(status, responseBody) {
          if (status < 200 || status > 299) return;
          const parsed = JSON.parse(responseBody);
          acknowledgedIds.push(String(parsed.data?.responseId ?? parsed.id));
        },
      },
    ],
  };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  await sleep(500);
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, residentBytes(pid));
  }, 200);
  const result = await autocannon({ ...options, duration: DURATION });
  clearInterval(sampler);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    acknowledgedIds,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    peakRssMiB: peakRss / 1024 / 1024,
  };
}

/** How many of `ids` the table holds (looked up by primary key, 500 at a time). */
function countStored(db, table, ids) {
  let found = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const placeholders = chunk.map(() => '?').join(',');
    found += db.prepare(`SELECT count(*) AS n FROM ${table} WHERE id IN (${placeholders})`).get(...chunk).n;
  }
  return found;
}

/**
 * Every 2xx (warm-up included) must have its row, looked up by the id it answered. A row without a 2xx is
 * allowed only for a request still in flight when autocannon stopped (at most one per connection per run:
 * stored, but its answer never read, so never acknowledged).
 */
function reconcile(run, db, table, rows) {
  const stored = countStored(db, table, run.acknowledgedIds);
  return {
    rows,
    missing: run.acknowledgedIds.length - stored,
    extra: Math.max(0, rows - run.acknowledgedIds.length),
    inFlightAtStop: (WARMUP > 0 ? 2 : 1) * CONNECTIONS,
  };
}

function residentBytes(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kib * 1024;
  } catch {
    return 0;
  }
}

function printTable(rows) {
  const bareByRound = new Map(rows.filter((r) => r.name === 'bare').map((r) => [r.round, r.rps]));
  console.log(
    `\nNode ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; ${CONNECTIONS} connections, ${DURATION} s per run (after ${WARMUP} s warm-up); sheet sync ${args.sync}, log level ${args['log-level']}\n`,
  );
  console.log(
    '| Round | Route | Requests/s | p50 (ms) | p99 (ms) | 2xx | Non-2xx | Errors | Every 2xx has its row | Peak RSS (MiB) | vs bare |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const bare = bareByRound.get(r.round);
    const ratio = bare ? `${(r.rps / bare).toFixed(2)}×` : '–';
    console.log(
      `| ${r.round} | ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.non2xx} | ${r.errors} | ${r.missing === 0 ? `yes (+${r.extra} in flight at stop)` : `NO: ${r.missing} missing`} | ${r.peakRssMiB.toFixed(0)} | ${ratio} |`,
    );
  }
}
