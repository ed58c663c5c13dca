#!/usr/bin/env node
// Benchmark and proof: SIGKILL the server in the middle of a load run, restart it, and check that every
// response that got a 2xx is in the database and, after the sync, in the sheet exactly once.
//
//   npx tsc -b apps/server && node bench/crash-recovery.mjs [--responses 5000] [--concurrency 50] [--kills 3]
//       [--rate 300] [--entry dist|source] [--database sqlite|postgres] [--database-url postgres://…]
//       [--lease 5] [--write-latency 300] [--seed 1] [--keep]
//
// Starts the server in local mode in a child process (the production build, or the source through tsx) on a
// temporary DATA_DIR and a fixed port, with SHEET_SYNC_LEASE_SECONDS=5 and the emulator adding latency to
// every Sheets write, so an append is in flight most of the time. With --database postgres it creates a fresh
// database through --database-url (or TEST_DATABASE_URL) and drops it at the end. It signs in, creates a
// sheet and a form, then sends --responses submissions from --concurrency clients at --rate per second in
// all, each with its own idempotency key; a client whose connection fails waits for the server and sends
// the same key again, as the public form does. The kills land at random points of the load and take turns
// between three moments:
//   - append in flight: writes are held in the emulator, a claim is seen, then SIGKILL;
//   - append stored: the server is frozen (SIGSTOP) as soon as the sheet's file grows; if the database still
//     has the appended responses claimed, SIGKILL (the worker never recorded the append), else SIGCONT and
//     wait for the next append;
//   - random: SIGKILL at once.
// Each kill is followed by a restart on the same DATA_DIR and port. After the load it waits for the sync
// backlog to reach 0, then checks every acknowledged response id through the owner API (the database), the
// public sync-status call, and the sheet's Response ID column (exactly once, with its own answers).
// Reports requests sent, 2xx (201, and 200 for a key sent again whose first try was stored before the kill),
// connection errors during kills, and per kill: requests in flight, restart time, rows the restarted worker
// found already in the sheet, and when everything acknowledged before the kill was in the sheet; then the
// drain time, duplicates and losses. Exits 1 on any loss, duplicate or stray row, or when a kill missed the
// load (then use --rate or more --responses).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import {
  appendedResponseIds,
  freezeWhenSheetGrows,
  settledFiles,
  sheetFiles,
} from './support/emulator-files.mjs';
import {
  columnCounts,
  control,
  createSheetForm,
  freePort,
  repositoryRoot,
  sheetValues,
  signIn,
  sleep,
  startServer,
  submit,
} from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    responses: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '50' },
    rate: { type: 'string', default: '300' },
    kills: { type: 'string', default: '3' },
    entry: { type: 'string', default: 'dist' },
    database: { type: 'string', default: 'sqlite' },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
    lease: { type: 'string', default: '5' },
    'write-latency': { type: 'string', default: '300' },
    'drain-timeout': { type: 'string', default: '300' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    keep: { type: 'boolean', default: false },
  },
});
const RESPONSES = Number(args.responses);
const CONCURRENCY = Number(args.concurrency);
const KILLS = Number(args.kills);
/**
 * Submissions per second over all clients (0: as fast as the server answers). After a kill no append happens
 * until the killed process's lease ends, so an unpaced load can end before the later kills.
 */
const RATE = Number(args.rate);
const ENTRY = args.entry === 'source' ? 'source' : 'dist';
const DATABASE = args.database === 'postgres' ? 'postgres' : 'sqlite';
const LEASE_SECONDS = Number(args.lease);
const WRITE_LATENCY_MS = Number(args['write-latency']);
const DRAIN_TIMEOUT_MS = Number(args['drain-timeout']) * 1000;
const SEED = Number(args.seed);
const KILL_MODES = ['append in flight', 'append stored', 'random'];
/** Every Sheets write waits this long in the emulator (reads are not slowed): appends stay in flight. */
const NORMAL_FAULTS = { latencyMs: WRITE_LATENCY_MS, target: 'writes' };
/** Holds the next write for a minute: the worker is stuck in its append when the kill comes. */
const HOLD_WRITES = { latencyMs: 60_000, target: 'writes' };

const random = mulberry32(SEED);
const startedAt = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-crash-'));
const port = await freePort();
const postgres = DATABASE === 'postgres' ? await createPostgresDatabase(args['database-url']) : undefined;
const env = {
  SHEET_SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
  // info: the worker's "rows were already in the sheet" line is the evidence that a restart found an append
  // of the killed process (request lines are read and dropped here).
  LOG_LEVEL: 'info',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
};

