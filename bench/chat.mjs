#!/usr/bin/env node
// Benchmark: visitor chat under load: polls, event streams and delivery (issue 13).
//
//   npm run build                                  # this script builds nothing itself
//   node bench/chat.mjs [--seconds 60] [--warmup 10] [--visitors 1000] [--listeners 200] [--admins 5]
//                       [--replies 4] [--post-every 10] [--sockets 64] [--long 20000] [--long-budget 180]
//                       [--since-polls 500] [--database sqlite|postgres] [--database-url postgres://…]
//
// 1. Starts the production server (apps/server/dist/main.js, local mode, temporary DATA_DIR, free port) with
//    the chat's per-address limits raised: every request here comes from 127.0.0.1, where real visitors
//    would each come from their own address. With --database postgres it creates a fresh database through
//    --database-url (or TEST_DATABASE_URL) and drops it at the end; events then cross PostgreSQL
//    LISTEN/NOTIFY, as between several instances.
// 2. The `since` check, seeded first: one chat with 20 messages and one with --long (posted through the
//    API, 8 at a time; if --long-budget seconds run out first, the long chat keeps what it has and the
//    report says so).
// 3. Load: --visitors polling sessions, each polling GET /chat/messages/{id}?since={last seq} every 2 s (as
//    the page does) and posting a message every 10 s, their phases spread evenly over the periods, through
//    one keep-alive agent of --sockets sockets; --listeners more visitors on their event stream
//    (GET /chat/messages/{id}/stream) and --admins admins on theirs (a ticket from
//    POST /chat/admin/stream-ticket, then GET /chat/admin/stream?ticket=). Admins reply --replies times a
//    second in all, round robin over the listening visitors. Every message's text carries its number;
//    delivery latency runs from just before its POST to the moment each admin stream (visitor messages) or
//    the visitor's stream (admin replies) receives it. --warmup seconds first, then --seconds measured.
//    --post-every 0 leaves the visitors' messages out (polls alone, to see what the writes cost them).
// 4. Server CPU (utime + stime from /proc/{pid}/stat over the window, % of one core), RSS every 500 ms
//    (/proc/{pid}/status), this client's own CPU and event-loop delay, the load average, and what a 4 KiB
//    write and fsync costs in DATA_DIR (each SQLite commit waits for one).
// 5. After the load, on a quiet server: --since-polls polls at the end of the short and of the long chat,
//    alternating; their p50 should match (the (session_id, seq) index), with the query plan that says so.
//
// Prints tables and a pass/fail line per target. Exits 1 on errors only (a non-2xx answer, a delivery lost
// or a stream dropped), never on timings. All traffic goes to 127.0.0.1.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eventStreamParser } from './support/event-stream.mjs';
import { percentile, repositoryRoot, signIn, sleep, startServer } from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    visitors: { type: 'string', default: '1000' },
    listeners: { type: 'string', default: '200' },
    admins: { type: 'string', default: '5' },
    replies: { type: 'string', default: '4' },
    'post-every': { type: 'string', default: '10' },
    sockets: { type: 'string', default: '64' },
    long: { type: 'string', default: '20000' },
    short: { type: 'string', default: '20' },
    'long-budget': { type: 'string', default: '180' },
    'since-polls': { type: 'string', default: '500' },
    database: { type: 'string', default: 'sqlite' },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const VISITORS = Number(args.visitors);
const LISTENERS = Number(args.listeners);
const ADMINS = Number(args.admins);
const REPLIES_PER_SECOND = Number(args.replies);
const SOCKETS = Number(args.sockets);
const LONG = Number(args.long);
const SHORT = Number(args.short);
const LONG_BUDGET_MS = Number(args['long-budget']) * 1000;
const SINCE_POLLS = Number(args['since-polls']);
const DATABASE = args.database;
const POLL_MS = 2_000;
/** Seconds between a polling visitor's messages; 0 sends none (polls alone, to see what the writes cost). */
const POST_MS = Number(args['post-every']) * 1000;
/** After the window: how long deliveries still in flight may take before they count as lost. */
const GRACE_MS = 10_000;
/** The event-loop delay histogram records whole timer intervals: this much is subtracted from it. */
const LOOP_RESOLUTION_MS = 5;
const TARGETS = { pollP99: 20, deliveryP99: 250, rssMB: 300, sinceRatio: 1.5 };

