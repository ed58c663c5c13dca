#!/usr/bin/env node
// Benchmark: sheet-sync throughput under Google's quota. N responses submitted in a burst to one form must
// reach the emulator's sheet with its quota on (60 writes and 60 reads per minute per user, 300 per project):
// every acknowledged response exactly once. Reports the submit rate, the peak backlog and the time to drain.
//
//   npm run build                                  # this script builds nothing itself (`--entry dist`)
//   node bench/sync-drain.mjs [--responses 10000] [--concurrency 50] [--entry dist|source]
//                             [--sample-ms 250] [--timeout 600] [--json] [--keep]
//
// Starts the server in local mode in a child process (apps/server/dist/main.js, or the TypeScript through
// tsx with `--entry source`; SQLite and the in-process Google emulator in a temporary DATA_DIR, on a free
// port), signs in through the emulator, creates a spreadsheet and a form on it, turns the emulator's quota
// on, then submits the responses with --concurrency requests in flight (a random idempotency key each).
// Meanwhile, every --sample-ms, it reads the owner's backlog (GET /api/v1/forms/sync-counts) and the
// sheet's grid row count (control API, no quota; INSERT_ROWS grows the grid by the rows appended, and
// appends to one spreadsheet are at least a second apart, so each step of the count is one append).
// Once the backlog is empty and the rows are there, it reads the sheet (control API) and checks its
// 'Response ID' column: every acknowledged id exactly once, no other id, and each row's answers match
// what was sent for that id. 429s are counted from the worker's own warnings in the server's log.
//
// Exits 1 when the check fails, a submission was not acknowledged (non-2xx or no answer), a response
// failed to sync, or the sheet did not drain within --timeout seconds of the end of the burst.
// --json prints a machine-readable summary on stdout (the table then goes to stderr); --keep keeps the
// DATA_DIR (the SQLite file and the emulator's sheet) for inspection.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import {
  columnCounts,
  control,
  createSheetForm,
  percentile,
  repositoryRoot,
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
    entry: { type: 'string', default: 'dist' },
    'sample-ms': { type: 'string', default: '250' },
    timeout: { type: 'string', default: '600' },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const RESPONSES = positiveInt('responses');
const CONCURRENCY = positiveInt('concurrency');
const SAMPLE_MS = positiveInt('sample-ms');
const TIMEOUT_MS = positiveInt('timeout') * 1000;
const ENTRY = args.entry;
if (ENTRY !== 'dist' && ENTRY !== 'source') usage('--entry must be dist or source');
if (ENTRY === 'dist' && !fs.existsSync(path.join(repositoryRoot, 'apps/server/dist/main.js'))) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first (or use --entry source).');
  process.exit(1);
}

/** What the worker does (docs/decisions/0010): at most this many rows in one append. */
const MAX_ROWS_PER_APPEND = 500;
/** The quota turned on before the burst: Google's per-minute limits for the Sheets API. */
const QUOTA = {
  enabled: true,
  readsPerMinutePerUser: 60,
  writesPerMinutePerUser: 60,
  requestsPerMinutePerProject: 300,
};
const SHEET_FIELDS = ['Full Name', 'Email', 'Guests'];

