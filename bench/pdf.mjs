#!/usr/bin/env node
// Benchmark: PDF export through the real route, one warm Chromium per server process, against a browser
// launched per request.
//
//   npm run build            # or just the server: npx tsc -b apps/server
//   node bench/pdf.mjs [--paced 50] [--pause 1000] [--sequential 100] [--concurrent 8] [--rounds 12]
//                      [--soak 500] [--baseline 10] [--owners 10] [--round-robin 100]
//                      [--only single,three,round-robin,concurrent,soak,baseline] [--node-arg …]
//                      [--before DIR]
//
// 1. Starts the production server (apps/server/dist/main.js, local mode, temporary DATA_DIR, free port,
//    default PDF settings: 2 renders at once, a queue of 20, a browser recycled every 200 jobs), signs in,
//    creates a form, a one-page certificate template and one response, then calls
//    POST /api/v1/forms/{formId}/responses/{responseId}/pdf (the page's call: the stored template filled
//    with the stored response, rendered by Chromium through playwright-core).
// 2. Warm renders: --paced one at a time with --pause ms between them (a user clicking Export), then
//    --sequential back to back, then --concurrent clients (an owner each) sending --rounds in a row;
//    p50/p95 of the HTTP round trip (the PDF fully read).
//    Owners taking turns: three owners, then --owners owners (each with its own account, form, template
//    and response) in a fixed round robin, every owner's first PDF done before the timing (warm): --paced
//    renders --pause ms apart, then --round-robin back to back. Every PDF is another owner's than the last.
// 3. Memory: --soak renders in a row (recycling included), with the resident memory of the server
//    process and of its Chromium processes (every descendant, read from /proc) before and after.
// 4. Baseline in the same run: the same server with PDF_RECYCLE_AFTER=1, so every request launches (and
//    then closes) a browser of its own: launch-per-request through the same route.
// --only runs just the named parts (say `--only single,round-robin` for the two owner-turn figures);
// --node-arg passes an argument to the server's node (say `--node-arg=--cpu-prof`), repeatable.
// --before DIR runs the warm parts first on another tree's build (DIR/apps/server/dist, say the commit
// before a change), in the same run, for a before/after comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, repositoryRoot, signIn, sleep, startServer } from './support/local-server.mjs';

const { values: args } = parseArgs({
  options: {
    sequential: { type: 'string', default: '100' },
    paced: { type: 'string', default: '50' },
    pause: { type: 'string', default: '1000' },
    concurrent: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '12' },
    soak: { type: 'string', default: '500' },
    baseline: { type: 'string', default: '10' },
    owners: { type: 'string', default: '10' },
    'round-robin': { type: 'string', default: '100' },
    only: { type: 'string', default: 'single,three,round-robin,concurrent,soak,baseline' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    before: { type: 'string' },
  },
});
const SEQUENTIAL = Number(args.sequential);
const PACED = Number(args.paced);
const PAUSE_MS = Number(args.pause);
const CONCURRENT = Number(args.concurrent);
const ROUNDS = Number(args.rounds);
const SOAK = Number(args.soak);
const BASELINE = Number(args.baseline);
const OWNERS = Number(args.owners);
const ROUND_ROBIN = Number(args['round-robin']);
const PARTS = new Set(args.only.split(',').map((part) => part.trim()));
const runs = (part) => PARTS.has(part);

if (!fs.existsSync(path.join(repositoryRoot, 'apps/server/dist/main.js'))) {
  console.error(
    'apps/server/dist/main.js is missing: run `npm run build` (or `npx tsc -b apps/server`) first.',
  );
  process.exit(1);
}

const FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: '' },
  { label: 'Course', type: 'text', required: true, placeHolder: '' },
  { label: 'Hours', type: 'number', required: false, placeHolder: '' },
];
/** A one-page certificate, shaped like a converted Google Doc: headings, styled text, a table. */
const TEMPLATE = [
  '<h1 style="text-align:center">Certificate of Completion</h1>',
  '<p style="text-align:center">This certifies that</p>',
  '<h2 style="text-align:center">{{Full Name}}</h2>',
  '<p style="text-align:center">has completed the course <b>{{Course}}</b> on {{date}}.</p>',
  '<table style="border-collapse:collapse;width:100%"><thead><tr>',
  '<th style="border:1px solid #999;padding:4px">Item</th><th style="border:1px solid #999;padding:4px">Value</th>',
  '</tr></thead><tbody>',
  '<tr><td style="border:1px solid #999;padding:4px">Hours</td><td style="border:1px solid #999;padding:4px">{{Hours}}</td></tr>',
  '<tr><td style="border:1px solid #999;padding:4px">Submitted</td><td style="border:1px solid #999;padding:4px">{{Timestamp}}</td></tr>',
  '<tr><td style="border:1px solid #999;padding:4px">Response ID</td><td style="border:1px solid #999;padding:4px">{{Response ID}}</td></tr>',
  '</tbody></table>',
  '<p><i>Issued by SheetForms.</i> Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod ',
  'tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation.</p>',
].join('');

// ------------------------------------------------------------------------------------------- helpers
async function api(base, token, method, apiPath, body) {
  const res = await fetch(`${base}/api/v1${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Form, template and one response on a fresh server; answers a function that renders the PDF once. */
async function prepare(base, email = 'bench@example.com') {
  const token = await signIn(base, email);
  const form = await api(base, token, 'POST', '/forms', {
    name: 'Course Certificates',
    description: 'A form made by a benchmark.',
    googleSheetsUrl:
      'https://docs.google.com/spreadsheets/d/1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF/edit',
    sheetName: 'Sheet1',
    settings: { loginRequired: 0 },
    jdata: FIELDS,
  });
  const formId = form.data.formId;
  const template = await api(base, token, 'POST', `/forms/${formId}/templates`, {
    name: 'Certificate',
    googleDocsUrl: 'https://docs.google.com/document/d/1BenchDocAbcdefghijklmnopqrstuvwxyz012/edit',
    content: TEMPLATE,
  });
  const submitted = await fetch(`${base}/api/v1/forms/${formId}/submit-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: `bench-${Date.now()}`,
      response: { 'Full Name': 'Ada Lovelace', Course: 'Analytical Engines', Hours: '12' },
    }),
  });
  if (submitted.status !== 201)
    throw new Error(`submit failed: ${submitted.status} ${await submitted.text()}`);
  const responseId = (await submitted.json()).data.responseId;
  const url = `${base}/api/v1/forms/${formId}/responses/${responseId}/pdf`;
  const body = JSON.stringify({ templateId: template.data.id });
  return async function render() {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw new Error(`render failed: ${res.status} ${bytes.toString('utf8').slice(0, 300)}`);
    }
    return { ms, bytes: bytes.length };
  };
}

/** Resident memory of a process and of all its descendants (Linux /proc), in MiB. */
function memoryOf(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) pids.push(...childrenOf(pids[i]));
  let treeRss = 0;
  let treePss = 0;
  let serverRss = 0;
  for (const p of pids) {
    const rss = kib(`/proc/${p}/status`, /^VmRSS:\s+(\d+)/m);
    const pss = kib(`/proc/${p}/smaps_rollup`, /^Pss:\s+(\d+)/m);
    if (p === pid) serverRss = rss;
    treeRss += rss;
    treePss += pss;
  }
  const mib = (k) => k / 1024;
  return { processes: pids.length, serverRss: mib(serverRss), treeRss: mib(treeRss), treePss: mib(treePss) };
}

function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function kib(file, pattern) {
  try {
    return Number(fs.readFileSync(file, 'utf8').match(pattern)?.[1] ?? 0);
  } catch {
    return 0; // the process ended while we read
  }
}

const fmt = (n) => n.toFixed(1);

/**
 * A fixed piece of CPU work, timed: the machine is shared, and this says how busy it was during the run
 * (about 400 ms on an idle 2-vCPU EPYC here; twice that means the figures were taken under contention).
 */
