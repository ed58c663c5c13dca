// Shared by the bench scripts (and the crash-recovery test): start a SheetForms server in local mode in a
// child process, sign in through its emulator, create spreadsheets and forms, submit, read sheets back.
//
// Local mode serves the Google emulator from the same process under /__google, so one child process is the
// whole system; its SQLite file and the emulator's files live in the given DATA_DIR and survive a restart.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

export const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * The options `npm start` gives node (package.json's start script, between `node` and the entry): the
 * benches run the server as it ships (decision 0031), before any options of their own.
 */
export function shippedNodeOptions() {
  const start = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')).scripts.start;
  const words = start.split(/\s+/);
  return words.slice(
    words.indexOf('node') + 1,
    words.findIndex((word) => word.endsWith('.js')),
  );
}

/**
 * Starts the server. `entry: 'dist'` runs the production build (`npm run build` first) with the options
 * `npm start` gives node; `'source'` runs the TypeScript through tsx. Extra `env` entries override the
 * defaults below (generous rate limits and connection cap: a bench sends everything from one IP).
 * `nodeArgs` go to node after the shipped options and before the entry (say `--cpu-prof`; a later V8
 * option wins).
 */
export async function startServer({
  dataDir,
  port,
  env = {},
  entry = 'dist',
  stdio = 'inherit',
  distRoot = repositoryRoot,
  nodeArgs = [],
}) {
  const serverPort = port ?? (await freePort());
  const base = `http://127.0.0.1:${serverPort}`;
  const args =
    entry === 'dist'
      ? [path.join(distRoot, 'apps/server/dist/main.js')]
      : ['--conditions=source', '--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/main.ts')];
  const child = spawn(
    process.execPath,
    [...(entry === 'dist' ? shippedNodeOptions() : []), ...nodeArgs, ...args],
    {
      cwd: repositoryRoot,
      env: {
        // As `npm start` and the image set it, unless the caller's environment says otherwise.
        MALLOC_ARENA_MAX: '2',
        ...process.env,
        NODE_ENV: 'production',
        ALLOW_LOCAL_MODE: 'true',
        PORT: String(serverPort),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SERVE_WEB: 'false',
        RATE_LIMIT_PER_MINUTE: '10000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '10000000',
        SHEETS_RATE_LIMIT_PER_MINUTE: '10000000',
        // Load from one address: hundreds of parallel requests would pass the per-address connection cap.
        MAX_CONNECTIONS_PER_IP: '100000',
        DATABASE_URL: '',
        GOOGLE_CLIENT_ID: '',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        ...env,
      },
      stdio: ['ignore', stdio, stdio],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await waitForHealth(base, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    base,
    port: serverPort,
    pid: child.pid,
    child,
    exited,
    /** SIGTERM and wait: the server finishes in-flight requests and stops its worker. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    /** SIGKILL: no shutdown hooks, no flush; what the kernel has is all that survives. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

export async function waitForHealth(base, exited, timeoutMs = 60_000, healthPath = '/api/v1/health') {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  exited?.then(() => {
    stopped = true;
  });
  while (Date.now() < deadline) {
    if (stopped) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${base}${healthPath}`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server at ${base} did not become ready within ${timeoutMs} ms`);
}

/** Signs in as an owner through the emulator's ID token; answers the access token. */
export async function signIn(base, email = 'bench@example.com') {
  const { idToken } = await control(base, 'POST', '/id-token', { email, name: 'Bench Owner' });
  const res = await fetch(`${base}/api/v1/auth/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.accessToken;
}

/** The emulator's control API (no credentials, no quota, no faults). */
export async function control(base, method, controlPath, body) {
  const res = await fetch(`${base}/__google/__emulator${controlPath}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`emulator ${method} ${controlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export const BENCH_FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
  { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
  { label: 'Guests', type: 'number', required: false, placeHolder: '' },
];

/**
 * Creates a spreadsheet (sheet 'Responses' with the fields' header, anyone with the link can edit, so the
 * service account may write) and a form on it; answers { formId, spreadsheetId, sheetName }.
 */
export async function createSheetForm(base, token, { name = 'Bench Form', fields = BENCH_FIELDS } = {}) {
  const sheetName = 'Responses';
  const sheet = await control(base, 'POST', '/spreadsheets', {
    title: `${name} ${randomUUID().slice(0, 8)}`,
    sharing: { link: 'edit', people: [] },
    sheets: [{ title: sheetName, rows: [fields.map((f) => f.label)] }],
  });
  const res = await fetch(`${base}/api/v1/forms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name,
      description: 'A form made by a benchmark.',
      googleSheetsUrl: sheet.spreadsheetUrl,
      sheetName,
      settings: { loginRequired: 0 },
      jdata: fields,
    }),
  });
  if (res.status !== 201) throw new Error(`create form failed: ${res.status} ${await res.text()}`);
  return { formId: (await res.json()).data.formId, spreadsheetId: sheet.spreadsheetId, sheetName };
}

/** The JSON body of one submission to a form with BENCH_FIELDS; `key` is its idempotency key. */
export function submissionBody(key, n = 0) {
  return JSON.stringify({
    idempotencyKey: key,
    response: { 'Full Name': `Respondent ${n}`, Email: `r${n}@example.org`, Guests: String(n % 5) },
  });
}

/** POST submit-form; answers { status, responseId? } and never throws on a refused connection. */
export async function submit(base, formId, key, n = 0) {
  try {
    const res = await fetch(`${base}/api/v1/forms/${formId}/submit-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: submissionBody(key, n),
    });
    const body = await res.json().catch(() => undefined);
    return { status: res.status, responseId: body?.data?.responseId };
  } catch (error) {
    return { status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A sheet's rows as text (header first), read through the control API. */
export async function sheetValues(base, spreadsheetId, sheetName) {
  const { values } = await control(
    base,
    'GET',
    `/spreadsheets/${spreadsheetId}/values/${encodeURIComponent(sheetName)}`,
  );
  return values;
}

/** Counts of a column's values in a sheet: Map(value → how many rows hold it). */
export function columnCounts(values, header) {
  const column = values[0]?.indexOf(header) ?? -1;
  if (column < 0) throw new Error(`the sheet has no '${header}' column`);
  const counts = new Map();
  for (const row of values.slice(1)) {
    const value = row[column] ?? '';
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/**
 * A port nothing listens on, for a server started (and perhaps restarted) seconds later. It is drawn
 * below the kernel's ephemeral range (Linux: 32768–60999), where listen(0) and outgoing connections take
 * theirs: a port from listen(0), released and bound later, could meanwhile be handed to any other test's
 * server (seen as a risk of about one run in a hundred). Each process walks its own block of the range
 * from a random start, so two test workers rarely meet, and one never hands out a port twice.
 */
export async function freePort() {
  for (let attempt = 0; attempt < PORT_BLOCK; attempt++) {
    nextPortOffset = (nextPortOffset + 1) % PORT_BLOCK;
    const port = FIRST_PORT + portBlock * PORT_BLOCK + nextPortOffset;
    if (await canListenOn(port)) return port;
  }
  throw new Error(
    `no free port in ${FIRST_PORT + portBlock * PORT_BLOCK}–${FIRST_PORT + (portBlock + 1) * PORT_BLOCK - 1}`,
  );
}

const FIRST_PORT = 20_000;
const PORT_BLOCK = 1_000;
/** 12 blocks: 20000–31999. Test workers are processes or threads with neighbouring ids. */
const portBlock = (process.pid + threadId) % 12;
let nextPortOffset = Math.floor(Math.random() * PORT_BLOCK);

function canListenOn(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
