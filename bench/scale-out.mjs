#!/usr/bin/env node
// Proof: several instances behave as one. Three SheetForms instances behind nginx on one PostgreSQL and one
// Redis (bench/support/cluster.mjs, from Debian's packages); one instance is killed under load and started
// again; nothing acknowledged is lost or doubled, limits hold across instances, chat crosses them.
//
//   npm run build && node bench/scale-out.mjs [--instances 3] [--connections 50] [--duration 60]
//       [--kill-at 20] [--restart-at 40] [--forms 10] [--limit 30] [--chat-samples 20] [--json FILE] [--keep]
//
// 1. Load: --connections clients POST submissions through nginx for --duration seconds (keep-alive, each a
//    new idempotency key, spread over --forms forms, each with its own spreadsheet). At --kill-at seconds
//    instance 2 gets SIGKILL; at --restart-at it is started again (and nginx sends it traffic once its
//    fail_timeout is over). Reports requests/s before, during and after, every error with its time, and how
//    long the proxy took to stop sending to the dead instance (the last error after the kill).
// 2. Exactly once: after the sync backlog is empty, every 2xx id is in the database and in its form's sheet
//    exactly once; a row nobody was told about is allowed only for a request that failed (its instance died
//    after the commit) and is reported.
// 3. Limits: with CONTACT_RATE_LIMIT_PER_MINUTE = --limit on every instance, 3 x limit contact messages
//    through nginx (spread over the instances: nginx's X-Upstream header says which answered) get exactly
//    --limit 2xx; one more with a forged X-Forwarded-For is refused too.
// 4. Chat: a visitor started on instance 1 listens on instance 2's event stream; an admin replies through
//    instance 3; the time from the POST to the event, --chat-samples times (target: under 250 ms).
// Exits 1 on a lost or doubled response, a limit that let more than --limit through, or a chat message that
// took 250 ms or more; never on throughput.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClusterForm, sheetResponseIds, signInOwner, startCluster } from './support/cluster.mjs';
import { eventStreamParser } from './support/event-stream.mjs';
import { percentile, repositoryRoot, sleep, submissionBody } from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    'kill-at': { type: 'string', default: '20' },
    'restart-at': { type: 'string', default: '40' },
    forms: { type: 'string', default: '10' },
    limit: { type: 'string', default: '30' },
    'chat-samples': { type: 'string', default: '20' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});
const INSTANCES = Number(args.instances);
const CONNECTIONS = Number(args.connections);
const DURATION_MS = Number(args.duration) * 1000;
const KILL_AT_MS = Number(args['kill-at']) * 1000;
const RESTART_AT_MS = Number(args['restart-at']) * 1000;
const FORMS = Number(args.forms);
const LIMIT = Number(args.limit);
const CHAT_SAMPLES = Number(args['chat-samples']);
const CHAT_TARGET_MS = 250;
const ADMIN_EMAIL = 'support-admin@example.com';
const pg = createRequire(path.join(repositoryRoot, 'apps/server/package.json'))('pg');

const dir = args.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-scale-out-'));
console.log(`Starting ${INSTANCES} instances, nginx, PostgreSQL and Redis in ${dir} ...`);
const cluster = await startCluster({
  dir,
  instances: INSTANCES,
  keep: args.keep,
  env: {
    // The load comes from one address: the public limits are out of the way, except the contact limit of part 3.
    RATE_LIMIT_PER_MINUTE: '100000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_START_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: '100000',
    CONTACT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    MAX_CONNECTIONS_PER_IP: '100000',
    ADMIN_EMAILS: ADMIN_EMAIL,
  },
});
let failed = false;
const fail = (message) => {
  failed = true;
  console.error(`FAIL: ${message}`);
};

