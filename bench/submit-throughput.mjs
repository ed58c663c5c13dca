#!/usr/bin/env node
// Benchmark: submission throughput of POST /api/v1/forms/{formId}/submit-form under load, against two floors
// on the same stack, in the same run.
//
//   npm run build && node bench/submit-throughput.mjs [--connections 50] [--duration 20] [--rounds 2]
//       [--only naive,group,off,on,google-on] [--postgres URL] [--before DIR] [--json FILE] [--ci] [--profile DIR]
//       [--slice 1]  (seconds per turn; see below)
//       [--node-args=--max-semi-space-size=8]  (after the options `npm start` gives node; a later one wins)
//       [--before-node-args=...]  (the same, for the before-* servers only: V8 settings against the shipped
//       ones in one run, with --before naming this tree)
//
// Each round starts these servers in child processes and loads them with autocannon from this process
// (every request a new submission with its own random idempotency key, as the web app sends:
// crypto.randomUUID()), taking turns in slices (below):
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
// The routes take turns: the machine's speed drifts (other work on the host, a slower disk for a few
// seconds), and routes run one after the other met different machines. So every server of a round is
// started and set up first, then frozen (SIGSTOP: all its threads stop, its memory and files stay); each
// route warms up in a turn of its own, then its measured time is cut into slices of --slice seconds (default
// 1), and the routes take the slices in turn, in an order that rotates every slice, each thawed (SIGCONT)
// for its own slice only.
// A frozen server takes no CPU, so each route meets the same stretches of the machine as the others, and
// its figures are the sums over its slices (latency percentiles from the slices' merged histograms).
// After the slices every server is stopped and every 2xx answer's id is looked up in its database: each must
// have its row (a 201 is only sent after the commit), and no more rows may exist than 2xx answers plus the
// requests in flight when a slice ended (at most one per connection per slice).
// Reports requests per second, p50/p99 latency, non-2xx and errors, the server's resident memory (idle,
// before the load; peak during it), the bytes the server process wrote to disk per 2xx during the measured
// run (/proc/<pid>/io write_bytes: the WAL and the checkpoints into the database file; with the worker on,
// also the sync's updates and the emulator's sheet files; PostgreSQL: the cluster's WAL bytes from
// pg_stat_wal), the server's CPU time per 2xx (all its threads, and its main thread alone: steadier than
// requests per second when other work shares the cores), the load generator's own CPU time per 2xx
// (this process: autocannon, the bodies, reading the replies; on the same cores), and each SheetForms run's
// ratio to the round's two floors, measured in the same slices' turns.
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
    slice: { type: 'string', default: '1' },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration ?? (args.ci ? 5 : 20));
const WARMUP = Number(args.warmup ?? (args.ci ? 1 : 3));
const ROUNDS = Number(args.rounds ?? (args.ci ? 1 : 2));
const SLICE = Number(args.slice);
if (!(SLICE >= 1 && Number.isInteger(SLICE))) throw new Error('--slice takes whole seconds, 1 or more');
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

/**
 * Servers frozen now (declared above the runs, like clockTicks): if this process ends
 * unexpectedly (an exception, Ctrl-C), they are killed.
 */
const frozen = new Set();
const killFrozen = () => {
  for (const pid of frozen) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
};
process.once('exit', killFrozen);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killFrozen();
    process.exit(130);
  });
}

// The same answers for every route; each request gets a fresh random idempotency key.
const answers = { 'Full Name': 'Ada Lovelace', Email: 'ada@example.org', Guests: '2' };
const newBody = () => JSON.stringify({ idempotencyKey: `bench-key-${randomUUID()}`, response: answers });