function cpuReferenceMs() {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) console.log(x);
  return performance.now() - started;
}
const stats = (times) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });

async function sequential(render, n, pauseMs = 0) {
  const times = [];
  for (let i = 0; i < n; i++) {
    if (pauseMs > 0) await sleep(pauseMs);
    times.push((await render()).ms);
  }
  return times;
}

/** `renders.length` clients at once, each sending `rounds` in a row with its own render function. */
async function concurrent(renders, rounds) {
  const times = [];
  const started = performance.now();
  await Promise.all(
    renders.map(async (render) => {
      for (let i = 0; i < rounds; i++) times.push((await render()).ms);
    }),
  );
  return { times, perSecond: (times.length / (performance.now() - started)) * 1000 };
}

/** Renders of several owners in a fixed order: every PDF is another owner's than the one before. */
function roundRobin(owners) {
  let turn = 0;
  return () => owners[turn++ % owners.length]();
}

// ----------------------------------------------------------------------------------------- warm server
/** The warm-browser parts on one build (this tree's, or --before's), on a fresh server. */
async function warmServer(distRoot) {
  const results = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-pdf-'));
  const server = await startServer({
    dataDir,
    distRoot,
    env: {
      PDF_RATE_LIMIT_PER_MINUTE: '10000000',
      SHEET_SYNC_ENABLED: 'false',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
    nodeArgs: args['node-arg'],
  });
  try {
    const render = await prepare(server.base);
    results.noBrowser = memoryOf(server.pid);
    const cold = await render();
    results.cold = cold.ms;
    results.pdfBytes = cold.bytes;
    await sequential(render, 10); // JIT, the spare page, caches
    if (runs('single')) {
      results.paced = stats(await sequential(render, PACED, PAUSE_MS));
      results.sequential = stats(await sequential(render, SEQUENTIAL));
    }
    if (runs('three')) {
      // Three owners taking turns: every PDF is another owner's than the last one.
      const owners = [
        render,
        await prepare(server.base, 'second@example.com'),
        await prepare(server.base, 'third@example.com'),
      ];
      results.alternatingPaced = stats(await sequential(roundRobin(owners), PACED, PAUSE_MS));
      results.alternating = stats(await sequential(roundRobin(owners), SEQUENTIAL));
    }
    if (runs('round-robin')) {
      // --owners owners in a fixed round robin (issue 25), warm: each owner has rendered before the timing.
      const owners = [render];
      for (let i = 1; i < OWNERS; i++) owners.push(await prepare(server.base, `owner-${i}@example.com`));
      await sequential(roundRobin(owners), 2 * OWNERS);
      results.roundRobinPaced = stats(await sequential(roundRobin(owners), PACED, PAUSE_MS));
      results.roundRobin = stats(await sequential(roundRobin(owners), ROUND_ROBIN));
      await sleep(1000);
      results.roundRobinMemory = memoryOf(server.pid);
    }
    if (runs('concurrent')) {
      // One owner per client: an owner has one PDF rendering and 3 waiting at most (issue 20), so 8
      // clients of one owner would be turned away (429) rather than measured.
      const clients = [render];
      for (let i = 1; i < CONCURRENT; i++)
        clients.push(await prepare(server.base, `client-${i}@example.com`));
      const many = await concurrent(clients, ROUNDS);
      results.concurrent = { ...stats(many.times), perSecond: many.perSecond };
    }
    if (runs('soak')) {
      await sleep(1000);
      results.soakBefore = memoryOf(server.pid);
      const soakTimes = await sequential(render, SOAK);
      await sleep(1000);
      results.soakAfter = memoryOf(server.pid);
      results.soak = stats(soakTimes);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const cpuBefore = cpuReferenceMs();
const builds = [];
if (args.before)
  builds.push({ name: `before (${args.before})`, ...(await warmServer(path.resolve(args.before))) });
builds.push({ name: 'this tree', ...(await warmServer(repositoryRoot)) });

// ------------------------------------------------------------------------ baseline: launch per request
let baseline;
if (runs('baseline')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-bench-pdf-launch-'));
  const server = await startServer({
    dataDir,
    env: {
      PDF_RATE_LIMIT_PER_MINUTE: '10000000',
      SHEET_SYNC_ENABLED: 'false',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      PDF_RECYCLE_AFTER: '1',
    },
    nodeArgs: args['node-arg'],
  });
  try {
    const render = await prepare(server.base);
    await sequential(render, 2);
    baseline = stats(await sequential(render, BASELINE));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------- report
const cpuAfter = cpuReferenceMs();
const cpu = os.cpus();
console.log(
  `\nnode ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${os.platform()}, load ${os.loadavg().map(fmt).join(' ')}`,
);
console.log(
  `CPU reference (a fixed loop, ~400 ms idle): ${fmt(cpuBefore)} ms before, ${fmt(cpuAfter)} ms after`,
);
for (const results of builds) {
  console.log(
    `\n${results.name}: one-page PDF ${(results.pdfBytes / 1024).toFixed(1)} KiB; first render (browser launch included) ${fmt(results.cold)} ms\n`,
  );
  const rows = [
    [`Warm browser, one owner, one at a time, ${PAUSE_MS} ms apart (a user clicking)`, PACED, results.paced],
    ['Warm browser, one owner, back to back', SEQUENTIAL, results.sequential],
    [`Warm browser, three owners taking turns, ${PAUSE_MS} ms apart`, PACED, results.alternatingPaced],
    ['Warm browser, three owners taking turns, back to back', SEQUENTIAL, results.alternating],
    [`Warm browser, ${OWNERS} owners round robin, ${PAUSE_MS} ms apart`, PACED, results.roundRobinPaced],
    [`Warm browser, ${OWNERS} owners round robin, back to back`, ROUND_ROBIN, results.roundRobin],
    [
      `Warm browser, ${CONCURRENT} concurrent clients, one owner each (${fmt(results.concurrent?.perSecond ?? 0)} PDFs/s)`,
      CONCURRENT * ROUNDS,
      results.concurrent,
    ],
    [`Warm browser, ${SOAK} in a row`, SOAK, results.soak],
    ['Browser launched per request (baseline)', BASELINE, builds.at(-1) === results ? baseline : undefined],
  ];
  console.log('| Run | Requests | p50 (ms) | p95 (ms) |');
  console.log('|---|---|---|---|');
  for (const [name, requests, figures] of rows) {
    if (figures) console.log(`| ${name} | ${requests} | ${fmt(figures.p50)} | ${fmt(figures.p95)} |`);
  }
  if (baseline && results.paced && builds.at(-1) === results) {
    console.log(
      `\nWarm p50 vs launch-per-request: ${fmt(baseline.p50 / results.paced.p50)}× faster one at a time, ` +
        `${fmt(baseline.p50 / results.sequential.p50)}× back to back.`,
    );
  }
  console.log('\n| Memory (MiB) | Processes | Server RSS | Tree RSS (sum) | Tree PSS |');
  console.log('|---|---|---|---|---|');
  for (const [name, m] of [
    ['Before the first PDF (no browser)', results.noBrowser],
    [`After the ${OWNERS}-owner round robin`, results.roundRobinMemory],
    [`Browser warm, before ${SOAK} renders`, results.soakBefore],
    [`After ${SOAK} renders`, results.soakAfter],
  ]) {
    if (m)
      console.log(
        `| ${name} | ${m.processes} | ${fmt(m.serverRss)} | ${fmt(m.treeRss)} | ${fmt(m.treePss)} |`,
      );
  }
  if (results.soakBefore) {
    console.log(
      `\nGrowth over ${SOAK} renders: server RSS ${fmt(results.soakAfter.serverRss - results.soakBefore.serverRss)} MiB, ` +
        `tree PSS ${fmt(results.soakAfter.treePss - results.soakBefore.treePss)} MiB, ` +
        `tree RSS ${fmt(results.soakAfter.treeRss - results.soakBefore.treeRss)} MiB.`,
    );
  }
}