if (!['sqlite', 'postgres'].includes(DATABASE)) {
  console.error('--database must be sqlite or postgres');
  process.exit(2);
}
if (!fs.existsSync(path.join(repositoryRoot, 'apps/server/dist/main.js'))) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const ADMIN_EMAILS = Array.from({ length: ADMINS }, (_, i) => `chat-admin-${i + 1}@example.com`);

// ------------------------------------------------------------------------------------------- process stats
/** utime + stime of a process (all its threads), in clock ticks. */
function cpuTicks(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}
/**
 * The server's own view of the window (bench/support/loop-monitor.mjs): its event loop's lateness, the
 * stalls over 10 ms, GC pauses, and how many of the slow polls overlapped a stall (and a stall a GC pause).
 */
async function serverLoop(from, to, slowPolls) {
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(`${loopMonitorFile}.done`)) {
    if (Date.now() > deadline) return undefined;
    await sleep(50);
  }
  const { lateness, gc } = JSON.parse(fs.readFileSync(loopMonitorFile, 'utf8'));
  const late = lateness.filter(([at]) => at >= from && at < to);
  const pauses = gc.filter(([at]) => at >= from && at < to);
  // A stall ends at its sample and began its lateness earlier.
  const stallTicks = late.filter(([, ms]) => ms > 10);
  const stalls = stallTicks.map(([at, ms]) => [at - ms, at]);
  // What the main thread did over the stalled ticks' intervals: ran, waited for a core, or neither.
  const ran = stallTicks.reduce((sum, t) => sum + t[3], 0);
  const waited = stallTicks.reduce((sum, t) => sum + t[4], 0);
  const interval = stallTicks.reduce((sum, t) => sum + t[2], 0);
  const overlaps = (a, b) => a[0] < b[1] && b[0] < a[1];
  const gcSpans = pauses.map(([at, ms]) => [at, at + ms]);
  const delays = late.map(([, ms]) => ms);
  return {
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: Math.max(0, ...delays),
    stalls: stalls.length,
    stallMs: stalls.reduce((sum, [a, b]) => sum + (b - a), 0),
    stallIntervalMs: interval,
    stallRanMs: ran,
    stallWaitedMs: waited,
    stallBlockedMs: Math.max(0, interval - ran - waited),
    stallsWithGc: stalls.filter((stall) => gcSpans.some((g) => overlaps(stall, g))).length,
    gcCount: pauses.length,
    gcMs: pauses.reduce((sum, [, ms]) => sum + ms, 0),
    gcMax: Math.max(0, ...pauses.map(([, ms]) => ms)),
    majorGc: pauses.filter(([, , kind]) => kind === 4).length,
    slowPollsInStall: slowPolls.filter((poll) => stalls.some((stall) => overlaps(poll, stall))).length,
  };
}

/** Time the process's main thread (its event loop) was runnable but waiting for a core, in ns. */
function runDelayNs(pid) {
  return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]);
}
/**
 * Whether slow polls bunch up at one moment of the presence flush's 3 s cycle: the share of them in the
 * busiest 250 ms of the cycle (1/12, about 8 %, if they were spread evenly).
 */
