#!/usr/bin/env node
// Benchmark: submission throughput of POST /api/v1/forms/{formId}/submit-form under load, against two floors
// on the same stack, in the same run.
//
//   npm run build && node bench/submit-throughput.mjs [--connections 50] [--duration 20] [--rounds 2]
//       [--only naive,group,off,on,google-on] [--postgres URL] [--before DIR] [--json FILE] [--ci] [--profile DIR]
//       [--node-args=--max-semi-space-size=8]  (after the options `npm start` gives node; a later one wins)
//       [--before-node-args=...]  (the same, for the before-* servers only: V8 settings against the shipped
//       ones in one run, with --before naming this tree)
//
// Each round starts these servers in child processes, one after the other, and loads each with autocannon
// from this process (every request a new submission with its own random idempotency key, as the web app
// sends: crypto.randomUUID()):
//   - naive: bench/support/bare-submit-server.mjs, a bare Fastify route over better-sqlite3 (WAL,
//     synchronous=FULL) that validates a small body with Fastify's JSON schema and inserts one row per
//     request, one transaction (one disk flush) each;
//   - group: the same route with SheetForms' own group commit and SQLite writer thread (from the build);
//   - off / on: the production build (apps/server/dist) in local mode with SQLite (WAL, synchronous=FULL)
//     in a temporary DATA_DIR, logging at info (one JSON line per request, sent to /dev/null here as a log
//     shipper would take it), the public rate limits raised (every request comes from one IP), and the
//     sheet-sync worker off, or on (appending to the in-process Google emulator);
//   - google-off / google-on: the same in Google mode, as deployed, with every Google URL at the emulator
//     started in a process of its own (not counted in the server's memory, but on the same cores);
//   - pg-off / pg-on (with --postgres URL): the same against PostgreSQL, a fresh database per run;
//   - before-off / before-on (with --before DIR): SheetForms from another tree's build (DIR/apps/server/dist),
//     say the commit before a change, to compare in the same run; before-google-off / before-google-on, the
//     same in Google mode (name them in --only; without any before-* there, --before adds the local pair).
// After each run the server is stopped and every 2xx answer's id is looked up in its database: each must
// have its row (a 201 is only sent after the commit), and no more rows may exist than 2xx answers plus the
// requests in flight when the load stopped.
// Reports requests per second, p50/p99 latency, non-2xx and errors, the server's resident memory (idle,
// before the load; peak during it), the bytes the server process wrote to disk per 2xx during the measured
// run (/proc/<pid>/io write_bytes: the WAL and the checkpoints into the database file; with the worker on,
// also the sync's updates and the emulator's sheet files; PostgreSQL: the cluster's WAL bytes from
// pg_stat_wal), the server's CPU time per 2xx (all its threads, and its main thread alone: steadier than
// requests per second when other work shares the cores), the load generator's own CPU time per 2xx
// (this process: autocannon, the bodies, reading the replies; on the same cores), and each SheetForms run's ratio to the round's two
// floors. The machine's speed drifts within a round (other work on the host), so the group route runs
// again at the end of the round, and each SheetForms run is compared with the group route's rate at the
// middle of its own run, on the straight line between the two group runs.
//
// --ci: 1 round of 5 s after a 1 s warm-up. The exit code is 1 on errors, non-2xx answers, an acknowledged
// response without its row, or a run that produced no report; never on a timing.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  createClusterForm,
  googleModeEnv,
  signInOwner,
  startStandaloneEmulator,
} from './support/cluster.mjs';
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
    duration: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    only: { type: 'string', default: 'naive,group,off,on,google-on' },
    'log-level': { type: 'string', default: 'info' },
    postgres: { type: 'string' },
    before: { type: 'string' },
    json: { type: 'string' },
    ci: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'node-args': { type: 'string' },
    'before-node-args': { type: 'string' },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration ?? (args.ci ? 5 : 20));
const WARMUP = Number(args.warmup ?? (args.ci ? 1 : 3));
const ROUNDS = Number(args.rounds ?? (args.ci ? 1 : 2));
const requireFromServer = createRequire(path.join(repositoryRoot, 'apps/server/package.json'));
const Database = requireFromServer('better-sqlite3');

const routes = args.only.split(',').map((name) => name.trim());
if (args.postgres) routes.push('pg-off', 'pg-on');
if (args.before && !routes.some((route) => route.startsWith('before-')))
  routes.push('before-off', 'before-on');
if (!args.before && routes.some((route) => route.startsWith('before-')))
  throw new Error('before-* needs --before DIR');
const known = new Set([
  'naive',
  'group',
  'off',
  'on',
  'google-off',
  'google-on',
  'pg-off',
  'pg-on',
  'before-off',
  'before-on',
  'before-google-off',
  'before-google-on',
]);
for (const route of routes) if (!known.has(route)) throw new Error(`unknown route ${route}`);