try {
  const owner = await signInOwner(cluster, 'scale-owner@example.com');
  const forms = [];
  for (let i = 0; i < FORMS; i++)
    forms.push(await createClusterForm(cluster, owner.accessToken, { name: `Scale ${i}` }));

  // ---- 1. load with a kill and a restart
  const proxy = new URL(cluster.proxyUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const post = (formId, body) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: proxy.hostname,
          port: proxy.port,
          method: 'POST',
          path: `/api/v1/forms/${formId}/submit-form`,
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode, text, upstream: res.headers['x-upstream'] }));
        },
      );
      req.on('error', (error) => resolve({ status: 0, text: error.message }));
      req.end(body);
    });

  const acknowledged = new Map(); // responseId -> formId
  const failedKeys = []; // { at, status, detail }
  // Answered, but only after nginx found an instance dead and sent the request on (X-Upstream lists both).
  const retried = []; // { at, upstream }
  const perSecond = [];
  const bump = (second, field) => {
    perSecond[second] ??= { ok: 0, errors: 0 };
    perSecond[second][field]++;
  };
  const start = performance.now();
  let n = 0;
  const events = {};
  const victim = cluster.instances[1];
  const killTimer = setTimeout(async () => {
    events.killedAt = performance.now() - start;
    await victim.kill();
  }, KILL_AT_MS);
  const restartTimer = setTimeout(async () => {
    events.restartStartedAt = performance.now() - start;
    await victim.start();
    events.restartedAt = performance.now() - start;
  }, RESTART_AT_MS);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() - start < DURATION_MS) {
        const i = n++;
        const form = forms[i % forms.length];
        const res = await post(form.formId, submissionBody(`scale-${randomUUID()}`, i));
        const at = performance.now() - start;
        const second = Math.floor(at / 1000);
        if (res.status === 201 || res.status === 200) {
          acknowledged.set(JSON.parse(res.text).data.responseId, form);
          bump(second, 'ok');
          if (res.upstream?.includes(',')) retried.push({ at, upstream: res.upstream });
        } else {
          bump(second, 'errors');
          failedKeys.push({ at, status: res.status, detail: res.text.slice(0, 160) });
        }
      }
    }),
  );
  clearTimeout(killTimer);
  clearTimeout(restartTimer);
  while (events.restartStartedAt !== undefined && events.restartedAt === undefined) await sleep(100);
  agent.destroy();

  const rate = (fromMs, toMs) => {
    let ok = 0;
    for (let s = Math.floor(fromMs / 1000); s < Math.floor(toMs / 1000); s++) ok += perSecond[s]?.ok ?? 0;
    return ok / ((toMs - fromMs) / 1000);
  };
  const errorsAfterKill = failedKeys.filter((f) => f.at >= (events.killedAt ?? Infinity));
  const retriedAfterKill = retried.filter((r) => r.at >= (events.killedAt ?? Infinity));
  const noticed = [...errorsAfterKill, ...retriedAfterKill].map((f) => f.at);
  const load = {
    requests: n,
    acknowledged: acknowledged.size,
    errors: failedKeys.length,
    errorStatuses: Object.fromEntries(
      [...new Set(failedKeys.map((f) => f.status))].map((s) => [
        s,
        failedKeys.filter((f) => f.status === s).length,
      ]),
    ),
    firstErrors: failedKeys.slice(0, 5),
    rpsBefore: rate(0, KILL_AT_MS),
    rpsDuring: rate(KILL_AT_MS, RESTART_AT_MS),
    rpsAfter: rate(
      Math.min(DURATION_MS - 1000, Math.max(RESTART_AT_MS, events.restartedAt ?? 0) + 1000),
      DURATION_MS,
    ),
    killedAtMs: events.killedAt,
    restartedAtMs: events.restartedAt,
    restartTookMs: events.restartedAt - events.restartStartedAt,
    errorsAfterKill: errorsAfterKill.length,
    retriedAfterKill: retriedAfterKill.length,
    // When nginx first met the dead instance (a request that failed or was sent on to another instance),
    // and how long that burst lasted (the requests that were in flight on it or sent to it before nginx
    // marked it down). Afterwards nginx tries it again once per fail_timeout (5 s): those are the probes.
    ...detection(noticed, events.killedAt, events.restartedAt),
    perSecond: perSecond.map((s) => s ?? { ok: 0, errors: 0 }),
  };
  console.log(
    `load: ${n} requests, ${acknowledged.size} acknowledged, ${failedKeys.length} errors ${JSON.stringify(load.errorStatuses)}; ` +
      `req/s before ${load.rpsBefore.toFixed(0)}, during ${load.rpsDuring.toFixed(0)}, after ${load.rpsAfter.toFixed(0)}; ` +
      `kill at ${(events.killedAt / 1000).toFixed(1)} s: ${errorsAfterKill.length} errors, ${retriedAfterKill.length} requests nginx sent on to a live instance ` +
      `(${load.burst} within ${load.burstMs.toFixed(0)} ms of the first, ${load.noticedMs.toFixed(0)} ms after the kill; then ${load.probes} probes); ` +
      `restart took ${load.restartTookMs.toFixed(0)} ms`,
  );

  // ---- 2. exactly once, in the database and in the sheets
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const drainStarted = performance.now();
  for (;;) {
    const { rows } = await db.query("select count(*)::int as n from responses where sync_state <> 'synced'");
    if (rows[0].n === 0) break;
    if (performance.now() - drainStarted > 15 * 60_000) {
      fail(`the sync backlog did not drain in 15 minutes (${rows[0].n} left)`);
      break;
    }
    await sleep(1000);
  }
  const drainMs = performance.now() - drainStarted;
  const ids = [...acknowledged.keys()];
  let inDatabase = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const { rows } = await db.query('select count(*)::int as n from responses where id = any($1::text[])', [
      ids.slice(i, i + 5000),
    ]);
    inDatabase += rows[0].n;
  }
  const { rows: totalRows } = await db.query('select count(*)::int as n from responses');
  await db.end();
  let inSheetOnce = 0;
  let doubled = 0;
  let missingInSheet = 0;
  let strayInSheet = 0;
  for (const form of forms) {
    const counts = await sheetResponseIds(cluster, form.spreadsheetId);
    for (const [id, count] of counts) {
      if (count > 1) doubled++;
      if (!acknowledged.has(id)) strayInSheet++;
    }
    for (const [id, ofForm] of acknowledged) {
      if (ofForm !== form) continue;
      const count = counts.get(id) ?? 0;
      if (count === 1) inSheetOnce++;
      else if (count === 0) missingInSheet++;
    }
  }
  const exactlyOnce = {
    acknowledged: ids.length,
    inDatabase,
    rowsInDatabase: totalRows[0].n,
    inSheetOnce,
    missingInSheet,
    doubled,
    strayInSheet,
    drainMs,
  };
  console.log(
    `exactly once: ${ids.length} acknowledged, ${inDatabase} in the database (${totalRows[0].n} rows), ${inSheetOnce} in a sheet once, ` +
      `${missingInSheet} missing, ${doubled} doubled, ${strayInSheet} rows nobody was told about; the sync drained in ${(drainMs / 1000).toFixed(1)} s`,
  );
  if (inDatabase !== ids.length)
    fail(`${ids.length - inDatabase} acknowledged responses are not in the database`);
  if (missingInSheet > 0 || doubled > 0)
    fail(`${missingInSheet} missing and ${doubled} doubled in the sheets`);
  if (strayInSheet > load.errors)
    fail(
      `${strayInSheet} sheet rows without an acknowledgement, more than the ${load.errors} failed requests`,
    );

  // ---- 3. one budget across the instances
  const limitStatuses = { ok: 0, limited: 0, other: 0 };
  const upstreams = new Map();
  for (let i = 0; i < LIMIT * 3; i++) {
    const res = await fetch(`${cluster.proxyUrl}/api/v1/contact/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Limit Probe', email: 'probe@example.com', message: `message ${i}` }),
    });
    await res.arrayBuffer();
    upstreams.set(res.headers.get('x-upstream'), (upstreams.get(res.headers.get('x-upstream')) ?? 0) + 1);
    if (res.ok) limitStatuses.ok++;
    else if (res.status === 429) limitStatuses.limited++;
    else limitStatuses.other++;
  }
  const forged = await fetch(`${cluster.proxyUrl}/api/v1/contact/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
    body: JSON.stringify({ name: 'Forged', email: 'forged@example.com', message: 'a new address?' }),
  });
  const limits = {
    limit: LIMIT,
    sent: LIMIT * 3,
    ...limitStatuses,
    instancesAnswering: upstreams.size,
    byInstance: Object.fromEntries(upstreams),
    forgedForwardedFor: forged.status,
  };
  console.log(
    `limits: ${LIMIT * 3} contact messages through nginx over ${upstreams.size} instances: ${limitStatuses.ok} accepted, ` +
      `${limitStatuses.limited} refused (429), ${limitStatuses.other} other; a forged X-Forwarded-For got ${forged.status}`,
  );
  if (limitStatuses.ok !== LIMIT) fail(`the limit of ${LIMIT} let ${limitStatuses.ok} through`);
  if (forged.status !== 429) fail(`a forged X-Forwarded-For got ${forged.status}, not 429`);

  // ---- 4. chat across instances
  const [one, two, three] = [
    cluster.instances[0],
    cluster.instances[1 % INSTANCES],
    cluster.instances[2 % INSTANCES],
  ];
  const admin = await signInOwner(cluster, ADMIN_EMAIL, three.url);
  const started = await (
    await fetch(`${one.url}/api/v1/chat/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'Cross Instance Visitor' }),
    })
  ).json();
  const sessionId = started.data.sessionId;
  const waiting = new Map();
  const stream = await openEventStream(
    `${two.url}/api/v1/chat/messages/${sessionId}/stream`,
    (name, data) => {
      if (name !== 'message') return;
      const text = JSON.parse(data).text;
      waiting.get(text)?.(performance.now());
    },
  );
  const chatMs = [];
  for (let i = 0; i < CHAT_SAMPLES; i++) {
    const text = `reply ${i} from another instance`;
    const received = new Promise((resolve) => waiting.set(text, resolve));
    const sentAt = performance.now();
    const res = await fetch(`${three.url}/api/v1/chat/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      body: JSON.stringify({ sessionId, message: text }),
    });
    if (res.status !== 201) fail(`admin reply answered ${res.status}: ${await res.text()}`);
    const receivedAt = await Promise.race([received, sleep(5_000).then(() => undefined)]);
    if (receivedAt === undefined) fail(`reply ${i} never reached the visitor's stream on another instance`);
    else chatMs.push(receivedAt - sentAt);
    await sleep(100);
  }
  stream.close();
  const chat = {
    samples: chatMs.length,
    p50Ms: percentile(chatMs, 50),
    maxMs: Math.max(...chatMs),
    postedTo: 3,
    listenedOn: 2,
  };
  console.log(
    `chat: admin reply posted to instance ${INSTANCES >= 3 ? 3 : 1}, visitor listening on instance 2: p50 ${chat.p50Ms.toFixed(1)} ms, max ${chat.maxMs.toFixed(1)} ms over ${chatMs.length}`,
  );
  if (chat.maxMs >= CHAT_TARGET_MS)
    fail(`a chat message took ${chat.maxMs.toFixed(0)} ms (target < ${CHAT_TARGET_MS})`);

  const report = {
    instances: INSTANCES,
    connections: CONNECTIONS,
    durationS: DURATION_MS / 1000,
    forms: FORMS,
    cpus: os.cpus().length,
    load,
    exactlyOnce,
    limits,
    chat,
  };
  if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await cluster.stop();
  if (args.keep) console.log(`kept ${dir}`);
}
process.exit(failed ? 1 : 0);

/** The first burst of failed or re-sent requests after the kill, and the probes after it. */
function detection(noticedAt, killedAt, restartedAt = Infinity) {
  const sorted = [...noticedAt].sort((a, b) => a - b);
  if (sorted.length === 0) return { noticedMs: 0, burst: 0, burstMs: 0, probes: 0 };
  const first = sorted[0];
  const burst = sorted.filter((at) => at - first <= 1000);
  return {
    noticedMs: first - killedAt,
    burst: burst.length,
    burstMs: burst[burst.length - 1] - first,
    probes: sorted.filter((at) => at - first > 1000 && at <= restartedAt).length,
  };
}

/** A text/event-stream reader: `onEvent(name, data)` for every event. */
function openEventStream(url, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url}: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', eventStreamParser(onEvent));
      resolve({ close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}
