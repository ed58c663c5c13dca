#!/usr/bin/env node
// Benchmark: the owner's responses at 100 and at 100,000 responses.
//
//   npm run build                                  # this script builds nothing itself
//   node bench/responses.mjs [--requests 200] [--large 100000] [--small 100] [--repeat 3]
//       [--node-args '--max-semi-space-size=16'] [--google]
//
// 1. First page: GET /forms/{formId}/responses?limit=50 of a form with --small responses and of one with
//    --large, alternating the two so both see the same machine conditions. The page is keyset-paginated on
//    an index (form, created time, id), so its cost must not grow with the form: target p50 ratio <= 1.5.
//    GET /forms/{formId} (the newest page inside the form detail) and a 'deep' page (cursor after 90 % of
//    the rows) are measured the same way.
// 2. Export: GET /forms/{formId}/responses/export?format=csv and xlsx of both forms, one after another,
//    with the server's resident memory (VmRSS, read every 20 ms from /proc) before and at its peak. The
//    export streams in keyset batches, so 100,000 rows must not grow RSS by more than 50 MB.
// 3. Each large export alone: --repeat times per format, each on a freshly started server (same data),
//    so that neither export's peak hides the other's (RSS rarely falls back after a peak) and the first
//    export's lazy loading counts. Target for XLSX: growth under 20 MiB (issue 25).
//
// The server runs from apps/server/dist in local mode with SQLite in a temporary DATA_DIR and the sheet
// sync off; responses are written straight into its database (as 'synced') to seed 100,000 in seconds.
// --google runs it in Google mode instead, as a production server runs, with every Google URL at the
// emulator started in a process of its own: local mode serves the emulator and its demo spreadsheets from
// the server's process, and their memory is counted in the server's (a larger heap grows by more).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createClusterForm,
  googleModeEnv,
  signInOwner,
  startStandaloneEmulator,
} from './support/cluster.mjs';
import {
  createSheetForm,
  percentile,
  repositoryRoot,
  signIn,
  sleep,
  startServer,
} from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    large: { type: 'string', default: '100000' },
    small: { type: 'string', default: '100' },
    repeat: { type: 'string', default: '3' },
    // Options for the server's node after the shipped ones (a later V8 option wins), to try a setting.
    'node-args': { type: 'string' },
    google: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(args.requests);
const LARGE = Number(args.large);
const SMALL = Number(args.small);
const REPEAT = Number(args.repeat);

const requireFromServer = createRequire(path.join(repositoryRoot, 'apps/server/package.json'));
const Database = requireFromServer('better-sqlite3');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-'));
const emulatorDir = path.join(dataDir, 'emulator');
const emulator = args.google
  ? await startStandaloneEmulator(emulatorDir, { logFile: path.join(dataDir, 'emulator.log') })
  : undefined;
const serverEnv = {
  SHEET_SYNC_ENABLED: 'false',
  ...(emulator ? googleModeEnv(emulator.url, emulatorDir) : {}),
};
const nodeArgs = args['node-args']?.split(' ').filter(Boolean) ?? [];
let server = await startServer({ dataDir, env: serverEnv, nodeArgs }).catch(async (error) => {
  await emulator?.stop();
  throw error;
});
let { base } = server;
console.log(
  `server in ${emulator ? 'Google' : 'local'} mode, node options: ${nodeArgs.join(' ') || 'as shipped'}`,
);

/** An owner's token: through the emulator's ID token in Google mode, local sign-in otherwise. */
async function ownerToken() {
  if (!emulator) return signIn(base);
  return (await signInOwner({ emulatorUrl: emulator.url }, 'bench@example.com', base)).accessToken;
}

/** A form on a fresh spreadsheet of the owner's. */
function createForm(token, name) {
  if (!emulator) return createSheetForm(base, token, { name });
  return createClusterForm({ emulatorUrl: emulator.url, proxyUrl: base }, token, { name });
}

/** Writes `count` responses of the form straight into the server's SQLite file, one transaction. */
function seedResponses(formPublicId, count) {
  const db = new Database(path.join(dataDir, 'sheetforms.db'));
  db.pragma('busy_timeout = 10000');
  const form = db.prepare('SELECT id FROM forms WHERE form_id = ?').get(formPublicId);
  const insert = db.prepare(
    `INSERT INTO responses (id, form_id, answers_json, created_at, sync_state, synced_at)
     VALUES (?, ?, ?, ?, 'synced', ?)`,
  );
  const start = Date.parse('2026-01-01T00:00:00Z');
  db.transaction(() => {
    for (let n = 0; n < count; n++) {
      // One response a minute, some in the same millisecond as their neighbour (ties broken by id).
      const at = new Date(start + Math.floor(n / 2) * 60_000).toISOString();
      const answers = { 'Full Name': `Respondent ${n}`, Email: `r${n}@example.org`, Guests: String(n % 5) };
      insert.run(randomUUID(), form.id, JSON.stringify(answers), at, at);
    }
  })();
  db.close();
}