/**
 * The kernel's clock ticks per second, the unit of /proc's CPU times (asked once). Declared above the runs:
 * the module's top level awaits them, so a `let` further down would still be uninitialised when read.
 */
let clockTicks;

// The same answers for every route; each request gets a fresh random idempotency key.
const answers = { 'Full Name': 'Ada Lovelace', Email: 'ada@example.org', Guests: '2' };
const newBody = () => JSON.stringify({ idempotencyKey: `bench-key-${randomUUID()}`, response: answers });

const startedAt = new Date();
const loadBefore = os.loadavg();
const results = [];
// The group route runs again at the end of each round (when SheetForms routes follow it): the machine's
// speed drifts within a round, and each SheetForms run is compared with the group route's rate at its own
// time, interpolated between the two group runs (printReport).
const groupAgain = routes.includes('group') && routes.some((route) => route !== 'naive' && route !== 'group');
for (let round = 1; round <= ROUNDS; round++) {
  for (const route of groupAgain ? [...routes, 'group'] : routes) {
    const again = route === 'group' && results.some((r) => r.round === round && r.name === 'group');
    const run = route === 'naive' || route === 'group' ? await runBare(route) : await runSheetForms(route);
    results.push({ round, ...run, ...(again ? { again } : {}) });
    console.error(
      `round ${round} ${route}${again ? ' (again)' : ''}: ${Math.round(run.rps)} requests/s, p99 ${run.p99} ms, ${run.non2xx} non-2xx, ${run.errors} errors, ${run.missing} missing`,
    );
  }
}
const report = {
  startedAt: startedAt.toISOString(),
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
  loadAverage: { before: loadBefore.map((n) => n.toFixed(2)), after: os.loadavg().map((n) => n.toFixed(2)) },
  flushMs: measureFlush(),
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  warmupSeconds: WARMUP,
  logLevel: args['log-level'],
  results: results.map(({ acknowledgedIds, ...rest }) => rest),
};
printReport(report);
if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

const failed = results.filter(
  (r) => r.missing !== 0 || r.extra > r.inFlightAtStop || r.non2xx !== 0 || r.errors !== 0 || r.ok === 0,
);
if (failed.length > 0 || results.length !== ROUNDS * (routes.length + (groupAgain ? 1 : 0))) {
  console.error(
    'Some runs had errors or non-2xx answers, acknowledged submissions without a row, or rows without an acknowledgement.',
  );
  process.exit(1);
}