function busiestShareOfCycle(starts, cycleMs = 3_000, binMs = 250) {
  if (starts.length === 0) return Number.NaN;
  const bins = new Array(Math.ceil(cycleMs / binMs)).fill(0);
  for (const at of starts) bins[Math.floor((at % cycleMs) / binMs)]++;
  return Math.max(...bins) / starts.length;
}
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// ------------------------------------------------------------------------------------------- database
/** A fresh database on the PostgreSQL server of `adminUrl`, and how to drop it. */
async function createPostgresDatabase(adminUrl) {
  if (!adminUrl) throw new Error('--database postgres needs --database-url (or TEST_DATABASE_URL)');
  const { default: pg } = await import('pg');
  const name = `sheetforms_chat_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** CPU ticks of this database's backends (PostgreSQL runs on this machine; its processes show in /proc). */
    backendTicks() {
      let ticks = 0;
      for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
        try {
          const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          if (title.startsWith('postgres: ') && title.includes(` ${name} `)) ticks += cpuTicks(pid);
        } catch {
          // gone meanwhile, or not ours to read
        }
      }
      return ticks;
    },
    /**
     * Samples pg_stat_activity every 200 ms: how many of the server's connections are busy (a query running
     * or a transaction open) and what they wait for. Stop it to get the summary.
     */
    async sampleActivity() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const samples = [];
      const waits = new Map();
      let running = true;
      const loop = (async () => {
        while (running) {
          const { rows } = await client.query(
            `SELECT state, wait_event_type, wait_event FROM pg_stat_activity
              WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'
                AND query NOT LIKE 'LISTEN%'`,
            [name],
          );
          const busy = rows.filter((row) => row.state === 'active' || row.state?.startsWith('idle in'));
          samples.push(busy.length);
          for (const row of busy) {
            const key = row.wait_event_type
              ? `${row.wait_event_type}:${row.wait_event}`
              : 'on CPU or runnable';
            waits.set(key, (waits.get(key) ?? 0) + 1);
          }
          await sleep(200);
        }
      })();
      return async () => {
        running = false;
        await loop;
        await client.end();
        const total = [...waits.values()].reduce((sum, n) => sum + n, 0);
        return {
          meanBusy: samples.reduce((sum, n) => sum + n, 0) / samples.length,
          allBusy: samples.filter((n) => n >= 10).length / samples.length,
          waits: [...waits]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([key, n]) => `${key} ${fmt((n / total) * 100, 0)} %`)
            .join(', '),
        };
      };
    },
    async explain(sessionId, seq) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query(
          'EXPLAIN SELECT * FROM chat_messages WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT 500',
          [sessionId, seq],
        );
        return rows.map((row) => row['QUERY PLAN'].trim()).join(' / ');
      } finally {
        await client.end();
      }
    },
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function explainSqlite(dataDir, sessionId, seq) {
  const requireFromServer = createRequire(path.join(repositoryRoot, 'apps/server/package.json'));
  const Database = requireFromServer('better-sqlite3');
  const db = new Database(path.join(dataDir, 'sheetforms.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM chat_messages WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT 500',
      )
      .all(sessionId, seq)
      .map((row) => row.detail)
      .join(' / ');
  } finally {
    db.close();
  }
}

// ------------------------------------------------------------------------------------------- HTTP
const postgres = DATABASE === 'postgres' ? await createPostgresDatabase(args['database-url']) : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-chat-'));
/** What one SQLite commit waits for (synchronous=FULL): a small write and fsync in DATA_DIR, 200 times. */
function fsyncTimes() {
  const file = path.join(dataDir, 'fsync-probe');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(4096, 1);
  const times = [];
  try {
    for (let i = 0; i < 200; i++) {
      const startedAt = performance.now();
      fs.writeSync(fd, block, 0, block.length, (i % 16) * 4096);
      fs.fsyncSync(fd);
      times.push(performance.now() - startedAt);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file);
  }
  return times;
}
const fsyncMs = fsyncTimes();
const loopMonitorFile = path.join(dataDir, 'loop-monitor.json');
const loopMonitor = pathToFileURL(path.join(import.meta.dirname, 'support/loop-monitor.mjs')).href;
const unlimited = '10000000';
const server = await startServer({
  dataDir,
  env: {
    SHEET_SYNC_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: unlimited,
    PUBLIC_RATE_LIMIT_PER_MINUTE: unlimited,
    CHAT_START_RATE_LIMIT_PER_MINUTE: unlimited,
    CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: unlimited,
    MAX_CONNECTIONS_PER_IP: '100000',
    ADMIN_EMAILS: ADMIN_EMAILS.join(','),
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    // The server's event-loop lateness and GC pauses, seen from inside (bench/support/loop-monitor.mjs).
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${loopMonitor}`.trim(),
    BENCH_LOOP_MONITOR_FILE: loopMonitorFile,
  },
});
const { port } = server;
await sleep(1000);
const rssIdle = rssBytes(server.pid);
const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });

/**
 * Requests sent again because a kept-alive socket was closed by the server (its keep-alive timeout) just as
 * we reused it; browsers send those again too.
 */
let resent = 0;