function get(token, url) {
  return fetch(`${base}/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } });
}

async function timed(token, url) {
  const started = process.hrtime.bigint();
  const res = await get(token, url);
  const body = await res.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms, bytes: body.byteLength, body };
}

function rssKiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Downloads an export while sampling the server's RSS; answers time, bytes and RSS before/peak (MiB). */
async function exportWithRss(token, url) {
  const before = rssKiB(server.pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssKiB(server.pid));
      await sleep(20);
    }
  })();
  const started = process.hrtime.bigint();
  const res = await get(token, url);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  sampling = false;
  await sampler;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms, bytes, beforeMiB: before / 1024, peakMiB: peak / 1024, growthMiB: (peak - before) / 1024 };
}

const fmt = (n, digits = 1) => n.toFixed(digits);

try {
  const token = await ownerToken();
  const small = await createForm(token, 'Small Form');
  const large = await createForm(token, 'Large Form');
  const seedStarted = Date.now();
  seedResponses(small.formId, SMALL);
  seedResponses(large.formId, LARGE);
  console.log(`seeded ${SMALL} + ${LARGE} responses in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  // Seeding blocked this process for seconds: let it see the keep-alive sockets the server closed meanwhile,
  // or the next request goes out on one of them ('other side closed').
  await sleep(200);

  // A cursor 90 % of the way down the large form, found by walking pages of 200.
  let deepCursor = null;
  {
    let cursor = null;
    let seen = 0;
    while (seen < LARGE * 0.9) {
      const { body } = await timed(
        token,
        `/forms/${large.formId}/responses?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const page = JSON.parse(Buffer.from(body).toString()).data;
      seen += page.items.length;
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    deepCursor = cursor;
  }

  const cases = [
    { name: `first page, ${SMALL} responses`, url: `/forms/${small.formId}/responses?limit=50` },
    { name: `first page, ${LARGE} responses`, url: `/forms/${large.formId}/responses?limit=50` },
    { name: `form detail, ${SMALL} responses`, url: `/forms/${small.formId}` },
    { name: `form detail, ${LARGE} responses`, url: `/forms/${large.formId}` },
    {
      name: `page at 90 %, ${LARGE} responses`,
      url: `/forms/${large.formId}/responses?limit=50&cursor=${encodeURIComponent(deepCursor ?? '')}`,
    },
  ].filter((c) => !c.url.endsWith('cursor=') || deepCursor);
  for (const c of cases) c.timings = [];
  for (let i = 0; i < 20; i++) for (const c of cases) await timed(token, c.url);
  for (let i = 0; i < REQUESTS; i++) {
    for (const c of cases) {
      const { ms, bytes } = await timed(token, c.url);
      c.timings.push(ms);
      c.bytes = bytes;
    }
  }
  console.log(`\n${REQUESTS} requests each, alternating (ms):`);
  console.log('case                                    p50     p95     p99   bytes');
  for (const c of cases) {
    console.log(
      `${c.name.padEnd(38)} ${fmt(percentile(c.timings, 50), 2).padStart(6)} ${fmt(percentile(c.timings, 95), 2).padStart(7)} ${fmt(percentile(c.timings, 99), 2).padStart(7)} ${String(c.bytes).padStart(7)}`,
    );
  }
  const ratio = (a, b) => percentile(cases[b].timings, 50) / percentile(cases[a].timings, 50);
  console.log(`first-page p50 ratio ${LARGE} vs ${SMALL}: ${fmt(ratio(0, 1), 2)} (target <= 1.5)`);
  console.log(`form-detail p50 ratio ${LARGE} vs ${SMALL}: ${fmt(ratio(2, 3), 2)}`);

  console.log('\nexports (server RSS in MiB, sampled every 20 ms):');
  console.log('export                        seconds      bytes   rss before   peak   growth');
  for (const [label, form, count] of [
    ['small', small, SMALL],
    ['large', large, LARGE],
  ]) {
    for (const format of ['csv', 'xlsx']) {
      const r = await exportWithRss(token, `/forms/${form.formId}/responses/export?format=${format}`);
      console.log(
        `${`${format}, ${count} (${label})`.padEnd(28)} ${fmt(r.ms / 1000, 2).padStart(8)} ${String(r.bytes).padStart(10)} ${fmt(r.beforeMiB).padStart(10)} ${fmt(r.peakMiB).padStart(6)} ${fmt(r.growthMiB).padStart(8)}`,
      );
    }
  }
  console.log('target: growth <= 50 MiB for the large exports');

  console.log(`\neach ${LARGE} export alone on a freshly started server, ${REPEAT} times (RSS in MiB):`);
  console.log(
    'export       bytes   seconds (each)       rss before (each)     growth (each)        median growth',
  );
  for (const format of ['csv', 'xlsx']) {
    const runs = [];
    for (let run = 0; run < REPEAT; run++) {
      await server.stop();
      server = await startServer({ dataDir, env: serverEnv, nodeArgs });
      base = server.base;
      const freshToken = await ownerToken();
      // Let start-up's own allocations settle before the 'before' reading.
      await sleep(3000);
      runs.push(await exportWithRss(freshToken, `/forms/${large.formId}/responses/export?format=${format}`));
    }
    const each = (key, digits, scale = 1) => runs.map((r) => fmt(r[key] / scale, digits)).join(' / ');
    const growths = runs.map((r) => r.growthMiB);
    const median = fmt(percentile(growths, 50));
    const size = String(runs[0]?.bytes).padStart(10);
    console.log(
      `${format.padEnd(5)} ${size}   ${each('ms', 2, 1000).padEnd(20)} ${each('beforeMiB', 1).padEnd(21)} ${each('growthMiB', 1).padEnd(20)} ${median}`,
    );
  }
  console.log('target: XLSX growth < 20 MiB');
} finally {
  await server.stop();
  await emulator?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