const startedAt = new Date();
const loadBefore = os.loadavg();
const results = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const run of await runRound()) {
    results.push({ round, ...run });
    console.error(
      `round ${round} ${run.name}: ${Math.round(run.rps)} requests/s, p99 ${run.p99} ms, ${run.non2xx} non-2xx, ${run.errors} errors, ${run.missing} missing`,
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
  sliceSeconds: SLICE,
  logLevel: args['log-level'],
  results: results.map(({ acknowledgedIds, ...rest }) => rest),
};
printReport(report);
if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

const failed = results.filter(
  (r) => r.missing !== 0 || r.extra > r.inFlightAtStop || r.non2xx !== 0 || r.errors !== 0 || r.ok === 0,
);
if (failed.length > 0 || results.length !== ROUNDS * routes.length) {
  console.error(
    'Some runs had errors or non-2xx answers, acknowledged submissions without a row, or rows without an acknowledgement.',
  );
  process.exit(1);
}

/**
 * One round: every route's server started and set up, its idle memory read, then frozen; the warm-up and
 * measured slices in turns; then each server stopped and its rows checked. Answers one run per route.
 */
async function runRound() {
  const servers = [];
  try {
    for (const route of routes) {
      const server =
        route === 'naive' || route === 'group' ? await startBare(route) : await startSheetForms(route);
      servers.push(server);
      await sleep(1000);
      server.idleRss = residentBytes(server.pid);
      freeze(server);
    }
    const warmupSlices = WARMUP > 0 ? 1 : 0;
    for (const server of warmupSlices ? servers : []) await loadSlice(server, WARMUP);
    const slices = Math.ceil(DURATION / SLICE);
    const measured = new Map(servers.map((server) => [server, []]));
    for (let i = 0; i < slices; i++) {
      const seconds = Math.min(SLICE, DURATION - i * SLICE);
      // The order rotates, so no route always follows the same one.
      for (let j = 0; j < servers.length; j++) {
        const server = servers[(i + j) % servers.length];
        measured.get(server).push(await loadSlice(server, seconds));
      }
    }
    const runs = [];
    for (const server of servers) {
      thaw(server);
      const run = summarize(server, measured.get(server));
      const { rows, stored } = await server.finish(run.acknowledgedIds);
      runs.push({ ...run, ...reconcile(run, rows, stored, warmupSlices + slices) });
    }
    return runs;
  } finally {
    for (const server of servers) {
      thaw(server);
      await server.kill();
    }
  }
}

/** --profile DIR: node's options for a V8 CPU profile of a server, written to DIR when it stops. */
function profileArgs() {
  return args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
}

/** SIGSTOP: every thread of the server stops where it is; its memory, files and connections stay. */
function freeze(server) {
  process.kill(server.pid, 'SIGSTOP');
  frozen.add(server.pid);
}

function thaw(server) {
  frozen.delete(server.pid);
  try {
    process.kill(server.pid, 'SIGCONT');
  } catch {
    // Already gone.
  }
}

/** The bare floors (bench/support/bare-submit-server.mjs), started and ready to load. */
async function startBare(mode) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sheetforms-bench-${mode}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      // --profile: the floors' profiles too, to set against the SheetForms servers' (docs/performance.md).
      ...profileArgs(),
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
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return newServer(mode, `${base}/submit`, child.pid, {
    async finish(acknowledgedIds) {
      child.kill('SIGTERM');
      await exited;
      const db = new Database(path.join(dir, 'bare.db'), { readonly: true });
      const rows = db.prepare('SELECT count(*) AS n FROM responses').get().n;
      const stored = countStoredSqlite(db, acknowledgedIds);
      db.close();
      return { rows, stored };
    },
    async kill() {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** A SheetForms server (and, in Google mode, its emulator), signed in with a form to submit to. */
async function startSheetForms(route) {
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
    // --profile DIR: a V8 CPU profile of each server (profileArgs); --node-args: options for the SheetForms
    // servers' node, to try V8 settings.
    nodeArgs: [
      ...profileArgs(),
      ...(args['node-args']?.split(' ').filter(Boolean) ?? []),
      ...((route.startsWith('before-') && args['before-node-args']?.split(' ').filter(Boolean)) || []),
    ],
  }).catch(async (error) => {
    await emulator?.stop();
    throw error;
  });
  const cleanUp = async () => {
    await server.kill();
    await emulator?.stop();
    await pgDatabase?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let formId;
  try {
    if (emulator) {
      const google = { emulatorUrl: emulator.url, proxyUrl: server.base };
      const { accessToken } = await signInOwner(google, 'bench@example.com', server.base);
      ({ formId } = await createClusterForm(google, accessToken, { name: 'Bench Form' }));
    } else {
      ({ formId } = await createSheetForm(server.base, await signIn(server.base)));
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return newServer(route, `${server.base}/api/v1/forms/${formId}/submit-form`, server.pid, {
    walBytes: pgDatabase?.walBytes,
    async finish(acknowledgedIds) {
      await server.stop();
      if (pgDatabase) return pgDatabase.count(acknowledgedIds);
      const db = new Database(path.join(dataDir, 'sheetforms.db'), { readonly: true });
      const rows = db
        .prepare("SELECT count(*) AS n FROM responses WHERE idempotency_key LIKE 'bench-key-%'")
        .get().n;
      const stored = countStoredSqlite(db, acknowledgedIds);
      db.close();
      return { rows, stored };
    },
    kill: cleanUp,
  });
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
 * A started server as the slices see it: its route's name, the URL it is loaded at, its process, every
 * 2xx answer's id (SheetForms: data.responseId; bare: id) so each can be looked up in its database
 * afterwards, and `finish` (stop it, count its rows) and `kill` (whatever happened, leave nothing behind).
 */
function newServer(name, url, pid, { walBytes, finish, kill }) {
  const acknowledgedIds = [];
  const options = {
    url,
    headers: { 'content-type': 'application/json' },
    connections: CONNECTIONS,
    // Each slice's histograms are kept, to be merged over the route's slices (summarize).
    skipAggregateResult: true,
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
  // The bytes the server wrote to disk so far (PostgreSQL: the cluster's WAL, which only this server's
  // slices add to: the other servers are frozen meanwhile).
  const written = walBytes ?? (async () => writtenBytes(pid));
  return { name, pid, options, acknowledgedIds, written, finish, kill, idleRss: 0 };
}

/**
 * Thaws the server, loads it for `seconds`, freezes it again. Answers autocannon's raw result with what
 * the slice cost: the server's CPU (all threads, and the main thread), this process's CPU (the load
 * generator), the bytes the server wrote, and its peak resident memory.
 */
async function loadSlice(server, seconds) {
  thaw(server);
  let peakRss = residentBytes(server.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, residentBytes(server.pid));
  }, 200);
  try {
    const writtenBefore = await server.written();
    const cpuBefore = cpuSeconds(server.pid);
    const clientCpuBefore = process.cpuUsage();
    const result = await autocannon({ ...server.options, duration: seconds });
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const cpuAfter = cpuSeconds(server.pid);
    const writtenAfter = await server.written();
    return {
      result,
      cpu: cpuAfter.process - cpuBefore.process,
      mainThreadCpu: cpuAfter.mainThread - cpuBefore.mainThread,
      clientCpuMicros: clientCpu.user + clientCpu.system,
      written: writtenAfter - writtenBefore,
      peakRss,
    };
  } finally {
    clearInterval(sampler);
    freeze(server);
  }
}

/** A route's run: the sums over its measured slices, its latency percentiles from their merged histograms. */
function summarize(server, slices) {
  const merged = autocannon.aggregateResult(
    slices.map((slice) => slice.result),
    server.options,
  );
  const sum = (pick) => slices.reduce((total, slice) => total + pick(slice), 0);
  const ok = merged['2xx'];
  const seconds = sum((slice) => slice.result.duration);
  const perOk = (value) => (ok > 0 ? value / ok : Number.NaN);
  return {
    name: server.name,
    rps: merged.latency.totalCount / seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    ok,
    acknowledgedIds: server.acknowledgedIds,
    non2xx: merged.non2xx,
    errors: merged.errors + merged.timeouts,
    idleRssMiB: server.idleRss / 1024 / 1024,
    peakRssMiB: Math.max(...slices.map((slice) => slice.peakRss)) / 1024 / 1024,
    kibPer2xx: perOk(sum((slice) => slice.written) / 1024),
    cpuPer2xx: perOk(sum((slice) => slice.cpu) * 1e6),
    mainThreadCpuPer2xx: perOk(sum((slice) => slice.mainThreadCpu) * 1e6),
    // The load generator's share of the same cores: this process, which is autocannon (it parses every
    // response's status line and headers in JavaScript, so more header lines cost it more), making the
    // bodies and reading the replies' ids, and the RSS sampler.
    clientCpuPer2xx: perOk(sum((slice) => slice.clientCpuMicros)),
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
 * allowed only for a request still in flight when a slice ended (at most one per connection per slice:
 * stored, but its answer never read, so never acknowledged).
 */
function reconcile(run, rows, stored, slices) {
  return {
    rows,
    missing: run.acknowledgedIds.length - stored,
    extra: Math.max(0, rows - run.acknowledgedIds.length),
    inFlightAtStop: slices * CONNECTIONS,
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
  // A floor's rate: its run in the same round, which took its slices in turn with this one's.
  const floor = (run, name) => rows.find((r) => r.round === run.round && r.name === name)?.rps;
  const ratio = (value, base) => (value && base ? `${(value / base).toFixed(2)}×` : '–');
  console.log(
    `\nNode ${meta.node}, ${meta.cpus}; load average ${meta.loadAverage.before.join(' ')} before, ${meta.loadAverage.after.join(' ')} after; one-row commit (flush) p50 ${meta.flushMs.p50} ms, p90 ${meta.flushMs.p90} ms; ${meta.connections} connections, ${meta.durationSeconds} s per run (after ${meta.warmupSeconds} s warm-up), in slices of ${meta.sliceSeconds} s taken in turn; log level ${meta.logLevel}\n`,
  );
  console.log(
    '| Round | Route | Requests/s | p50 (ms) | p99 (ms) | 2xx | Non-2xx | Errors | Every 2xx has its row | Idle RSS (MiB) | Peak RSS (MiB) | KiB written per 2xx | CPU µs per 2xx (main thread) | Load generator CPU µs per 2xx | vs naive | vs group commit |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const bare = r.name === 'naive' || r.name === 'group';
    console.log(
      `| ${r.round} | ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.non2xx} | ${r.errors} | ${r.missing === 0 ? `yes (+${r.extra} in flight at stop)` : `NO: ${r.missing} missing`} | ${r.idleRssMiB.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} | ${r.kibPer2xx.toFixed(1)} | ${r.cpuPer2xx.toFixed(0)} (${r.mainThreadCpuPer2xx.toFixed(0)}) | ${r.clientCpuPer2xx.toFixed(0)} | ${bare ? '–' : ratio(r.rps, floor(r, 'naive'))} | ${bare ? '–' : ratio(r.rps, floor(r, 'group'))} |`,
    );
  }
}
