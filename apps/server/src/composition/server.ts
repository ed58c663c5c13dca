import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from '../config/config-types.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';
import { limitConnectionsPerAddress } from '../http/connection-limits.js';
import { logSerializers, redactCredentials } from '../http/log-redaction.js';
import { refuseOtherHosts } from '../http/own-hosts.js';
import { sendProblem } from '../http/problem.js';
import { createRequestLog } from '../http/request-log.js';
import { serializerCompiler } from '../http/serializer.js';
import { boundSilentConnections } from '../http/silent-connections.js';
import { createReadiness, type Readiness } from '../modules/health/readiness.js';
import type { AppOverrides } from './app-context.js';

/**
 * The migrated database and the Fastify instance with what applies to every request: ids, the one log
 * line, timeouts and connection limits, readiness, closing the database with the server.
 */
export async function createServer(
  config: Config,
  overrides: AppOverrides,
): Promise<{ app: FastifyInstance; database: DatabaseHandle; readiness: Readiness }> {
  let log: FastifyInstance['log'] | undefined;
  const database =
    overrides.database ??
    openDatabase(config.database, (error) =>
      log?.warn({ err: error }, 'database connection lost; the next query opens a new one'),
    );
  await migrateToLatest(database.db);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Chat session ids and stream tickets are credentials: no request or error line writes them.
      serializers: logSerializers,
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's own two lines per request are replaced by the single onResponse line below.
    logController: new LogController({ disableRequestLogging: true }),
    // Whose X-Forwarded-For to believe for request.ip (every per-IP rate limit's key): nobody unless
    // TRUST_PROXY names the proxies in front of the server, in every mode.
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow clients (headers or a body trickled byte by byte) are cut off instead of holding a connection.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: httpServerOptions(config.http),
    // Errors the router raises before any route runs (a path with bad %-escapes, an over-long
    // parameter) leave as problem+json too, not as Fastify's own JSON.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendProblem(
        request,
        reply,
        tooLong ? 414 : 400,
        tooLong ? 'URI_TOO_LONG' : 'BAD_URL',
        tooLong ? 'The address is too long' : 'The address is not valid',
      );
    },
  });
  log = app.log;
  // Not ready from the first moment of a shutdown (app.close() too), before anything else stops.
  const readiness = createReadiness();
  app.addHook('preClose', async () => readiness.markShuttingDown());
  limitConnectionsPerAddress(app.server, config.http.maxConnectionsPerIp);
  // Connections that never send a byte: Node's timeouts never end them, and they would hold a close open.
  boundSilentConnections(app.server, { firstByteTimeoutMs: config.http.headersTimeoutMs });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks every request runs take Fastify's callback form: an async hook costs a promise and a turn of
  // the microtask queue per request (small: within the submit bench's noise, docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Anyone can sign in as anyone in local mode: a web page must not reach it by DNS rebinding (http/own-hosts.ts).
  if (config.mode === 'local') refuseOtherHosts(app, config.publicUrl);
  // One JSON line per request, written when the reply is done; past REQUEST_LOG_LINES_PER_SECOND, the
  // lines of plain successes are counted instead (http/request-log.ts).
  const requestLog = createRequestLog({
    linesPerSecond: config.requestLogLinesPerSecond,
    summaryLog: app.log,
  });
  app.addHook('onResponse', (request, reply, done) => {
    requestLog.record(request.log, {
      method: request.method,
      // Chat session ids (a visitor's only credential) and stream tickets are never written to logs.
      url: redactCredentials(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    });
    done();
  });
  app.addHook('onClose', async () => {
    requestLog.flush();
    if (!overrides.database) await database.close();
  });
  return { app, database, readiness };
}

/**
 * Fastify (5.12+) treats a numeric trustProxy as "trust nothing", so a hop count becomes proxy-addr's
 * trust function: the socket's peer and the next `hops - 1` addresses of X-Forwarded-For are proxies,
 * and request.ip is the address before them.
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Node's own server options for the request, headers and keep-alive timeouts. Node checks the first two
 * every `connectionsCheckingInterval` (30 s by default, which would double a 30 s budget): check a few
 * times per budget instead, so a slow client is cut off close to its deadline.
 */
function httpServerOptions(limits: Config['http']): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(
      5_000,
      Math.max(100, Math.floor(Math.min(limits.requestTimeoutMs, limits.headersTimeoutMs) / 4)),
    ),
  };
}
