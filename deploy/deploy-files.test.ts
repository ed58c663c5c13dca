import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, SUBMISSION_LIMITS } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../apps/server/src/config/config.js';
import type { Config } from '../apps/server/src/config/config-types.js';
import {
  type DockerStage,
  directives,
  durationMs,
  envPairs,
  interpolate,
  isDockerIgnored,
  mapStrings,
  type NginxDirective,
  nginxBytes,
  parseDockerfile,
  parseEnvFile,
  parseNginxConf,
  splitFlags,
  type VariableReference,
  variableReferences,
} from './deploy-parsers.js';

// No container engine runs here: these checks read the deployment files and hold them against the code,
// so a renamed setting, route, port or build output breaks this test instead of a deployment.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const COMPOSE_FILE = 'deploy/compose.yaml';
const ENV_EXAMPLE = 'deploy/.env.example';
const NGINX_CONF = 'deploy/nginx.conf';

/** What an operator would put in deploy/.env for the variables the example leaves empty. */
const SAMPLE_SECRETS: Record<string, string> = {
  GOOGLE_CLIENT_ID: '1234567890-abcdef.apps.googleusercontent.com',
  GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify({
    type: 'service_account',
    client_email: 'sheetforms@example.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  }),
  JWT_SECRET: 'f'.repeat(64),
  ADMIN_EMAILS: 'admin@example.com',
  POSTGRES_PASSWORD: 'c0ffee',
  REDIS_PASSWORD: 'beef00',
};

type Service = {
  image?: string;
  environment?: Record<string, string>;
  ports?: unknown[];
  network_mode?: string;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string };
  stop_grace_period?: string;
  volumes?: string[];
  command?: string[];
};

const composeText = read(COMPOSE_FILE);
// Compose resolves YAML merge keys (`<<: *app`); so does the yaml package with `merge`.
const rawCompose = parseYaml(composeText, { merge: true }) as { services: Record<string, Service> };
const envExample = parseEnvFile(read(ENV_EXAMPLE));
const variables = Object.fromEntries(
  [...envExample].map(([name, value]) => [name, value === '' ? SAMPLE_SECRETS[name] : value]),
);
const compose = mapStrings(rawCompose, (text) => interpolate(text, variables)) as typeof rawCompose;
const services = compose.services;
const appNames = Object.keys(services).filter((name) => /^app\d+$/.test(name));
const app = services[appNames[0] ?? ''] ?? {};
const appEnv = app.environment ?? {};
/** The configuration the instances start with: loadConfig is the server's own reader of its environment. */
const loadedConfig = (() => {
  try {
    return loadConfig(appEnv, '/srv');
  } catch (error) {
    return error as Error;
  }
})();
/** A ConfigError (naming every bad variable) fails each test that needs the configuration. */
function appConfig(): Config {
  if (loadedConfig instanceof Error) throw loadedConfig;
  return loadedConfig;
}

const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1) as DockerStage;
const instructions = (stage: DockerStage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

const nginx = parseNginxConf(read(NGINX_CONF));
const http = directives(nginx, 'http')[0]?.block;
const upstreams = directives(http, 'upstream');
const servers = directives(http, 'server');
const locations = servers.flatMap((server) => directives(server.block, 'location'));

const rootPackage = JSON.parse(read('package.json')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  workspaces: string[];
};

/** Every environment variable the server reads: the keys of env-schema.ts's EnvSchema. */
function configVariables(): Set<string> {
  const source = read('apps/server/src/config/env-schema.ts');
  const start = source.indexOf('const EnvSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start, 'EnvSchema not found in env-schema.ts').toBeGreaterThan(0);
  return new Set(
    [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? ''),
  );
}

/** Paths of the GET routes in a routes file, with the API prefix. */
function apiRoutes(file: string): string[] {
  return [...read(file).matchAll(/\.get\(\s*'([^']+)'/g)].map((match) => `${API_PREFIX}${match[1]}`);
}

/** The variable the access log writes in place of the request's URI. */
const LOGGED_URI = 'sf_logged_uri';

/** The names of the variables a format string or map value references (`$name` or `${name}`). */
function variableNames(text: string): string[] {
  return [...text.matchAll(/\$\{?(\w+)/g)].map((match) => match[1] ?? '');
}

/**
 * A variable's value as nginx computes it from the config's `map` blocks: the first matching regex (`~`, or
 * `~*` ignoring case) in order, else an exact match, else `default`; named captures fill the value.
 */
function nginxVariable(name: string, given: Record<string, string>): string {
  const known = given[name];
  if (known !== undefined) return known;
  const map = directives(http, 'map').find((m) => m.args[1] === `$${name}`);
  if (!map) throw new Error(`no map defines $${name}`);
  const source = nginxVariable((map.args[0] ?? '').replace(/^\$/, ''), given);
  const expand = (value: string, captures: Record<string, string>) =>
    value.replace(/\$\{?(\w+)\}?/g, (_, variable: string) =>
      variable in captures ? (captures[variable] ?? '') : nginxVariable(variable, given),
    );
  const entries = (map.block ?? []).map((entry) => [entry.name, entry.args[0] ?? ''] as const);
  for (const [key, value] of entries) {
    if (!key.startsWith('~')) continue;
    const caseless = key.startsWith('~*');
    const match = new RegExp(key.slice(caseless ? 2 : 1), caseless ? 'i' : '').exec(source);
    if (match) return expand(value, match.groups ?? {});
  }
  const exact = entries.find(([key]) => key === source) ?? entries.find(([key]) => key === 'default');
  return exact ? expand(exact[1], {}) : '';
}

function healthcheckUrls(command: string): string[] {
  return [...command.matchAll(/https?:\/\/[^'"\s)]+/g)].map((match) => match[0]);
}

function healthcheckPaths(command: string): string[] {
  return [...command.matchAll(new RegExp(`${API_PREFIX}/[\\w/-]+`, 'g'))].map((match) => match[0]);
}

describe(COMPOSE_FILE, () => {
  it('runs app1..app3 from one image with the same settings, reachable only through the proxy', () => {
    expect(appNames).toEqual(['app1', 'app2', 'app3']);
    for (const name of appNames) {
      const service = services[name] ?? {};
      expect(service.image, name).toBe(app.image);
      expect(service.environment, name).toEqual(appEnv);
      expect(service.ports, `${name} must not publish a port`).toBeUndefined();
      expect(service.network_mode, name).toBeUndefined();
    }
  });

  it('sets only variables the server reads', () => {
    const known = configVariables();
    expect(known.size).toBeGreaterThan(40);
    const unknown = Object.keys(appEnv).filter((name) => !known.has(name));
    expect(unknown, 'not in apps/server/src/config/env-schema.ts').toEqual([]);
  });

  it('configures Google mode on PostgreSQL in production, with shared state in the bundled services', () => {
    expect(appConfig().env).toBe('production');
    expect(appConfig().mode).toBe('google');
    expect(appConfig().googleApis.serviceAccount, 'sheet writes need a service account').toBeDefined();
    expect(appConfig().adminEmails.length).toBeGreaterThan(0);
    expect(new URL(appConfig().publicUrl).protocol).toBe('https:');
    // Signatures must be readable by every instance, not kept on one instance's disk.
    expect(appConfig().signatureStorage.kind).toBe('database');

    expect(appConfig().database.kind).toBe('postgres');
    const database = new URL(appEnv.DATABASE_URL ?? '');
    const postgres = services[database.hostname]?.environment ?? {};
    expect(database.port).toBe('5432');
    expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(database.pathname.slice(1)).toBe(postgres.POSTGRES_DB);

    const redis = new URL(appEnv.REDIS_URL ?? '');
    expect(redis.protocol).toBe('redis:');
    const redisCommand = services[redis.hostname]?.command ?? [];
    expect(redisCommand[redisCommand.indexOf('--requirepass') + 1]).toBe(decodeURIComponent(redis.password));
  });

  it('gives every instance the same DATABASE_URL, REDIS_URL and JWT_SECRET', () => {
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) {
      const values = new Set(appNames.map((app) => services[app]?.environment?.[name]));
      expect([...values], name).toHaveLength(1);
      expect(values.has(undefined), name).toBe(false);
    }
  });

  it('trusts exactly the one proxy in front of the instances', () => {
    expect(appEnv.TRUST_PROXY, 'TRUST_PROXY').toBeDefined();
    const proxies = Object.keys(services).filter((name) => services[name]?.image?.startsWith('nginx'));
    expect(proxies).toEqual(['nginx']);
    if (typeof appConfig().trustProxy === 'number') {
      // A hop count is safe only when nothing but the proxy can connect (checked above: no ports).
      expect(appConfig().trustProxy).toBe(proxies.length);
    } else {
      expect(appConfig().trustProxy, 'TRUST_PROXY').not.toBe(false);
    }
    // Every client arrives from nginx's address: the per-address connection cap must leave room for them.
    expect(appConfig().http.maxConnectionsPerIp).toBeGreaterThan(1000);
  });

  it('checks the instances with the readiness route the server has, on the port it listens on', () => {
    const routes = apiRoutes('apps/server/src/modules/health/health.routes.ts');
    for (const name of appNames) {
      const test = services[name]?.healthcheck?.test ?? [];
      // Compose takes a string or a list of strings; an unquoted `: ` in YAML would make a mapping.
      expect(
        [test].flat().every((word) => typeof word === 'string'),
        name,
      ).toBe(true);
      const urls = healthcheckUrls([test].flat().join(' '));
      expect(urls, name).toHaveLength(1);
      const url = new URL(urls[0] ?? '');
      expect(url.pathname).toBe(`${API_PREFIX}/health/ready`);
      expect(routes).toContain(url.pathname);
      expect(Number(url.port)).toBe(appConfig().port);
    }
  });

  it('starts the instances after healthy PostgreSQL and Redis, and nginx after the instances', () => {
    for (const dependency of ['postgres', 'redis']) {
      expect(app.depends_on?.[dependency]?.condition, dependency).toBe('service_healthy');
      expect(services[dependency]?.healthcheck?.test, `${dependency} health check`).toBeDefined();
    }
    expect(Object.keys(services.nginx?.depends_on ?? {}).sort()).toEqual(appNames);
  });

  it('lets an instance drain for its 10 s after SIGTERM before Docker kills it', () => {
    for (const name of appNames) {
      expect(durationMs(services[name]?.stop_grace_period ?? '10s'), name).toBeGreaterThan(10_000);
    }
  });

  it('mounts deploy/nginx.conf into nginx', () => {
    expect(services.nginx?.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
  });
});

describe(ENV_EXAMPLE, () => {
  const references: VariableReference[] = [];
  mapStrings(rawCompose, (text) => {
    references.push(...variableReferences(text));
    return text;
  });
  const referenced = new Set(references.map((reference) => reference.name));

  it('lists every variable the compose file references, and no other', () => {
    expect(referenced.size).toBeGreaterThan(5);
    expect([...referenced].filter((name) => !envExample.has(name)).sort(), 'missing').toEqual([]);
    expect([...envExample.keys()].filter((name) => !referenced.has(name)).sort(), 'unused').toEqual([]);
  });

  it('ships no secrets, and the compose file refuses to start without them', () => {
    for (const reference of references) {
      expect(
        ['', ':+', '+'],
        `${reference.name} needs a default (:-) or must be required (:?)`,
      ).not.toContain(reference.operator);
    }
    const secrets = [...envExample.keys()].filter((name) => /SECRET|PASSWORD|_JSON$/.test(name));
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const name of secrets) {
      expect(envExample.get(name), name).toBe('');
      const operators = references.filter((reference) => reference.name === name).map((r) => r.operator);
      expect(new Set(operators), name).toEqual(new Set([':?']));
    }
    const withoutSecret = { ...variables, JWT_SECRET: '' };
    expect(() => mapStrings(rawCompose, (text) => interpolate(text, withoutSecret))).toThrow(/JWT_SECRET/);
  });
});

describe(NGINX_CONF, () => {
  const upstream = upstreams[0];
  const upstreamName = upstream?.args[0] ?? '';

  it('sends traffic to exactly the compose app services, on the port they listen on, with passive health', () => {
    expect(upstreams).toHaveLength(1);
    const members = directives(upstream?.block, 'server');
    expect(members.map((server) => server.args[0]).sort()).toEqual(
      appNames.map((name) => `${name}:${appConfig().port}`),
    );
    for (const member of members) {
      expect(
        member.args.some((arg) => arg.startsWith('max_fails=')),
        member.args[0],
      ).toBe(true);
      expect(
        member.args.some((arg) => arg.startsWith('fail_timeout=')),
        member.args[0],
      ).toBe(true);
      if (member.args.includes('resolve')) {
        expect(directives(upstream?.block, 'zone'), '`resolve` needs a shared zone').toHaveLength(1);
        expect(directives(http, 'resolver'), '`resolve` needs a resolver').toHaveLength(1);
      }
    }
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      expect(directives(location.block, 'proxy_pass')[0]?.args, location.args.join(' ')).toEqual([
        `http://${upstreamName}`,
      ]);
    }
  });

  it('closes idle upstream connections before the server does', () => {
    const keepaliveTimeout = directives(upstream?.block, 'keepalive_timeout')[0]?.args[0] ?? '60s';
    expect(durationMs(keepaliveTimeout)).toBeLessThan(appConfig().http.keepAliveTimeoutMs);
  });

  it('accepts the largest body the server accepts', () => {
    const routeLimits = fs
      .readdirSync(path.join(root, 'apps/server/src/modules'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => [
        ...read(`apps/server/src/modules/${file}`).matchAll(
          /export const \w+_BODY_LIMIT_BYTES = ([\d_.* ]+);/g,
        ),
      ])
      .map((match) =>
        (match[1] ?? '').split('*').reduce((product, n) => product * Number(n.replaceAll('_', '')), 1),
      );
    expect(routeLimits.length).toBeGreaterThanOrEqual(2);
    // A signature PNG arrives in a multipart body with a few hundred bytes of framing around it.
    const largest = Math.max(
      appConfig().bodyLimitBytes,
      SUBMISSION_LIMITS.signatureBytesMax + 16_384,
      ...routeLimits,
    );
    for (const server of servers) {
      const limit = directives(server.block, 'client_max_body_size')[0]?.args[0] ?? '1m';
      expect(nginxBytes(limit)).toBeGreaterThanOrEqual(largest);
    }
  });

  it("passes the client's address and scheme, replacing what the client sent", () => {
    for (const server of servers) {
      const scopes = [server, ...directives(server.block, 'location')];
      // A location with any proxy_set_header of its own inherits none from the server block.
      for (const scope of scopes.filter(
        (s) => s === server || directives(s.block, 'proxy_set_header').length > 0,
      )) {
        const headers = new Map(
          directives(scope.block, 'proxy_set_header').map((d) => [d.args[0], d.args[1]]),
        );
        // With TRUST_PROXY=1 the server takes the last X-Forwarded-For entry: it must be nginx's own view.
        expect(headers.get('X-Forwarded-For'), scope.args.join(' ')).toBe('$remote_addr');
        expect(headers.get('X-Forwarded-Proto'), scope.args.join(' ')).toBe('$scheme');
      }
    }
  });

  it('does not buffer the chat event streams and keeps them open', () => {
    const chatRoutes = read('apps/server/src/modules/chat/chat.routes.ts');
    const streamRoutes = [...chatRoutes.matchAll(/'(\/chat\/[^']*\/stream)'/g)].map(
      (match) => match[1] ?? '',
    );
    expect(streamRoutes.length).toBe([...chatRoutes.matchAll(/openEventStream\(/g)].length);
    for (const route of streamRoutes) {
      const requestPath = API_PREFIX + route.replace(/:\w+/g, '0f3a9c2b7d8e4f10a1b2c3d4e5f60718');
      const location = servingLocation(requestPath);
      expect(directives(location?.block, 'proxy_buffering')[0]?.args, requestPath).toEqual(['off']);
      const readTimeout = directives(location?.block, 'proxy_read_timeout')[0]?.args[0] ?? '60s';
      expect(durationMs(readTimeout), requestPath).toBeGreaterThanOrEqual(600_000);
    }
  });

  it('retries another instance on errors, never resending a request that may have been acted on', () => {
    for (const server of servers) {
      const retry = directives(server.block, 'proxy_next_upstream')[0]?.args ?? ['error', 'timeout'];
      expect(retry).toContain('error');
      expect(retry).not.toContain('non_idempotent');
    }
  });

  it('resends a POST that reached a dead instance only where it carries an idempotency key (submissions)', () => {
    const retryOf = (requestPath: string) => {
      const location = servingLocation(requestPath);
      const own = directives(location?.block, 'proxy_next_upstream')[0]?.args;
      return own ?? directives(servers[0]?.block, 'proxy_next_upstream')[0]?.args ?? ['error', 'timeout'];
    };
    for (const submission of ['/api/v1/forms/AbC123xyz_-9/submit-form', '/form/AbC123xyz_-9']) {
      expect(retryOf(submission), submission).toEqual(expect.arrayContaining(['error', 'non_idempotent']));
    }
    for (const other of [
      '/api/v1/chat/message',
      '/api/v1/contact/submit',
      '/api/v1/forms',
      '/api/v1/forms/AbC123xyz_-9/submit-form/extra',
      '/api/v1/forms/AbC123xyz_-9',
      '/api/v1/auth/refresh',
    ]) {
      expect(retryOf(other), other).not.toContain('non_idempotent');
    }
  });

  it('logs requests without the chat credentials in them (session ids in paths, tickets in queries)', () => {
    const formats = new Map(
      directives(http, 'log_format').map((format) => [format.args[0] ?? '', format.args.slice(1).join('')]),
    );
    const accessLogs = [http, ...servers.map((s) => s.block), ...locations.map((l) => l.block)].flatMap(
      (block) => directives(block, 'access_log'),
    );
    expect(accessLogs.length).toBeGreaterThan(0);
    for (const accessLog of accessLogs) {
      if (accessLog.args[0] === 'off') continue;
      // Without a named format nginx writes `combined`, which logs `$request` as it came.
      const format = formats.get(accessLog.args[1] ?? 'combined');
      expect(format, accessLog.args.join(' ')).toBeDefined();
      const logged = variableNames(format ?? '');
      for (const raw of ['request', 'request_uri', 'uri', 'document_uri', 'args', 'query_string']) {
        expect(logged, `log format logs $${raw}`).not.toContain(raw);
      }
      expect(logged.filter((name) => name.startsWith('arg_'))).toEqual([]);
      expect(logged).toContain(LOGGED_URI);
    }
  });

  it('redacts the session id of every chat route that carries one, and ticket and sessionId query values', () => {
    const chatRoutes = read('apps/server/src/modules/chat/chat.routes.ts');
    const sessionRoutes = [...chatRoutes.matchAll(/'(\/chat\/[^']*:sessionId[^']*)'/g)].map(
      (m) => m[1] ?? '',
    );
    expect(sessionRoutes.length).toBeGreaterThanOrEqual(5);
    const secret = 'AbC123xyz_-9SeCrEt';
    const cases = sessionRoutes.flatMap((route) => {
      const path = API_PREFIX + route.replace(':sessionId', secret);
      return [path, `${path}?since=5`, path.toUpperCase().replace(secret.toUpperCase(), secret)];
    });
    cases.push(
      `${API_PREFIX}/chat/admin/stream?ticket=${secret}`,
      `${API_PREFIX}/chat/admin/stream?since=5&ticket=${secret}&x=1`,
      `${API_PREFIX}/chat/messages?sessionId=${secret}`,
      `${API_PREFIX}/chat/admin/stream?TICKET=${secret}1&ticket=${secret}2&sessionId=${secret}3`,
    );
    for (const requestUri of cases) {
      const logged = nginxVariable(LOGGED_URI, { request_uri: requestUri });
      expect(logged, requestUri).not.toContain(secret);
      expect(logged, requestUri).toContain('[redacted]');
    }
    // What carries no credential is logged as it came.
    for (const requestUri of [
      `${API_PREFIX}/chat/admin/chats?page=2`,
      `${API_PREFIX}/chat/admin/stream-ticket`,
      `${API_PREFIX}/forms/AbC123xyz_-9/submit-form?since=5`,
    ]) {
      expect(nginxVariable(LOGGED_URI, { request_uri: requestUri }), requestUri).toBe(requestUri);
    }
  });
});

/** The location nginx picks for a path: the first matching regex, else the longest matching prefix. */
function servingLocation(requestPath: string): NginxDirective | undefined {
  const regex = locations.find((location) => {
    const [modifier = '', pattern = ''] = location.args;
    if (modifier !== '~' && modifier !== '~*') return false;
    return new RegExp(pattern, modifier === '~*' ? 'i' : '').test(requestPath);
  });
  if (regex) return regex;
  return locations
    .filter((location) => location.args.length === 1 && requestPath.startsWith(location.args[0] ?? ''))
    .sort((a, b) => (b.args[0] ?? '').length - (a.args[0] ?? '').length)[0];
}

describe('Dockerfile', () => {
  const build = stages.find((stage) =>
    instructions(runtime, 'COPY').some((copy) => splitFlags(copy.args).flags.from === stage.name),
  );
  const runs = (stage: DockerStage | undefined) =>
    (stage?.instructions ?? []).filter((i) => i.keyword === 'RUN').map((i) => i.args);

  it('builds with the build tools in one stage and runs from another on the same Debian base', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build, 'the runtime stage copies from a build stage').toBeDefined();
    const buildRuns = runs(build).join('\n');
    for (const tool of ['python3', 'make', 'g++'])
      expect(buildRuns).toMatch(new RegExp(`\\s${tool.replace('+', '\\+')}\\s`));
    expect(buildRuns).toMatch(/npm ci/);
    expect(buildRuns).toMatch(/npm run build/);
    expect(buildRuns).toMatch(/npm prune --omit=dev/);
    expect(runtime.base).toBe(build?.base);
    // Debian, for its chromium package (and glibc for the native modules built in the first stage).
    expect(runtime.base).toMatch(/^node:\d+[\w.-]*-(bookworm|trixie)(-slim)?$/);
    const major = Number(/^node:(\d+)/.exec(runtime.base)?.[1]);
    const allowedMajors = [...rootPackage.engines.node.matchAll(/\^(\d+)\./g)].map((match) =>
      Number(match[1]),
    );
    const fromMajor = Number(/>=(\d+)/.exec(rootPackage.engines.node)?.[1] ?? Number.POSITIVE_INFINITY);
    expect(allowedMajors.includes(major) || major >= fromMajor, `node ${major} vs engines`).toBe(true);
  });

  it('copies every workspace manifest before npm ci, so the install sees the whole workspace tree', () => {
    const buildSteps = build?.instructions ?? [];
    const npmCi = buildSteps.findIndex((step) => step.keyword === 'RUN' && /npm ci/.test(step.args));
    const copiedBefore = buildSteps
      .slice(0, npmCi)
      .filter((step) => step.keyword === 'COPY')
      .flatMap((step) => splitFlags(step.args).words.slice(0, -1));
    for (const file of [
      'package.json',
      'package-lock.json',
      ...rootPackage.workspaces.map((ws) => `${ws}/package.json`),
    ]) {
      expect(copiedBefore, file).toContain(file);
    }
  });

  it('copies only files that exist and that .dockerignore lets through, from stages that exist', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const stageNames = stages.map((stage) => stage.name);
    for (const stage of stages) {
      for (const copy of instructions(stage, 'COPY')) {
        const { flags, words } = splitFlags(copy.args);
        if (flags.from !== undefined) {
          expect(stageNames.slice(0, stages.indexOf(stage)), copy.args).toContain(flags.from);
          continue;
        }
        for (const source of words.slice(0, -1)) {
          expect(fs.existsSync(path.join(root, source)), `${source} exists`).toBe(true);
          if (source !== '.') expect(isDockerIgnored(source, ignore), `${source} is ignored`).toBe(false);
        }
      }
    }
  });

  it('keeps dependencies, build output, local data, secrets and test output out of the build context', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const file of [
      '.git/HEAD',
      'node_modules/zod/package.json',
      'apps/server/node_modules/glob/package.json',
      'apps/server/dist/main.js',
      'apps/web/dist/index.html',
      'data/sheetforms.db',
      'apps/server/data/uploads/a.png',
      'deploy/.env',
      '.env',
      'e2e/test-results/run/trace.zip',
    ]) {
      expect(isDockerIgnored(file, ignore), file).toBe(true);
    }
    for (const file of [
      'apps/server/src/main.ts',
      'package-lock.json',
      'apps/web/src/public-form/main.tsx',
    ]) {
      expect(isDockerIgnored(file, ignore), file).toBe(false);
    }
  });

  it('installs Chromium where the server looks for it, and fonts for the PDFs', () => {
    const packages = runs(runtime).join('\n');
    expect(packages).toMatch(/apt-get install[^\n]*\schromium(\s|$)/);
    expect(packages).toMatch(/\sfonts-[a-z-]+/);
    // Debian's chromium package installs /usr/bin/chromium, the server's default CHROMIUM_PATH.
    expect(appEnv.CHROMIUM_PATH).toBeUndefined();
    expect(appConfig().pdf.chromiumPath).toBe('/usr/bin/chromium');
  });

  it('runs as a user other than root, in production mode', () => {
    const users = instructions(runtime, 'USER').map((user) => user.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:.*)?$/);
    const env = Object.assign({}, ...instructions(runtime, 'ENV').map((e) => envPairs(e.args)));
    expect(env.NODE_ENV).toBe('production');
  });

  it('exposes and health-checks the port the server listens on', () => {
    const env = Object.assign({}, ...instructions(runtime, 'ENV').map((e) => envPairs(e.args)));
    const port = loadConfig({ ...env, ALLOW_LOCAL_MODE: 'true' }).port;
    expect(port).toBe(appConfig().port);
    expect(instructions(runtime, 'EXPOSE').map((expose) => expose.args)).toEqual([String(port)]);

    const healthchecks = instructions(runtime, 'HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    const healthcheck = healthchecks[0]?.args ?? '';
    expect(healthcheckPaths(healthcheck)).toEqual([`${API_PREFIX}/health/live`]);
    expect(apiRoutes('apps/server/src/modules/health/health.routes.ts')).toContain(
      `${API_PREFIX}/health/live`,
    );
    // It follows PORT when a deployment changes it.
    expect(healthcheck).toContain(`process.env.PORT || ${port}`);
  });

  it('starts the entry that `npm start` starts, built from a source file that exists', () => {
    const cmd = instructions(runtime, 'CMD').at(-1)?.args ?? '';
    expect(cmd.startsWith('['), 'exec form, so the server gets SIGTERM').toBe(true);
    const words = splitFlags(cmd).words;
    // `npm start` may set environment defaults first (`NAME=${NAME:-value} node …`): the image sets the
    // same ones with ENV, and runs the same command after them.
    const start = rootPackage.scripts.start ?? '';
    const defaults = [...start.matchAll(/(\w+)=\$\{\1:-([^}\s]+)\}\s+/g)];
    const command = start.replace(/^(?:\w+=\$\{\w+:-[^}\s]+\}\s+)+/, '');
    expect(words.join(' ')).toBe(command);
    const env = Object.assign({}, ...instructions(runtime, 'ENV').map((e) => envPairs(e.args)));
    for (const [, name = '', value] of defaults) expect(env[name], `ENV ${name}`).toBe(value);
    const entry = words.find((word) => word.endsWith('.js')) ?? '';
    // The server package's own start script runs the same node with the same options.
    const serverStart = JSON.parse(read('apps/server/package.json')).scripts.start as string;
    expect(serverStart).toBe(command.replace('apps/server/dist/', 'dist/'));
    expect(
      fs.existsSync(path.join(root, entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts'))),
      entry,
    ).toBe(true);
  });
});

describe('docs/deploy.md', () => {
  const doc = read('docs/deploy.md');

  it('names the deployment files by their real paths', () => {
    for (const file of [COMPOSE_FILE, ENV_EXAMPLE, NGINX_CONF, 'Dockerfile', 'deploy/deploy-files.test.ts']) {
      expect(doc, file).toContain(file);
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
    expect(doc).toContain(`docker compose -f ${COMPOSE_FILE} up -d`);
    const mentioned = [...doc.matchAll(/`(deploy\/[\w./-]+)`/g)].map((match) => match[1] ?? '');
    for (const file of mentioned.filter((file) => file !== 'deploy/.env')) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
  });

  it("is linked from the README's reverse-proxy section", () => {
    const readme = read('README.md');
    const start = readme.indexOf('## Behind a reverse proxy');
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start, readme.indexOf('\n## ', start + 1))).toContain('(docs/deploy.md)');
  });
});
