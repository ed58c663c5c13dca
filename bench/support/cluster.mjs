// Several SheetForms instances behind nginx on one PostgreSQL and one Redis, all from Debian's packages, with
// one Google emulator standing in for Google: the topology of docs/deploy.md, started as plain processes.
// Used by scripts/scale-out.mjs (run it by hand), bench/scale-out.mjs (the proof) and the CI test.
//
// The instances run in Google mode (GOOGLE_CLIENT_ID set) with every Google URL pointing at the emulator, so
// each instance talks to "Google" over HTTP exactly as in production, and all of them see the same
// spreadsheets. Each instance: NODE_ENV=production, DATABASE_URL (shared), REDIS_URL (shared),
// TRUST_PROXY=1 (nginx is the one hop in front), SIGNATURE_STORAGE=database, its own DATA_DIR.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  BENCH_FIELDS,
  columnCounts,
  control,
  freePort,
  repositoryRoot,
  shippedNodeOptions,
  sleep,
  waitForHealth,
} from './local-server.mjs';

const EMULATOR_CLIENT_ID = 'sheetforms-local.apps.googleusercontent.com';
const EMULATOR_API_KEY = 'local-emulator-api-key';
const isRoot = process.getuid?.() === 0;

function which(name, extra = []) {
  for (const candidate of extra) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The Debian packages the cluster needs and this machine lacks (empty when it can start one). */
export function missingPackages() {
  const missing = [];
  if (!which('nginx', ['/usr/sbin/nginx'])) missing.push('nginx');
  if (!which('redis-server', ['/usr/bin/redis-server'])) missing.push('redis-server');
  try {
    postgresBin();
  } catch {
    missing.push('postgresql');
  }
  return missing;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  return path.join(root, versions[0], 'bin');
}

/** Runs a PostgreSQL tool, as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(command, args, options = {}) {
  if (!isRoot) return execFileSync(command, args, { stdio: 'pipe', ...options });
  const quoted = [command, ...args].map((part) => `'${String(part).replaceAll("'", "'\\''")}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe', ...options });
}

async function waitForPort(port, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

async function startPostgres(dir, port) {
  const bin = postgresBin();
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // Durable as in production (fsync stays on); enough connections for every instance's pool.
  asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`,
    'start',
  ]);
  asPostgres(path.join(bin, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'sheetforms',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/sheetforms`,
    stop: () => {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

function spawnLogged(command, args, { logFile, env, cwd = repositoryRoot }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited };
}

/** nginx in front of the instances: the settings docs/deploy.md explains, with this run's ports and paths. */
function nginxConfig({ dir, port, upstreamPorts }) {
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const proxied = `
      proxy_pass http://sheetforms;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # Replaced, never appended to: with TRUST_PROXY=1 the last address is the one believed.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 1s;
      proxy_read_timeout 3600s;
      add_header X-Upstream $upstream_addr always;`;
  return `${isRoot ? 'user root;\n' : ''}worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream sheetforms {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 1m;
    # A submission carries its idempotency key: sending it again to another instance stores it once, so a
    # submission whose instance died mid-request is retried there instead of failing.
    location ~ ^(/api/v1/forms/[^/]+/submit-form|/form/[^/]+)$ {${proxied}
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
    }
    location / {${proxied}
      proxy_next_upstream error timeout http_502 http_503;
      # Event streams (chat) go out as they are written.
      proxy_buffering off;
    }
  }
}
`;
}

/**
 * The Google emulator in a process of its own (its standalone entry), as Google is to a production server:
 * answers its URL ({origin}/__google) and stop(). `entry`: 'dist' or 'source', as for startCluster.
 */
export async function startStandaloneEmulator(dataDir, { logFile, entry = 'dist' }) {
  const port = await freePort();
  const args =
    entry === 'dist'
      ? [path.join(repositoryRoot, 'packages/google-emulator/dist/standalone.js')]
      : [
          '--conditions=source',
          '--import',
          'tsx',
          path.join(repositoryRoot, 'packages/google-emulator/src/standalone.ts'),
        ];
  const emulator = spawnLogged(process.execPath, args, {
    logFile,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, GOOGLE_CLIENT_ID: EMULATOR_CLIENT_ID },
  });
  const url = `http://127.0.0.1:${port}/__google`;
  const stop = async () => {
    emulator.child.kill('SIGTERM');
    await emulator.exited;
  };
  try {
    await waitForHealth(url, emulator.exited, 30_000, '/.well-known/openid-configuration');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** A SheetForms server's settings for Google mode with every Google URL at the standalone emulator. */
export function googleModeEnv(emulatorUrl, emulatorDir) {
  return {
    GOOGLE_CLIENT_ID: EMULATOR_CLIENT_ID,
    GOOGLE_ISSUERS: emulatorUrl,
    GOOGLE_JWKS_URL: `${emulatorUrl}/oauth2/v3/certs`,
    GOOGLE_AUTH_URL: `${emulatorUrl}/o/oauth2/v2/auth`,
    GOOGLE_API_KEY: EMULATOR_API_KEY,
    GOOGLE_SHEETS_API_URL: emulatorUrl,
    GOOGLE_DRIVE_API_URL: emulatorUrl,
    GOOGLE_DOCS_API_URL: emulatorUrl,
    GOOGLE_TOKEN_CLIENT_URL: `${emulatorUrl}/gsi/client`,
    GOOGLE_SERVICE_ACCOUNT_FILE: path.join(emulatorDir, 'google-emulator', 'service-account.json'),
  };
}

/**
 * Starts PostgreSQL, Redis, the emulator, `instances` SheetForms processes and nginx under `dir` (created;
 * removed by stop() unless keep). Ports are free ones unless given. `env` is added to every instance.
 * `entry`: 'dist' (the production build) or 'source' (TypeScript through tsx, for tests).
 */
export async function startCluster({
  dir,
  instances = 3,
  env = {},
  proxyPort,
  keep = false,
  entry = 'dist',
} = {}) {
  const nginxBin = which('nginx', ['/usr/sbin/nginx']);
  const redisBin = which('redis-server', ['/usr/bin/redis-server']);
  if (!nginxBin) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  if (!redisBin) throw new Error('redis-server is not installed (Debian: apt-get install redis-server)');
  // A fresh cluster every time: a kept directory of an earlier run is replaced.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const cleanups = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch {
        // keep stopping the rest
      }
    }
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const postgres = await startPostgres(path.join(dir, 'postgres'), await freePort());
    cleanups.push(() => postgres.stop());

    const redisPort = await freePort();
    const redis = spawnLogged(
      redisBin,
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { logFile: path.join(dir, 'redis.log'), env: process.env },
    );
    cleanups.push(async () => {
      redis.child.kill('SIGTERM');
      await redis.exited;
    });
    await waitForPort(redisPort);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    const emulatorDir = path.join(dir, 'emulator');
    const emulator = await startStandaloneEmulator(emulatorDir, {
      logFile: path.join(dir, 'emulator.log'),
      entry,
    });
    cleanups.push(() => emulator.stop());
    const emulatorUrl = emulator.url;

    const proxy = { port: proxyPort ?? (await freePort()) };
    const proxyUrl = `http://127.0.0.1:${proxy.port}`;
    const instancePorts = [];
    for (let i = 0; i < instances; i++) instancePorts.push(await freePort());

    const instanceEnv = (index) => ({
      ...process.env,
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      HOST: '127.0.0.1',
      PORT: String(instancePorts[index]),
      PUBLIC_URL: proxyUrl,
      DATA_DIR: path.join(dir, `instance-${index + 1}`),
      DATABASE_URL: postgres.url,
      REDIS_URL: redisUrl,
      // One hop: nginx. (Listing nginx's address instead would trust 127.0.0.1 at every hop, and the load
      // here comes from 127.0.0.1 too, so a forged X-Forwarded-For from it would be believed.)
      TRUST_PROXY: '1',
      SIGNATURE_STORAGE: 'database',
      JWT_SECRET: 'scale-out-secret-scale-out-secret-0123456789',
      LOG_LEVEL: 'warn',
      ...googleModeEnv(emulatorUrl, emulatorDir),
      ...env,
    });

    const handles = instancePorts.map((port, index) => {
      const handle = {
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        process: undefined,
        /** Starts (or starts again) this instance and waits until it is ready. */
        async start() {
          fs.mkdirSync(path.join(dir, `instance-${index + 1}`), { recursive: true });
          const started = spawnLogged(
            process.execPath,
            [...shippedNodeOptions(), path.join(repositoryRoot, 'apps/server/dist/main.js')],
            {
              logFile: path.join(dir, `instance-${index + 1}.log`),
              env: instanceEnv(index),
            },
          );
          handle.process = started;
          await waitForHealth(handle.url, started.exited, 60_000, '/api/v1/health/ready');
          return handle;
        },
        get alive() {
          const child = handle.process?.child;
          return Boolean(child && child.exitCode === null && child.signalCode === null);
        },
        get pid() {
          return handle.process?.child.pid;
        },
        /** SIGKILL: no shutdown, no drain, no lease release. */
        async kill() {
          if (!handle.alive) return;
          handle.process.child.kill('SIGKILL');
          await handle.process.exited;
        },
        /** SIGTERM: not ready, drain, release leases, exit. */
        async stop() {
          if (!handle.alive) return;
          handle.process.child.kill('SIGTERM');
          await handle.process.exited;
        },
      };
      return handle;
    });
    cleanups.push(async () => {
      await Promise.all(handles.map((handle) => handle.stop()));
    });
    // The first instance migrates alone; the others start together afterwards (they would wait on the
    // migration lock anyway, this only keeps start-up logs readable).
    await handles[0].start();
    await Promise.all(handles.slice(1).map((handle) => handle.start()));

    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir, { recursive: true });
    const confFile = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(
      confFile,
      nginxConfig({ dir: nginxDir, port: proxy.port, upstreamPorts: instancePorts }),
    );
    const nginx = spawnLogged(nginxBin, ['-c', confFile, '-p', nginxDir, '-g', 'daemon off;'], {
      logFile: path.join(nginxDir, 'stdout.log'),
      env: process.env,
    });
    cleanups.push(async () => {
      nginx.child.kill('SIGQUIT');
      await nginx.exited;
    });
    await waitForHealth(proxyUrl, nginx.exited, 20_000, '/api/v1/health/ready');

    return {
      dir,
      proxyUrl,
      emulatorUrl,
      databaseUrl: postgres.url,
      redisUrl,
      instances: handles,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The standalone emulator's control API (no credentials, no quota): the same calls as local mode's. */
export function emulatorControl(emulatorUrl, method, controlPath, body) {
  // control() appends /__google/__emulator to an origin; emulatorUrl is already {origin}/__google.
  return control(emulatorUrl.replace(/\/__google$/, ''), method, controlPath, body);
}

/** Signs in through `base` (the proxy or one instance) with an ID token the emulator mints. */
export async function signInOwner(cluster, email, base = cluster.proxyUrl) {
  const { idToken } = await emulatorControl(cluster.emulatorUrl, 'POST', '/id-token', {
    email,
    name: email.split('@')[0],
  });
  const res = await fetch(`${base}/api/v1/auth/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/**
 * A spreadsheet in the emulator (sheet 'Responses' with the fields' header, link-shared for editing so the
 * service account may write) and a form on it, created through the proxy; answers { formId, spreadsheetId }.
 */
export async function createClusterForm(
  cluster,
  accessToken,
  { name = 'Scale-out Form', fields = BENCH_FIELDS } = {},
) {
  const sheet = await emulatorControl(cluster.emulatorUrl, 'POST', '/spreadsheets', {
    title: `${name} ${Math.random().toString(36).slice(2, 10)}`,
    sharing: { link: 'edit', people: [] },
    sheets: [{ title: 'Responses', rows: [fields.map((field) => field.label)] }],
  });
  const res = await fetch(`${cluster.proxyUrl}/api/v1/forms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      name,
      description: 'A form made by the scale-out proof.',
      googleSheetsUrl: sheet.spreadsheetUrl,
      sheetName: 'Responses',
      settings: { loginRequired: 0 },
      jdata: fields,
    }),
  });
  if (res.status !== 201) throw new Error(`create form failed: ${res.status} ${await res.text()}`);
  return { formId: (await res.json()).data.formId, spreadsheetId: sheet.spreadsheetId };
}

/** The Response ID column of a form's sheet: Map(responseId → rows holding it). */
export async function sheetResponseIds(cluster, spreadsheetId) {
  const { values } = await emulatorControl(
    cluster.emulatorUrl,
    'GET',
    `/spreadsheets/${spreadsheetId}/values/${encodeURIComponent('Responses')}`,
  );
  return columnCounts(values, 'Response ID');
}