const out = args.json ? console.error : console.log;
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\ninterrupted: stopping the server');
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-sync-drain-'));
const serverLog = { retries: 0, writeQuota429: 0, readQuota429: 0, other429: 0, failedWarnings: 0, other: 0 };
let server;
let ok = false;
try {
  server = await startServer({ dataDir, entry: ENTRY, stdio: 'pipe' });
  watchServerLog(server.child);
  const result = await run(server.base);
  ok = result.ok;
  report(result);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  if (server) {
    // SIGTERM lets the worker finish its round; SIGKILL if that takes more than 20 s.
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, 20_000);
    });
    const stopped = await Promise.race([server.stop(), late]);
    clearTimeout(timer);
    if (!stopped) await server.kill();
  }
  if (args.keep) console.error(`DATA_DIR kept: ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;

// ------------------------------------------------------------------------------------------------- run
async function run(base) {
  let token = await signIn(base);
  const { formId, spreadsheetId, sheetName } = await createSheetForm(base, token, { name: 'Sync Drain' });
  await control(base, 'PUT', '/quota', QUOTA);
  const baselineRows = await gridRows(base, spreadsheetId, sheetName);

  // The backlog and the sheet, sampled until told to stop.
  const samples = [];
  const appends = [];
  let sampling = true;
  let acknowledged = 0;
  let previous = { t: 0, rows: 0 };
  let appendCountExact = true;
  const sampleOnce = async () => {
    const [counts, rows] = await Promise.all([
      syncCounts(base, token).catch(async (error) => {
        if (error.status !== 401) throw error;
        token = await signIn(base); // the access token expired (long run): sign in again
        return syncCounts(base, token);
      }),
      gridRows(base, spreadsheetId, sheetName),
    ]);
    const t = performance.now() - startedAt;
    const sample = {
      t,
      acknowledged,
      pending: counts[formId]?.pending ?? 0,
      failed: counts[formId]?.failed ?? 0,
      rows: rows - baselineRows,
    };
    if (sample.rows > previous.rows) {
      const added = sample.rows - previous.rows;
      // Appends to one spreadsheet are >= 1 s apart; a longer gap between samples may hide one.
      if (t - previous.t > 1000) appendCountExact = false;
      appends.push({ t, rows: added, count: Math.ceil(added / MAX_ROWS_PER_APPEND) });
    }
    samples.push(sample);
    previous = sample;
    return sample;
  };
  const startedAt = performance.now();
  let lastProgress = 0;
  let sampleErrors = 0;
  const sampler = (async () => {
    while (sampling && !interrupted) {
      const began = performance.now();
      const s = await sampleOnce().catch((error) => {
        if (sampleErrors++ < 5)
          console.error(`sample failed: ${error instanceof Error ? error.message : error}`);
        return undefined;
      });
      if (s && s.t - lastProgress >= 5000) {
        lastProgress = s.t;
        console.error(
          `  ${(s.t / 1000).toFixed(1).padStart(6)} s  acknowledged ${s.acknowledged}  pending ${s.pending}  failed ${s.failed}  rows in sheet ${s.rows}`,
        );
      }
      await sleep(Math.max(0, SAMPLE_MS - (performance.now() - began)));
    }
  })();

  // The burst.
  const ids = [];
  const idToIndex = new Map();
  const statuses = new Map();
  const failures = [];
  const latencies = [];
  let next = 0;
  const submitter = async () => {
    while (!interrupted) {
      const n = next++;
      if (n >= RESPONSES) return;
      const began = performance.now();
      const res = await submit(base, formId, randomUUID(), n);
      latencies.push(performance.now() - began);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if ((res.status === 201 || res.status === 200) && typeof res.responseId === 'string') {
        ids.push(res.responseId);
        idToIndex.set(res.responseId, n);
        acknowledged++;
      } else {
        failures.push({ n, status: res.status, error: res.error ?? (res.responseId ? '' : 'no responseId') });
      }
    }
  };
  console.error(
    `submitting ${RESPONSES} responses (${CONCURRENCY} in flight) to form ${formId}, quota on (${QUOTA.writesPerMinutePerUser} writes/min)`,
  );
  await Promise.all(Array.from({ length: CONCURRENCY }, submitter));
  const submitMs = performance.now() - startedAt;

  // The drain: until the backlog is empty and every acknowledged row is in the sheet.
  let drained;
  let stopReason = 'timeout';
  let emptySince;
  while (!interrupted) {
    const last = samples[samples.length - 1];
    if (last && last.t > submitMs) {
      if (last.pending === 0 && last.failed === 0 && last.rows >= ids.length) {
        drained = last;
        stopReason = 'drained';
        break;
      }
      if (last.pending === 0 && last.failed > 0) {
        stopReason = 'failed responses';
        break;
      }
      // Nothing left to sync, yet rows are missing: give the last append 10 s to show, then stop.
      emptySince = last.pending === 0 ? (emptySince ?? last.t) : undefined;
      if (emptySince !== undefined && last.t - emptySince > 10_000) {
        stopReason = 'backlog empty but rows missing from the sheet';
        break;
      }
      if (last.t - submitMs > TIMEOUT_MS) break;
    }
    await sleep(SAMPLE_MS / 2);
  }
  if (interrupted) stopReason = 'interrupted';
  sampling = false;
  await sampler;
  const final = await sampleOnce();

  // The check: the sheet's Response ID column against the acknowledged ids, and each row's answers.
  const values = await sheetValues(base, spreadsheetId, sheetName);
  const header = values[0] ?? [];
  const counts = columnCounts(values, 'Response ID');
  const acknowledgedSet = new Set(ids);
  let missing = 0;
  let duplicated = 0;
  for (const id of acknowledgedSet) {
    const c = counts.get(id) ?? 0;
    if (c === 0) missing++;
    else if (c > 1) duplicated += c - 1;
  }
  let unacknowledged = 0;
  for (const [id, c] of counts) if (!acknowledgedSet.has(id)) unacknowledged += c;
  const column = Object.fromEntries(['Response ID', ...SHEET_FIELDS].map((h) => [h, header.indexOf(h)]));
  let mismatched = 0;
  for (const row of values.slice(1)) {
    const n = idToIndex.get(row[column['Response ID']]);
    if (n === undefined) continue;
    const expected = [`Respondent ${n}`, `r${n}@example.org`, String(n % 5)];
    if (SHEET_FIELDS.some((h, i) => (row[column[h]] ?? '') !== expected[i])) mismatched++;
  }

  const rowsInSheet = values.length - 1;
  const appendCount = appends.reduce((sum, a) => sum + a.count, 0);
  // The worker's one header write (Timestamp, Response ID) comes before its first append.
  const headerWrites = SHEET_FIELDS.every((h, i) => header[i] === h) && header.length > SHEET_FIELDS.length;
  const writes = appendCount + (headerWrites ? 1 : 0);
  const busiest = busiestMinute(appends) + (headerWrites ? 1 : 0);
  const peak = samples.reduce((best, s) => (s.pending > best.pending ? s : best), samples[0]);
  const drainMs = drained?.t;
  const firstAppend = appends[0]?.t;
  const lastAppend = appends[appends.length - 1]?.t;
  const checks = {
    drained: stopReason === 'drained',
    allAcknowledged: failures.length === 0 && ids.length === RESPONSES,
    distinctAcknowledgements: acknowledgedSet.size === ids.length,
    missing,
    duplicated,
    unacknowledged,
    mismatched,
    failedSync: final.failed,
  };
  const exactlyOnce =
    missing === 0 &&
    duplicated === 0 &&
    unacknowledged === 0 &&
    mismatched === 0 &&
    checks.distinctAcknowledgements;
  return {
    ok: exactlyOnce && checks.drained && checks.allAcknowledged && final.failed === 0,
    exactlyOnce,
    stopReason,
    checks,
    formId,
    responses: RESPONSES,
    concurrency: CONCURRENCY,
    entry: ENTRY,
    quota: QUOTA,
    submit: {
      acknowledged: ids.length,
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      failures: failures.slice(0, 10),
      durationMs: submitMs,
      perSecond: ids.length / (submitMs / 1000),
      latencyMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
      },
    },
    backlog: {
      peakPending: peak.pending,
      peakAtMs: peak.t,
      samples: samples.length,
      sampleErrors,
      sampleMs: SAMPLE_MS,
    },
    drain: {
      timeToDrainMs: drainMs,
      afterBurstMs: drainMs === undefined ? undefined : drainMs - submitMs,
      rowsInSheet,
      firstAppendAtMs: firstAppend,
      lastAppendAtMs: lastAppend,
    },
    writes: {
      appends: appendCount,
      appendCountExact,
      headerWrites: headerWrites ? 1 : 0,
      total: writes,
      rowsPerAppend: appendCount > 0 ? rowsInSheet / appendCount : undefined,
      largestAppend: Math.max(0, ...appends.map((a) => a.rows)),
      busiestMinute: busiest,
      perMinute: drainMs ? writes / (drainMs / 60_000) : undefined,
    },
    serverLog,
    /** For plots: a sample per second or so, and what each append step added. */
    timeline: {
      samples: samples.filter(
        (x, i) => i === 0 || Math.floor(x.t / 1000) > Math.floor(samples[i - 1].t / 1000),
      ),
      appends,
    },
    machine: `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}`,
  };
}

// ---------------------------------------------------------------------------------------------- report
function report(r) {
  const s = (ms) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
  const nonAck = Object.entries(r.submit.statuses)
    .filter(([status]) => status !== '201')
    .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`)
    .join(', ');
  const lowerBound = r.writes.appendCountExact ? '' : '≥ ';
  const rateLimited = r.serverLog.writeQuota429 + r.serverLog.readQuota429 + r.serverLog.other429;
  const rows = [
    ['Responses submitted', `${r.responses} (${r.concurrency} in flight)`],
    ['Acknowledged (201)', `${r.submit.statuses[201] ?? 0}${nonAck ? `; other answers: ${nonAck}` : ''}`],
    ['Submit phase', `${s(r.submit.durationMs)}, ${r.submit.perSecond.toFixed(0)} responses/s`],
    [
      'Submit latency p50 / p95 / p99',
      `${r.submit.latencyMs.p50.toFixed(1)} / ${r.submit.latencyMs.p95.toFixed(1)} / ${r.submit.latencyMs.p99.toFixed(1)} ms`,
    ],
    ['Peak backlog (pending)', `${r.backlog.peakPending} at ${s(r.backlog.peakAtMs)}`],
    [
      'Time to drain (first submission → last row in the sheet)',
      `${s(r.drain.timeToDrainMs)} (± ${r.backlog.sampleMs} ms)`,
    ],
    ['Drain after the burst ended', s(r.drain.afterBurstMs)],
    ['Rows in the sheet', String(r.drain.rowsInSheet)],
    [
      'Appends (row-count steps)',
      `${lowerBound}${r.writes.appends}, ${r.writes.rowsPerAppend?.toFixed(0) ?? '—'} rows each on average, largest ${r.writes.largestAppend}`,
    ],
    [
      'Sheet writes (appends + header)',
      `${lowerBound}${r.writes.total}; busiest 60 s: ${lowerBound}${r.writes.busiestMinute} (quota ${r.quota.writesPerMinutePerUser})`,
    ],
    [
      'Effective write rate',
      r.writes.perMinute === undefined
        ? '—'
        : `${r.writes.perMinute.toFixed(0)} writes/min (writes ÷ time to drain)`,
    ],
    [
      '429s seen by the worker (server log)',
      `${rateLimited} (write quota ${r.serverLog.writeQuota429}, read quota ${r.serverLog.readQuota429}); retries ${r.serverLog.retries}`,
    ],
    [
      'Exactly once',
      r.exactlyOnce
        ? `yes: ${r.submit.acknowledged} acknowledged ids, each once, answers match`
        : `NO: missing ${r.checks.missing}, duplicated ${r.checks.duplicated}, unacknowledged ${r.checks.unacknowledged}, answers differ ${r.checks.mismatched}${r.checks.distinctAcknowledgements ? '' : ', an id acknowledged twice'}`,
    ],
    ['Failed (sync_state failed)', String(r.checks.failedSync)],
  ];
  const serverFrom = r.entry === 'dist' ? 'production build' : 'TypeScript source';
  out(`\nSheet sync drain: ${r.responses} responses to one form, emulator quota on (server: ${serverFrom})`);
  out(`${r.machine}\n`);
  out('| Measure | Value |');
  out('|---|---|');
  for (const [k, v] of rows) out(`| ${k} | ${v} |`);
  if (r.stopReason !== 'drained') out(`\nNOT DRAINED: ${r.stopReason}`);
  for (const f of r.submit.failures) out(`not acknowledged: #${f.n} status ${f.status} ${f.error}`);
  if (args.json) console.log(JSON.stringify(r, null, 2));
}

