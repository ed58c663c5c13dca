import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { SchemaTooNewError } from './db/database.js';
import { RedisUnavailableError } from './redis/redis-connection.js';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** Starts the server, and stops it cleanly on SIGINT/SIGTERM so in-flight requests finish. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { app, readiness } = await buildApp(config);
  let closing = false;
  /**
   * Not ready at once (a proxy stops sending traffic), then app.close(): no new connections, in-flight
   * requests finish, chat streams end, the sheet-sync worker finishes its round and gives back its claims,
   * the database closes. Whatever still hangs after 10 s is cut off with exit code 1.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.markShuttingDown();
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { mode: config.mode, database: config.database.kind, url: config.publicUrl },
    config.mode === 'local'
      ? `SheetForms is running in local mode at ${config.publicUrl} (Google emulator at ${config.publicUrl}/__google/)`
      : `SheetForms is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  // A database migrated by a newer release, or a Redis that does not answer: the message says what to do,
  // a stack would only hide it.
  const plain = error instanceof SchemaTooNewError || error instanceof RedisUnavailableError;
  console.error(plain ? error.message : error);
  process.exit(1);
});