async function runBare(mode) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sheetforms-bench-${mode}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      path.join(repositoryRoot, 'bench/support/bare-submit-server.mjs'),
      String(port),
      path.join(dir, 'bare.db'),
      mode,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForHealth(base, exited, 30_000, '/health');
    const run = await load(mode, `${base}/submit`, child.pid);
    child.kill('SIGTERM');
    await exited;
    const db = new Database(path.join(dir, 'bare.db'), { readonly: true });
    const rows = db.prepare('SELECT count(*) AS n FROM responses').get().n;
    const stored = countStoredSqlite(db, run.acknowledgedIds);
    db.close();
    return { ...run, ...reconcile(run, rows, stored) };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runSheetForms(route) {
  const worker = route.endsWith('-on') || route === 'on';
  const postgres = route.startsWith('pg-');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-submit-'));
  const pgDatabase = postgres ? await createPostgresDatabase(args.postgres) : undefined;
  // google-*: Google mode, as a production server runs, with Google's URLs at the emulator in a process of
  // its own (local mode serves the emulator from the server's process: its sheets and its work are counted
  // in that server's memory and CPU, which a production server never carries).
  const emulatorDir = path.join(dataDir, 'emulator');
  const emulator = route.replace(/^before-/, '').startsWith('google-')
    ? await startStandaloneEmulator(emulatorDir, { logFile: path.join(dataDir, 'emulator.log') })
    : undefined;
  // A server that fails to start must not leave the emulator running (its child process would keep the
  // bench from exiting).
  const server = await startServer({
    dataDir,
    env: {
      LOG_LEVEL: args['log-level'],
      SHEET_SYNC_ENABLED: worker ? 'true' : 'false',
      ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
      ...(emulator ? googleModeEnv(emulator.url, emulatorDir) : {}),
    },
    stdio: 'ignore',
    ...(route.startsWith('before-') ? { distRoot: path.resolve(args.before) } : {}),
    // --profile DIR: a V8 CPU profile of each SheetForms server, written to DIR when it stops (see
    // docs/performance.md); --node-args: options for the SheetForms servers' node, to try V8 settings.
    nodeArgs: [
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []),
      ...(args['node-args']?.split(' ').filter(Boolean) ?? []),
      ...((route.startsWith('before-') && args['before-node-args']?.split(' ').filter(Boolean)) || []),
    ],
  }).catch(async (error) => {
    await emulator?.stop();
    throw error;
  });
  try {
    let formId;
    if (emulator) {
      const google = { emulatorUrl: emulator.url, proxyUrl: server.base };
      const { accessToken } = await signInOwner(google, 'bench@example.com', server.base);
      ({ formId } = await createClusterForm(google, accessToken, { name: 'Bench Form' }));
    } else {
      ({ formId } = await createSheetForm(server.base, await signIn(server.base)));
    }
    const url = `${server.base}/api/v1/forms/${formId}/submit-form`;
    const run = await load(route, url, server.pid, pgDatabase?.walBytes);
    await server.stop();
    let rows;
    let stored;
    if (pgDatabase) {
      ({ rows, stored } = await pgDatabase.count(run.acknowledgedIds));
    } else {
      const db = new Database(path.join(dataDir, 'sheetforms.db'), { readonly: true });
      rows = db
        .prepare("SELECT count(*) AS n FROM responses WHERE idempotency_key LIKE 'bench-key-%'")
        .get().n;
      stored = countStoredSqlite(db, run.acknowledgedIds);
      db.close();
    }
    return { ...run, ...reconcile(run, rows, stored) };
  } finally {
    await server.kill();
    await emulator?.stop();
    await pgDatabase?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database for one run, its row checks, and the cluster's WAL bytes (pg_stat_wal). */
async function createPostgresDatabase(adminUrl) {
  const pg = requireFromServer('pg');
  const name = `sheetforms_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async walBytes() {
      const { rows } = await admin.query('SELECT wal_bytes::text AS bytes FROM pg_stat_wal');
      return Number(rows[0]?.bytes ?? Number.NaN);
    },
    async count(ids) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const rows = Number(
        (await client.query("SELECT count(*) AS n FROM responses WHERE idempotency_key LIKE 'bench-key-%'"))
          .rows[0].n,
      );
      let stored = 0;
      for (let i = 0; i < ids.length; i += 5000) {
        const chunk = ids.slice(i, i + 5000);
        stored += Number(
          (await client.query('SELECT count(*) AS n FROM responses WHERE id = ANY($1::text[])', [chunk]))
            .rows[0].n,
        );
      }
      await client.end();
      return { rows, stored };
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A warm-up run, then the measured run; samples the server's resident memory meanwhile. Every 2xx answer's
 * id (SheetForms: data.responseId; bare: id) is kept, so each can be looked up in the database afterwards.
 */
async function load(name, url, pid, walBytes) {
  const acknowledgedIds = [];
  const options = {
    url,
    headers: { 'content-type': 'application/json' },
    connections: CONNECTIONS,
    requests: [
      {
        method: 'POST',
        path: new URL(url).pathname,
        setupRequest(request) {
          request.body = newBody();
          return request;
        },
        onResponse(status, responseBody) {
          if (status < 200 || status > 299) return;
          const parsed = JSON.parse(responseBody);
          acknowledgedIds.push(String(parsed.data?.responseId ?? parsed.id));
        },
      },
    ],
  };
  await sleep(1000);
  const idleRss = residentBytes(pid);
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  await sleep(500);
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, residentBytes(pid));
  }, 200);
  const written = walBytes ?? (async () => writtenBytes(pid));
  const writtenBefore = await written();
  const cpuBefore = cpuSeconds(pid);
  const clientCpuBefore = process.cpuUsage();
  const measuredFrom = Date.now();
  const result = await autocannon({ ...options, duration: DURATION });
  const measuredAt = (measuredFrom + Date.now()) / 2;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const cpuAfter = cpuSeconds(pid);
  const writtenAfter = await written();
  clearInterval(sampler);
  const cpuMicrosPer2xx = (key) =>
    result['2xx'] > 0 ? ((cpuAfter[key] - cpuBefore[key]) * 1e6) / result['2xx'] : Number.NaN;
  return {
    name,
    // The middle of the measured run (ms since the epoch): where the group route's rate is interpolated.
    measuredAt,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    acknowledgedIds,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    idleRssMiB: idleRss / 1024 / 1024,
    peakRssMiB: peakRss / 1024 / 1024,
    kibPer2xx: result['2xx'] > 0 ? (writtenAfter - writtenBefore) / 1024 / result['2xx'] : Number.NaN,
    cpuPer2xx: cpuMicrosPer2xx('process'),
    mainThreadCpuPer2xx: cpuMicrosPer2xx('mainThread'),
    // The load generator's share of the same cores: this process, which is autocannon (it parses every
    // response's status line and headers in JavaScript, so more header lines cost it more), making the
    // bodies and reading the replies' ids, and the RSS sampler.
    clientCpuPer2xx: result['2xx'] > 0 ? (clientCpu.user + clientCpu.system) / result['2xx'] : Number.NaN,
  };
}

function clockTicksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU seconds (user + system) the server has used: all its threads, and its main thread alone (the
 * thread whose id is the process id). Per request, far steadier than requests per second on a shared
 * machine: another process taking a core slows the server, but does not make its requests cost more.
 * PostgreSQL's own processes (pg-*) and the standalone emulator (google-*) are not counted.
 */
function cpuSeconds(pid) {
  const ticks = clockTicksPerSecond();
  const read = (file) => {
    try {
      // The fields after the command's closing parenthesis (the command may hold one); utime and stime are
      // the 14th and 15th of the line.
      const line = fs.readFileSync(file, 'utf8');
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      return Number.NaN;
    }
  };
  return { process: read(`/proc/${pid}/stat`), mainThread: read(`/proc/${pid}/task/${pid}/stat`) };
}

/** How many of `ids` the table holds (looked up by primary key, 500 at a time). */
function countStoredSqlite(db, ids) {
  let found = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const placeholders = chunk.map(() => '?').join(',');
    found += db.prepare(`SELECT count(*) AS n FROM responses WHERE id IN (${placeholders})`).get(...chunk).n;
  }
  return found;
}

/**
 * Every 2xx (warm-up included) must have its row, looked up by the id it answered. A row without a 2xx is
 * allowed only for a request still in flight when autocannon stopped (at most one per connection per run:
 * stored, but its answer never read, so never acknowledged).
 */
function reconcile(run, rows, stored) {
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
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Bytes the process (all its threads) sent to the storage layer so far. */
function writtenBytes(pid) {
  try {
    return Number(/write_bytes:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/**
 * The machine's flush time: the median of 200 one-row commits (WAL, synchronous=FULL) into a temporary
 * SQLite file, measured after the runs, in milliseconds.
 */
function measureFlush() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-flush-'));
  try {
    const db = new Database(path.join(dir, 'flush.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const times = [];
    for (let i = 0; i < 200; i++) {
      const start = process.hrtime.bigint();
      insert.run(randomUUID());
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    db.close();
    times.sort((a, b) => a - b);
    return { p50: times[100]?.toFixed(3), p90: times[180]?.toFixed(3) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function printReport({ results: rows, ...meta }) {
  // A floor's rate at the time of `run`: the one run of its round, or, for the group route run before and
  // after the SheetForms routes, the straight line between the two at the run's own time.
  const floor = (run, name) => {
    const [first, second] = rows.filter((r) => r.round === run.round && r.name === name);
    if (!first || !second || second.measuredAt === first.measuredAt) return first?.rps;
    const share = (run.measuredAt - first.measuredAt) / (second.measuredAt - first.measuredAt);
    return first.rps + (second.rps - first.rps) * Math.min(1, Math.max(0, share));
  };
  const ratio = (value, base) => (value && base ? `${(value / base).toFixed(2)}×` : '–');
  console.log(
    `\nNode ${meta.node}, ${meta.cpus}; load average ${meta.loadAverage.before.join(' ')} before, ${meta.loadAverage.after.join(' ')} after; one-row commit (flush) p50 ${meta.flushMs.p50} ms, p90 ${meta.flushMs.p90} ms; ${meta.connections} connections, ${meta.durationSeconds} s per run (after ${meta.warmupSeconds} s warm-up); log level ${meta.logLevel}\n`,
  );
  console.log(
    '| Round | Route | Requests/s | p50 (ms) | p99 (ms) | 2xx | Non-2xx | Errors | Every 2xx has its row | Idle RSS (MiB) | Peak RSS (MiB) | KiB written per 2xx | CPU µs per 2xx (main thread) | Load generator CPU µs per 2xx | vs naive | vs group commit |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const bare = r.name === 'naive' || r.name === 'group';
    console.log(
      `| ${r.round} | ${r.again ? `${r.name} (again)` : r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.non2xx} | ${r.errors} | ${r.missing === 0 ? `yes (+${r.extra} in flight at stop)` : `NO: ${r.missing} missing`} | ${r.idleRssMiB.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} | ${r.kibPer2xx.toFixed(1)} | ${r.cpuPer2xx.toFixed(0)} (${r.mainThreadCpuPer2xx.toFixed(0)}) | ${r.clientCpuPer2xx.toFixed(0)} | ${bare ? '–' : ratio(r.rps, floor(r, 'naive'))} | ${bare ? '–' : ratio(r.rps, floor(r, 'group'))} |`,
    );
  }
}