// ----------------------------------------------------------------------------------------------- helpers
async function syncCounts(base, token) {
  const res = await fetch(`${base}/api/v1/forms/sync-counts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    const error = new Error(`sync-counts: ${res.status} ${await res.text()}`);
    error.status = res.status;
    throw error;
  }
  return (await res.json()).data;
}

/** The sheet's grid row count (no quota, no cells read). */
async function gridRows(base, spreadsheetId, sheetName) {
  const { spreadsheets } = await control(base, 'GET', '/spreadsheets');
  const sheet = spreadsheets
    .find((s) => s.spreadsheetId === spreadsheetId)
    ?.sheets.find((s) => s.title === sheetName);
  if (!sheet) throw new Error(`sheet '${sheetName}' of ${spreadsheetId} not found`);
  return sheet.rowCount;
}

/** The most appends that landed within any 60 s (by the sample that saw them). */
function busiestMinute(appends) {
  let best = 0;
  let from = 0;
  let inWindow = 0;
  for (const a of appends) {
    inWindow += a.count;
    while (a.t - appends[from].t >= 60_000) inWindow -= appends[from++].count;
    best = Math.max(best, inWindow);
  }
  return best;
}

/** Counts the worker's retry warnings (pino JSON lines); other lines go to stderr, at most 20. */
function watchServerLog(child) {
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        entry = undefined;
      }
      const err = typeof entry?.err === 'string' ? entry.err : '';
      if (entry?.msg === 'sheet sync: will retry') {
        serverLog.retries++;
        if (/Quota exceeded.*'Write requests/.test(err)) serverLog.writeQuota429++;
        else if (/Quota exceeded.*'Read requests/.test(err)) serverLog.readQuota429++;
        else if (/\b429\b/.test(err)) serverLog.other429++;
        return;
      }
      if (entry?.msg === 'sheet sync: responses failed') serverLog.failedWarnings++;
      if (serverLog.other++ < 20) console.error(`[server] ${line}`);
    });
  }
}

function positiveInt(name) {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n <= 0) usage(`--${name} must be a positive integer`);
  return n;
}

function usage(message) {
  console.error(message);
  process.exit(2);
}