/** The current server process; `ready` resolves while it is up and is replaced at each kill. */
let server;
let generation = 0;
let markUp = () => {};
let ready = Promise.resolve();
/** Per server generation: rows a restarted worker found already in the sheet (an append of a dead process). */
const alreadyPresentByGeneration = new Map();
const serverWarnings = [];

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(error);
} finally {
  if (server) await server.stop().catch(() => undefined);
  if (postgres) await postgres.drop().catch((error) => console.error('could not drop the database:', error));
  if (args.keep) console.log(`data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

async function run() {
  console.log(
    `crash recovery: ${RESPONSES} responses, concurrency ${CONCURRENCY}${RATE > 0 ? ` at ${RATE}/s` : ''}, ${KILLS} kills, entry ${ENTRY}, ` +
      `database ${DATABASE}, lease ${LEASE_SECONDS} s, write latency ${WRITE_LATENCY_MS} ms, seed ${SEED}; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  await launch();
  const base = server.base;
  const token = await signIn(base);
  const { formId, spreadsheetId, sheetName } = await createSheetForm(base, token, { name: 'Crash Recovery' });
  const sheetDir = path.join(dataDir, 'google-emulator', 'spreadsheets', spreadsheetId);
  const runId = crypto.randomUUID().slice(0, 8);

  // --- the load -------------------------------------------------------------------------------------------
  /** n → { id, status } for every acknowledged (2xx) submission. */
  const acked = new Map();
  const ackOrder = [];
  const stats = { sent: 0, connectionErrors: 0, otherStatuses: new Map(), inFlight: 0, unanswered: 0 };
  let next = 0;
  let nextSlot = performance.now();
  const pace = async () => {
    if (RATE <= 0) return;
    const now = performance.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + 1000 / RATE;
    if (slot > now) await sleep(slot - now);
  };
  let loadDone = false;
  const loadStart = performance.now();
  const client = async () => {
    for (;;) {
      const n = next++;
      if (n >= RESPONSES) return;
      const key = `crash-${runId}-${n}`;
      await pace();
      for (let attempt = 1; ; attempt++) {
        await ready;
        stats.sent++;
        stats.inFlight++;
        const result = await submit(base, formId, key, n);
        stats.inFlight--;
        if ((result.status === 201 || result.status === 200) && result.responseId) {
          acked.set(n, { id: result.responseId, status: result.status });
          ackOrder.push(result.responseId);
          break;
        }
        if (result.status === 0) stats.connectionErrors++;
        else stats.otherStatuses.set(result.status, (stats.otherStatuses.get(result.status) ?? 0) + 1);
        if (attempt >= 50) {
          stats.unanswered++;
          break;
        }
        await sleep(result.status === 0 ? 20 : 200);
      }
    }
  };
  const clients = Promise.all(Array.from({ length: CONCURRENCY }, client)).then(() => {
    loadDone = true;
  });

  // --- the sync watermark: how many acknowledged responses, in order, are synced (for recovery times) ------
  // Every stored response, page by page (the form detail carries only the newest page).
  const owner = async () => {
    const rows = [];
    let cursor = '';
    while (cursor !== null) {
      const query = `limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await fetch(`${base}/api/v1/forms/${formId}/responses?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`GET responses: ${res.status}`);
      const page = (await res.json()).data;
      rows.push(...page.items);
      cursor = page.nextCursor;
    }
    return rows;
  };
  const syncState = async (id) => {
    const res = await fetch(`${base}/api/v1/forms/responses/${id}/sync-status`);
    if (!res.ok) throw new Error(`sync-status ${id}: ${res.status}`);
    return (await res.json()).data.state;
  };
  const watermark = { index: 0 };
  const kills = [];
  let trackerStop = false;
  const tracker = (async () => {
    let width = 1;
    while (!trackerStop) {
      try {
        // A run of synced responses is read 64 at a time; a head that is not synced yet, alone.
        const ids = ackOrder.slice(watermark.index, watermark.index + width);
        const states = await Promise.all(ids.map(syncState));
        let advanced = 0;
        while (advanced < states.length && states[advanced] === 'synced') advanced++;
        watermark.index += advanced;
        for (const k of kills) {
          if (
            k.recoveredMs === undefined &&
            k.restartedAt !== undefined &&
            watermark.index >= k.ackedAtKill
          ) {
            k.recoveredMs = performance.now() - k.killedAt;
          }
        }
        width = advanced === states.length && advanced > 0 ? 64 : 1;
        if (width > 1) continue;
      } catch {
        // the server is down
      }
      await sleep(50);
    }
  })();

  // --- the kills ------------------------------------------------------------------------------------------
  for (let k = 0; k < KILLS; k++) {
    const target = Math.floor((RESPONSES * (k + 0.1 + random() * 0.5)) / KILLS);
    while (acked.size < target && !loadDone) await sleep(5);
    if (loadDone) break;
    const mode = KILL_MODES[k % KILL_MODES.length];
    const kill = { n: k + 1, mode, errorsBefore: stats.connectionErrors };
    kills.push(kill);
    if (mode === 'append in flight') {
      // Hold every new write, let an append already under way finish, then wait for a claim that stays
      // (seen twice, 150 ms apart, in the owner's list): its append is waiting in the emulator.
      await control(base, 'PUT', '/faults', HOLD_WRITES);
      await sleep(WRITE_LATENCY_MS + 100);
      const deadline = performance.now() + 10_000;
      let seen = 0;
      while (performance.now() < deadline && seen < 2) {
        const claimed = (await owner()).filter((r) => r.syncState === 'claimed').length;
        seen = claimed > 0 ? seen + 1 : 0;
        kill.claimedAtKill = claimed;
        if (seen < 2) await sleep(150);
      }
      kill.claimHeld = seen >= 2;
      killNow(kill);
    } else if (mode === 'append stored') {
      kill.landed = await killBetweenAppendAndRecord(sheetDir, kill);
    } else {
      killNow(kill);
    }
    await server.exited;
    kill.restartStart = performance.now();
    await launch();
    kill.restartedAt = performance.now();
    kill.restartMs = kill.restartedAt - kill.restartStart;
    kill.downMs = kill.restartedAt - kill.killedAt;
  }
  const missedKills = KILLS - kills.filter((k) => k.midLoad).length;

  await clients;
  const loadEnd = performance.now();
  for (const k of kills)
    k.connectionErrors = (kills[k.n]?.errorsBefore ?? stats.connectionErrors) - k.errorsBefore;

  // --- drain ----------------------------------------------------------------------------------------------
  const drainDeadline = performance.now() + DRAIN_TIMEOUT_MS;
  let backlog = { pending: -1, failed: 0 };
  while (performance.now() < drainDeadline) {
    const res = await fetch(`${base}/api/v1/forms/sync-counts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const counts = (await res.json()).data[formId] ?? { pending: 0, failed: 0 };
    backlog = counts;
    if (counts.pending === 0) break;
    await sleep(100);
  }
  const drainedAt = performance.now();
  // Let the watermark catch up with the drain, so every recovery time is measured.
  const catchUp = performance.now() + 10_000;
  while (watermark.index < ackOrder.length && performance.now() < catchUp) await sleep(50);
  trackerStop = true;
  await tracker;

  // --- verify ---------------------------------------------------------------------------------------------
  const problems = [];
  const rows = await owner();
  const dbState = new Map(rows.map((r) => [r.id, r.syncState]));
  const ackedIds = [...acked.values()].map((a) => a.id);
  const notInDb = ackedIds.filter((id) => !dbState.has(id));
  const notSynced = ackedIds.filter((id) => dbState.has(id) && dbState.get(id) !== 'synced');
  if (missedKills > 0)
    problems.push(
      `${missedKills} of the ${KILLS} kills did not land mid-load: use --rate or more --responses`,
    );
  if (stats.unanswered > 0) problems.push(`${stats.unanswered} submissions never got a 2xx`);
  if (new Set(ackedIds).size !== ackedIds.length) problems.push('two submissions got the same response id');
  if (notInDb.length > 0) problems.push(`${notInDb.length} acknowledged ids are not in the database`);
  if (notSynced.length > 0) problems.push(`${notSynced.length} acknowledged ids are not synced`);
  if (backlog.failed > 0) problems.push(`${backlog.failed} responses failed to sync`);

  // The public status call, for every acknowledged id.
  const statusCounts = new Map();
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (cursor < ackedIds.length) {
        const id = ackedIds[cursor++];
        const res = await fetch(`${base}/api/v1/forms/responses/${id}/sync-status`);
        const state = res.ok ? (await res.json()).data.state : `HTTP ${res.status}`;
        statusCounts.set(state, (statusCounts.get(state) ?? 0) + 1);
      }
    }),
  );
  if ((statusCounts.get('synced') ?? 0) !== ackedIds.length) {
    problems.push(`sync-status: ${JSON.stringify(Object.fromEntries(statusCounts))}`);
  }

  // The sheet: each acknowledged id exactly once, with its own answers; no other rows but stored responses.
  const values = await sheetValues(base, spreadsheetId, sheetName);
  const header = values[0] ?? [];
  const counts = columnCounts(values, 'Response ID');
  const nameColumn = header.indexOf('Full Name');
  const idColumn = header.indexOf('Response ID');
  const nameById = new Map(values.slice(1).map((row) => [row[idColumn] ?? '', row[nameColumn] ?? '']));
  const missing = ackedIds.filter((id) => !counts.has(id));
  const duplicated = [...counts].filter(([, c]) => c > 1);
  const ackedSet = new Set(ackedIds);
  const strays = [...counts.keys()].filter((id) => !ackedSet.has(id));
  const unacknowledged = strays.filter((id) => dbState.has(id));
  const phantoms = strays.filter((id) => !dbState.has(id));
  const wrongAnswers = [...acked].filter(
    ([n, a]) => counts.has(a.id) && nameById.get(a.id) !== `Respondent ${n}`,
  );
  if (missing.length > 0) problems.push(`${missing.length} acknowledged ids are missing from the sheet`);
  if (duplicated.length > 0) problems.push(`${duplicated.length} ids appear more than once in the sheet`);
  if (phantoms.length > 0) problems.push(`${phantoms.length} sheet rows match no stored response`);
  if (wrongAnswers.length > 0) problems.push(`${wrongAnswers.length} rows carry another response's answers`);
  if (values.length - 1 !== rows.length) {
    problems.push(`the sheet has ${values.length - 1} rows, the database ${rows.length} responses`);
  }

  // --- report ---------------------------------------------------------------------------------------------
  const loadMs = loadEnd - loadStart;
  const created = [...acked.values()].filter((a) => a.status === 201).length;
  const others = [...stats.otherStatuses].map(([s, c]) => `${c} × ${s}`).join(', ') || '0';
  console.log(
    `load: ${stats.sent} requests sent, ${acked.size} acknowledged (${created} × 201, ${acked.size - created} × 200 ` +
      `for a key sent again after a kill), ${stats.connectionErrors} connection errors during kills (never ` +
      `acknowledged; sent again with the same key), other statuses ${others}; ${seconds(loadMs)}, ` +
      `${Math.round(acked.size / (loadMs / 1000))} acknowledged/s with the kills`,
  );
  for (const k of kills) {
    const found = alreadyPresentByGeneration.get(k.n) ?? 0;
    const moment =
      k.mode === 'append in flight'
        ? k.claimHeld
          ? `writes held, ${k.claimedAtKill} responses claimed`
          : 'writes held, but no claim was seen within 10 s'
        : k.mode === 'append stored'
          ? k.landed
            ? `${k.appendedUnrecorded} rows appended, still claimed in the database (try ${k.freezes}${k.misses.length > 0 ? `; before: ${k.misses.join('; ')}` : ''})`
            : 'no append caught before its record; killed anyway'
          : 'at once';
    console.log(
      `kill ${k.n} (${k.mode}: ${moment}): at ${k.ackedAtKill} acknowledged${k.midLoad ? '' : ' (after the load)'}, ${k.inFlightAtKill} requests in ` +
        `flight, ${k.connectionErrors} connection errors; restart ${seconds(k.restartMs)} (kill → healthy ` +
        `${seconds(k.downMs)}); the worker started after it found ${found} rows already in the sheet; everything ` +
        `acknowledged before the kill synced ${k.recoveredMs === undefined ? 'never' : `${seconds(k.recoveredMs)} after the kill`}`,
    );
  }
  const found = [...alreadyPresentByGeneration.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `recovery: ${kills.length} restarts; restarted workers found ${found} rows already in the sheet (appended ` +
      'by a killed process that never recorded them) and did not write them again',
  );
  const lastRestart = kills.at(-1)?.restartedAt;
  console.log(
    `drain: backlog 0 ${seconds(drainedAt - loadEnd)} after the load ended` +
      (lastRestart ? `, ${seconds(drainedAt - lastRestart)} after the last restart` : '') +
      ` (pending ${backlog.pending}, failed ${backlog.failed})`,
  );
  console.log(
    `verify: ${ackedIds.length} acknowledged ids; in the database ${ackedIds.length - notInDb.length}, synced ` +
      `${ackedIds.length - notInDb.length - notSynced.length}; sync-status ${JSON.stringify(Object.fromEntries(statusCounts))}; ` +
      `in the sheet exactly once ${ackedIds.filter((id) => counts.get(id) === 1).length}, missing ${missing.length}, ` +
      `duplicates ${duplicated.length}; sheet rows ${values.length - 1}, database rows ${rows.length}, stored ` +
      `without an acknowledgement ${unacknowledged.length}, rows of no response ${phantoms.length}, answers of ` +
      `another response ${wrongAnswers.length}`,
  );
  if (serverWarnings.length > 0) {
    console.log(
      `server warnings and errors: ${serverWarnings.length}, first: ${serverWarnings.slice(0, 5).join(' | ')}`,
    );
  }
  console.log(`total ${seconds(performance.now() - startedAt)}`);
  if (problems.length > 0) {
    console.log(`RESULT: FAIL\n  - ${problems.join('\n  - ')}`);
    if (duplicated.length > 0)
      console.log(
        `  duplicated ids: ${duplicated
          .slice(0, 10)
          .map(([id, c]) => `${id} ×${c}`)
          .join(', ')}`,
      );
    if (missing.length > 0) console.log(`  missing ids: ${missing.slice(0, 10).join(', ')}`);
    return 1;
  }
  console.log('RESULT: PASS (no loss, no duplicate)');
  return 0;

  /**
   * Freezes the server (SIGSTOP) as soon as the sheet's file grows and reads the appended responses' states
   * from the database: still 'claimed' means the worker has not recorded the append, so SIGKILL lands
   * exactly there; otherwise SIGCONT and wait for the next append (at most 5 tries).
   */
  async function killBetweenAppendAndRecord(dir, kill) {
    kill.misses = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      kill.freezes = attempt;
      await settledFiles(dir); // not in the middle of an earlier write
      const before = sheetFiles(dir);
      if (!(await freezeWhenSheetGrows(server.child, dir, before))) return false;
      await settledFiles(dir);
      const appended = appendedResponseIds(dir, before);
      let states = new Map();
      try {
        states = await statesInDatabase(appended);
      } catch (error) {
        kill.misses.push(`database: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (appended.length > 0 && appended.every((id) => states.get(id) === 'claimed')) {
        kill.appendedUnrecorded = appended.length;
        killNow(kill);
        return true;
      }
      const seen = {};
      for (const id of appended)
        seen[states.get(id) ?? 'absent'] = (seen[states.get(id) ?? 'absent'] ?? 0) + 1;
      kill.misses.push(`${appended.length} rows appended, ${JSON.stringify(seen)}`);
      server.child.kill('SIGCONT');
    }
    killNow(kill);
    return false;
  }

  /** SIGKILL now (synchronously): clients wait for the restart from here on. */
  function killNow(kill) {
    ready = new Promise((resolve) => {
      markUp = resolve;
    });
    kill.inFlightAtKill = stats.inFlight;
    kill.midLoad = next < RESPONSES || stats.inFlight > 0;
    kill.ackedAtKill = ackOrder.length;
    kill.killedAt = performance.now();
    server.child.kill('SIGKILL');
  }
}

/** Starts (or restarts) the server on the same DATA_DIR and port, reads its log, sets the emulator's faults. */
async function launch() {
  generation++;
  const current = generation - 1; // the kill this start follows (0: the first start)
  server = await startServer({ dataDir, port, env, entry: ENTRY, stdio: 'pipe' });
  readline.createInterface({ input: server.child.stdout }).on('line', (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return; // a line torn by the kill
    }
    if (entry.msg === 'sheet sync: rows were already in the sheet') {
      alreadyPresentByGeneration.set(
        current,
        (alreadyPresentByGeneration.get(current) ?? 0) + entry.alreadyPresent,
      );
    }
    if (entry.level >= 40) serverWarnings.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
  });
  readline.createInterface({ input: server.child.stderr }).on('line', (line) => {
    console.error(`[server] ${line}`);
  });
  await control(server.base, 'PUT', '/faults', NORMAL_FAULTS);
  markUp();
}

/** The sync states of these responses, read from the database directly (the server may be frozen). */
async function statesInDatabase(ids) {
  if (ids.length === 0) return new Map();
  if (postgres) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const result = await client.query('SELECT id, sync_state FROM responses WHERE id = ANY($1)', [ids]);
      return new Map(result.rows.map((row) => [row.id, row.sync_state]));
    } finally {
      await client.end();
    }
  }
  const Database = createRequire(path.join(repositoryRoot, 'apps/server/package.json'))('better-sqlite3');
  const sqlite = new Database(path.join(dataDir, 'sheetforms.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite
      .prepare(`SELECT id, sync_state FROM responses WHERE id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids);
    return new Map(rows.map((row) => [row.id, row.sync_state]));
  } finally {
    sqlite.close();
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl`, and how to drop it. */
async function createPostgresDatabase(adminUrl) {
  if (!adminUrl) throw new Error('--database postgres needs --database-url (or TEST_DATABASE_URL)');
  const { default: pg } = await import('pg');
  const name = `sheetforms_crash_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A small seeded generator, so a run's kill points can be repeated with --seed. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