/** One request through the pooled agent; answers { status, text } (status 0 when the connection failed). */
function request(method, apiPath, options = {}, attempt = 1) {
  const { body, token } = options;
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const req = http.request(
      { host: '127.0.0.1', port, method, path: `/api/v1${apiPath}`, agent, headers },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', (error) => resolve({ status: 0, text: error.message }));
      },
    );
    req.on('error', (error) => {
      if (req.reusedSocket && error.code === 'ECONNRESET' && attempt === 1) {
        resent++;
        resolve(request(method, apiPath, options, 2));
        return;
      }
      resolve({ status: 0, text: error.message });
    });
    req.end(payload);
  });
}

async function call(method, apiPath, options) {
  const res = await request(method, apiPath, options);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${method} ${apiPath}: ${res.status} ${res.text}`);
  return res.text ? JSON.parse(res.text).data : undefined;
}

/**
 * A text/event-stream reader on its own connection. `onEvent(name, data, receivedAt)` runs for every
 * event; `onDrop` when the server ends the stream before we do.
 */
function openStream(streamPath, { onEvent, onDrop }) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1${streamPath}`,
        agent: false,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${streamPath}: ${res.statusCode}`));
          return;
        }
        const stream = {
          closing: false,
          close() {
            this.closing = true;
            req.destroy();
          },
        };
        res.setEncoding('utf8');
        const feed = eventStreamParser(onEvent);
        res.on('data', (chunk) => feed(chunk, performance.now()));
        res.on('close', () => {
          if (!stream.closing) onDrop();
        });
        resolve(stream);
      },
    );
    req.on('error', (error) => reject(error));
  });
}

/** Runs `work(i)` for i in [0, count) with at most `width` at once. */
async function inParallel(count, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
/** Errors by kind: how many, and the first one's detail. */
const errors = new Map();
const noteError = (kind, detail = '') => {
  const seen = errors.get(kind) ?? { count: 0, first: detail };
  seen.count++;
  errors.set(kind, seen);
};

// ------------------------------------------------------------------------------------------- run
const streams = [];
let exitCode = 0;
try {
  console.log(
    `chat bench: ${DATABASE}, ${VISITORS} polling visitors, ${LISTENERS} listening visitors, ${ADMINS} admins, ` +
      `${WARMUP} s warm-up + ${SECONDS} s measured; ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  const adminTokens = [];
  for (const email of ADMIN_EMAILS) adminTokens.push(await signIn(server.base, email));

  // ---- 2. the short and the long chat, for the `since` comparison after the load
  const shortChat = (await call('POST', '/chat/start', { body: { userName: 'Short Chat' } })).sessionId;
  const longChat = (await call('POST', '/chat/start', { body: { userName: 'Long Chat' } })).sessionId;
  for (let n = 0; n < SHORT; n++) {
    await call('POST', '/chat/message', { body: { sessionId: shortChat, message: `short ${n}` } });
  }
  const seedStarted = performance.now();
  let longCount = 0;
  await inParallel(LONG, 8, async () => {
    if (performance.now() - seedStarted > LONG_BUDGET_MS) return;
    await call('POST', '/chat/message', {
      body: { sessionId: longChat, message: `long message ${longCount} ${'x'.repeat(60)}` },
    });
    longCount++;
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `seeded: ${SHORT} messages and ${longCount} messages in ${fmt(seedSeconds)} s through the API (${fmt(longCount / seedSeconds, 0)}/s)` +
      (longCount < LONG ? `; the ${fmt(LONG_BUDGET_MS / 1000, 0)} s budget ran out before ${LONG}` : ''),
  );

  // ---- 3. sessions, streams, load
  const pollers = [];
  await inParallel(VISITORS, 32, async (i) => {
    pollers[i] = {
      sessionId: (await call('POST', '/chat/start', { body: { userName: `Visitor ${i}` } })).sessionId,
      lastSeq: 0,
      polling: false,
    };
  });
  const listeners = [];
  await inParallel(LISTENERS, 32, async (i) => {
    listeners[i] = (await call('POST', '/chat/start', { body: { userName: `Listener ${i}` } })).sessionId;
  });

  // Every message sent: its POST's start, whether it was stored, and who received it when.
  const visitorMessages = []; // n → { startedAt, measured, stored, seenBy: Set<admin> }
  const adminReplies = []; // n → { startedAt, measured, stored, received }
  const adminDelivery = [];
  const visitorDelivery = [];
  const pollMs = [];
  const slowPolls = []; // [start, end] in epoch ms
  const pollTimes = []; // [start, ms] of the window's polls
  const postMs = [];
  const counts = { polls: 0, pollsSkipped: 0, posts: 0, replies: 0, adminEvents: 0, drops: 0 };

  for (let a = 0; a < ADMINS; a++) {
    const { ticket } = await call('POST', '/chat/admin/stream-ticket', { token: adminTokens[a] });
    streams.push(
      await openStream(`/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`, {
        onEvent(name, data, receivedAt) {
          if (name !== 'message') return;
          counts.adminEvents++;
          const { message } = JSON.parse(data);
          const match = /^m(\d+) /.exec(message.text);
          if (!match || message.sender !== 'user') return;
          const sent = visitorMessages[Number(match[1])];
          if (!sent || sent.seenBy.has(a)) return;
          sent.seenBy.add(a);
          if (sent.measured) adminDelivery.push(receivedAt - sent.startedAt);
        },
        onDrop() {
          counts.drops++;
          noteError('admin stream dropped by the server', `admin ${a}`);
        },
      }),
    );
  }
  for (let i = 0; i < LISTENERS; i++) {
    streams.push(
      await openStream(`/chat/messages/${listeners[i]}/stream`, {
        onEvent(name, data, receivedAt) {
          if (name !== 'message') return;
          const message = JSON.parse(data);
          const match = /^r(\d+) /.exec(message.text);
          if (!match) return;
          const sent = adminReplies[Number(match[1])];
          if (!sent || sent.received) return;
          sent.received = true;
          if (sent.measured) visitorDelivery.push(receivedAt - sent.startedAt);
        },
        onDrop() {
          counts.drops++;
          noteError('visitor stream dropped by the server', `listener ${i}`);
        },
      }),
    );
  }

  let stopping = false;
  let inFlight = 0;
  const t0 = performance.now() + 500;
  const windowStart = t0 + WARMUP * 1000;
  const windowEnd = windowStart + SECONDS * 1000;
  const inWindow = (at) => at >= windowStart && at < windowEnd;
  /** Calls `fn` every `periodMs` from t0 + phaseMs, on a fixed schedule (no drift), until stopping. */
  function every(periodMs, phaseMs, fn) {
    let k = 0;
    const tick = () => {
      if (stopping || performance.now() >= windowEnd) return;
      fn();
      k++;
      setTimeout(tick, Math.max(0, t0 + phaseMs + k * periodMs - performance.now()));
    };
    setTimeout(tick, Math.max(0, t0 + phaseMs - performance.now()));
  }
  const tracked = async (work) => {
    inFlight++;
    try {
      await work();
    } finally {
      inFlight--;
    }
  };

  pollers.forEach((visitor, i) => {
    every(POLL_MS, (i / VISITORS) * POLL_MS, () => {
      // The page polls again only after the last poll answered.
      if (visitor.polling) {
        if (inWindow(performance.now())) counts.pollsSkipped++;
        return;
      }
      visitor.polling = true;
      void tracked(async () => {
        const startedAt = performance.now();
        const res = await request('GET', `/chat/messages/${visitor.sessionId}?since=${visitor.lastSeq}`);
        const ms = performance.now() - startedAt;
        visitor.polling = false;
        counts.polls++;
        if (res.status !== 200) return noteError(`poll answered ${res.status}`, res.text.slice(0, 200));
        if (inWindow(startedAt)) {
          pollMs.push(ms);
          pollTimes.push([startedAt, ms]);
          if (ms > TARGETS.pollP99) {
            slowPolls.push([performance.timeOrigin + startedAt, performance.timeOrigin + startedAt + ms]);
          }
        }
        for (const message of JSON.parse(res.text).data.messages) {
          visitor.lastSeq = Math.max(visitor.lastSeq, message.seq);
        }
      });
    });
    // Posts spread over their period, offset from the polls.
    if (POST_MS <= 0) return;
    every(POST_MS, ((i + 0.5) / VISITORS) * POST_MS, () => {
      const n = visitorMessages.length;
      const startedAt = performance.now();
      const sent = { startedAt, measured: inWindow(startedAt), stored: false, seenBy: new Set() };
      visitorMessages.push(sent);
      void tracked(async () => {
        const res = await request('POST', '/chat/message', {
          body: { sessionId: visitor.sessionId, message: `m${n} from visitor ${i}` },
        });
        counts.posts++;
        if (res.status !== 201)
          return noteError(`visitor message answered ${res.status}`, res.text.slice(0, 200));
        sent.stored = true;
        if (sent.measured) postMs.push(performance.now() - startedAt);
      });
    });
  });
  if (LISTENERS > 0 && REPLIES_PER_SECOND > 0) {
    every(1000 / REPLIES_PER_SECOND, 250, () => {
      const n = adminReplies.length;
      const startedAt = performance.now();
      const sent = { startedAt, measured: inWindow(startedAt), stored: false, received: false };
      adminReplies.push(sent);
      void tracked(async () => {
        const res = await request('POST', '/chat/message', {
          token: adminTokens[n % ADMINS],
          body: { sessionId: listeners[n % LISTENERS], message: `r${n} a reply from support` },
        });
        counts.replies++;
        if (res.status !== 201)
          return noteError(`admin reply answered ${res.status}`, res.text.slice(0, 200));
        sent.stored = true;
      });
    });
  }

  // Measure the window: server CPU and RSS, this client's CPU and event-loop delay.
  await sleep(windowStart - performance.now());
  const loadBefore = loadAverage();
  const ticksBefore = cpuTicks(server.pid);
  const runDelayBefore = runDelayNs(server.pid);
  const pgTicksBefore = postgres?.backendTicks();
  const stopActivity = await postgres?.sampleActivity();
  const clientCpuBefore = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  const rssStart = rssBytes(server.pid);
  let rssPeak = rssStart;
  while (performance.now() < windowEnd) {
    await sleep(Math.min(500, Math.max(0, windowEnd - performance.now())));
    rssPeak = Math.max(rssPeak, rssBytes(server.pid));
  }
  const ticks = cpuTicks(server.pid) - ticksBefore;
  const runDelayMsPerSecond = (runDelayNs(server.pid) - runDelayBefore) / 1e6 / SECONDS;
  const pgCpuPercent = postgres ? ((postgres.backendTicks() - pgTicksBefore) / CLK_TCK / SECONDS) * 100 : 0;
  const activity = await stopActivity?.();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  loopDelay.disable();
  const rssEnd = rssBytes(server.pid);
  rssPeak = Math.max(rssPeak, rssEnd);
  const loadAfter = loadAverage();
  const serverCpuPercent = (ticks / CLK_TCK / SECONDS) * 100;
  const clientCpuPercent = ((clientCpu.user + clientCpu.system) / 1e6 / SECONDS) * 100;
  const inside = await serverLoop(
    performance.timeOrigin + windowStart,
    performance.timeOrigin + windowEnd,
    slowPolls,
  );

  // Let what is in flight answer and arrive, then count what never did.
  stopping = true;
  const graceUntil = performance.now() + GRACE_MS;
  const undelivered = () =>
    visitorMessages.filter((m) => m.stored && m.seenBy.size < ADMINS).length +
    adminReplies.filter((m) => m.stored && !m.received).length;
  while (performance.now() < graceUntil && (inFlight > 0 || undelivered() > 0)) await sleep(100);
  const lostToAdmins = visitorMessages.reduce((sum, m) => sum + (m.stored ? ADMINS - m.seenBy.size : 0), 0);
  const lostToVisitors = adminReplies.filter((m) => m.stored && !m.received).length;
  if (lostToAdmins > 0) noteError('admin-stream deliveries of visitor messages lost', String(lostToAdmins));
  if (lostToVisitors > 0)
    noteError("admin replies that never reached the visitor's stream", String(lostToVisitors));
  if (inFlight > 0)
    noteError(`requests still unanswered ${GRACE_MS / 1000} s after the window`, String(inFlight));
  for (const stream of streams) stream.close();

  // ---- 5. `since` at the end of a short and of a long chat, alternating, on the quiet server
  const sinceShort = [];
  const sinceLong = [];
  for (let i = 0; i < 20 + SINCE_POLLS; i++) {
    for (const [sessionId, count, into] of [
      [shortChat, SHORT, sinceShort],
      [longChat, longCount, sinceLong],
    ]) {
      const startedAt = performance.now();
      const res = await request('GET', `/chat/messages/${sessionId}?since=${count - 1}`);
      const ms = performance.now() - startedAt;
      if (res.status !== 200) noteError(`since poll answered ${res.status}`, res.text.slice(0, 200));
      else if (JSON.parse(res.text).data.messages.length !== 1)
        noteError('since poll answered other than one message', res.text.slice(0, 200));
      if (i >= 20) into.push(ms);
    }
  }
  const plan = postgres
    ? await postgres.explain(longChat, longCount - 1)
    : explainSqlite(dataDir, longChat, longCount - 1);

  // ---- report
  const p = (values, q) => percentile(values, q);
  const measuredMessages = visitorMessages.filter((m) => m.measured).length;
  const measuredReplies = adminReplies.filter((m) => m.measured).length;
  console.log(
    `\nmeasured window ${SECONDS} s: ${pollMs.length} polls (${fmt(pollMs.length / SECONDS, 0)}/s), ` +
      `${measuredMessages} visitor messages (${fmt(measuredMessages / SECONDS, 0)}/s) × ${ADMINS} admin streams, ` +
      `${measuredReplies} admin replies to ${LISTENERS} visitor streams; ${counts.pollsSkipped} polls skipped ` +
      `(the last still unanswered); ${counts.adminEvents} admin-stream message events in all; ${resent} ` +
      'requests sent again after the server closed a kept-alive socket as it was reused',
  );
  console.log('\n| Measure (ms) | Count | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, values] of [
    [`Visitor poll, \`since\` = last seq (${SOCKETS} keep-alive sockets)`, pollMs],
    ['Visitor message POST', postMs],
    ['Visitor message → each admin stream', adminDelivery],
    ['Admin reply → the visitor stream', visitorDelivery],
  ]) {
    console.log(
      `| ${name} | ${values.length} | ${fmt(p(values, 50), 2)} | ${fmt(p(values, 95), 2)} | ${fmt(p(values, 99), 2)} | ${fmt(Math.max(...values), 2)} |`,
    );
  }
  const mb = (bytes) => bytes / 1e6;
  console.log('\n| Server process | Value |');
  console.log('|---|---|');
  console.log(`| CPU over the window (user + system, % of one core) | ${fmt(serverCpuPercent)} % |`);
  console.log(
    `| Main thread runnable but waiting for a core (ms per second, /proc schedstat) | ${fmt(runDelayMsPerSecond)} |`,
  );
  if (postgres) {
    console.log(`| PostgreSQL backends of this database: CPU (% of one core) | ${fmt(pgCpuPercent)} % |`);
    console.log(
      `| Pool connections busy (of 10; pg_stat_activity every 200 ms): mean, share of samples all busy | ` +
        `${fmt(activity.meanBusy)}, ${fmt(activity.allBusy * 100, 0)} % |`,
    );
    console.log(`| What busy connections were doing | ${activity.waits} |`);
  }
  console.log(`| RSS idle, after start-up, before any request (MB) | ${fmt(mb(rssIdle))} |`);
  console.log(
    `| RSS at the window's start / peak / end (MB) | ${fmt(mb(rssStart))} / ${fmt(mb(rssPeak))} / ${fmt(mb(rssEnd))} |`,
  );
  console.log(
    `| Bench client: CPU (% of one core), event-loop delay p50 / p99 (ms) | ${fmt(clientCpuPercent)} %, ` +
      `${fmt(loopDelay.percentile(50) / 1e6 - LOOP_RESOLUTION_MS, 1)} / ${fmt(loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS, 1)} |`,
  );
  console.log(`| Load average (1, 5, 15 min) before / after | ${loadBefore} / ${loadAfter} |`);
  console.log(
    `| A 4 KiB write + fsync in DATA_DIR before the run (ms), p50 / p99 | ${fmt(p(fsyncMs, 50), 2)} / ${fmt(p(fsyncMs, 99), 2)} |`,
  );

  const sinceRatio = p(sinceLong, 50) / p(sinceShort, 50);
  console.log(`\n| \`since\` poll at the end of a chat (ms), ${SINCE_POLLS} each, alternating | p50 | p99 |`);
  console.log('|---|---|---|');
  console.log(`| ${SHORT} messages | ${fmt(p(sinceShort, 50), 2)} | ${fmt(p(sinceShort, 99), 2)} |`);
  console.log(`| ${longCount} messages | ${fmt(p(sinceLong, 50), 2)} | ${fmt(p(sinceLong, 99), 2)} |`);
  console.log(`p50 ratio ${longCount} vs ${SHORT}: ${fmt(sinceRatio, 2)}`);
  console.log(`query plan (${DATABASE}): ${plan}`);

  const slices = [];
  for (let from = windowStart; from < windowEnd - 1; from += 5_000) {
    const slice = pollTimes.filter(([at]) => at >= from && at < from + 5_000).map(([, ms]) => ms);
    slices.push(`${fmt(p(slice, 50), 1)}/${fmt(p(slice, 99), 0)}`);
  }
  console.log(`poll p50/p99 (ms) by 5 s of the window: ${slices.join(' ')}`);
  console.log(
    `slow polls (> ${TARGETS.pollP99} ms): ${slowPolls.length}; in the busiest 250 ms of a 3 s cycle: ` +
      `${fmt(busiestShareOfCycle(slowPolls.map(([at]) => at)) * 100, 0)} % (about 8 % if spread evenly)`,
  );
  if (inside) {
    console.log(
      `server event loop (a 5 ms timer's lateness): p50 ${fmt(inside.p50, 2)} ms, p99 ${fmt(inside.p99, 1)} ms, ` +
        `max ${fmt(inside.max, 0)} ms; ${inside.stalls} stalls over 10 ms (${fmt(inside.stallMs, 0)} ms in all, ` +
        `${inside.stallsWithGc} of them during a GC pause); GC: ${inside.gcCount} pauses, ${fmt(inside.gcMs, 0)} ms ` +
        `in all, longest ${fmt(inside.gcMax, 1)} ms, ${inside.majorGc} major; slow polls overlapping a stall: ` +
        `${inside.slowPollsInStall} of ${slowPolls.length}`,
    );
    console.log(
      `the stalled ticks' ${fmt(inside.stallIntervalMs, 0)} ms: the main thread ran ${fmt(inside.stallRanMs, 0)} ms, ` +
        `waited for a core ${fmt(inside.stallWaitedMs, 0)} ms, and was off-core and not runnable (disk, locks) ` +
        `${fmt(inside.stallBlockedMs, 0)} ms`,
    );
  }
  console.log('\ntargets:');
  for (const [name, value, limit, unit] of [
    [`poll p99 < ${TARGETS.pollP99} ms`, p(pollMs, 99), TARGETS.pollP99, 'ms'],
    [
      `admin-stream delivery p99 < ${TARGETS.deliveryP99} ms`,
      p(adminDelivery, 99),
      TARGETS.deliveryP99,
      'ms',
    ],
    [
      `visitor-stream delivery p99 < ${TARGETS.deliveryP99} ms`,
      p(visitorDelivery, 99),
      TARGETS.deliveryP99,
      'ms',
    ],
    [`RSS peak < ${TARGETS.rssMB} MB`, mb(rssPeak), TARGETS.rssMB, 'MB'],
    [`since p50 ratio < ${TARGETS.sinceRatio}`, sinceRatio, TARGETS.sinceRatio, ''],
  ]) {
    const verdict = Number.isNaN(value) ? 'n/a' : value < limit ? 'pass' : 'MISS';
    console.log(`  ${name}: ${fmt(value, 2)}${unit ? ` ${unit}` : ''}, ${verdict}`);
  }
  const errorCount = [...errors.values()].reduce((sum, e) => sum + e.count, 0);
  console.log(`\nerrors (non-2xx answers, lost deliveries, dropped streams): ${errorCount}`);
  for (const [kind, { count, first }] of errors)
    console.log(`  ${kind}: ${count}${first ? ` (${first})` : ''}`);
  if (errorCount > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const stream of streams) stream.close();
  agent.destroy();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}
process.exit(exitCode);
