import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';

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

  const { app } = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
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
  console.error(error);
  process.exit(1);
});
