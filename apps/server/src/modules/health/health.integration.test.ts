import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { createTestDatabase, type Dialect, describeEachDialect } from '../../test/dialects.js';
import { withKeptEmulatorKeys } from '../../test/emulator-keys.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function start(dialect: Dialect): Promise<BuiltApp> {
  const database = await createTestDatabase(dialect);
  cleanups.push(() => database.close());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SHEET_SYNC_ENABLED: 'false',
  });
  const built = await withKeptEmulatorKeys('app', database.dataDir, () => buildApp(config, { database }));
  cleanups.push(() => built.app.close());
  return built;
}

describeEachDialect('health', (dialect) => {
  it('answers live with 200, and ready with 200 then 503 with the reason once shutting down', async () => {
    const { app, readiness } = await start(dialect);
    const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ready', checks: { database: 'ok', migrations: 'ok' } } });

    readiness.markShuttingDown();
    const draining = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['content-type']).toContain('application/problem+json');
    expect(draining.json()).toMatchObject({ code: 'NOT_READY', detail: 'The server is shutting down' });
    // Liveness and the existing health check are unaffected: the process still runs and answers.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ status: 'ok', database: dialect, mode: 'local' });
  });

  it('is not ready while a migration of this build is not applied', async () => {
    const { app, database } = await start(dialect);
    await sql`delete from kysely_migration where name = ${'0012-submission-indexes'}`.execute(database.db);
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'NOT_READY',
      detail: 'The database migrations are not applied yet: 0012-submission-indexes',
    });
  });

  it('marks itself not ready as soon as app.close() begins', async () => {
    const { app, readiness } = await start(dialect);
    expect(readiness.notReadyReason).toBeUndefined();
    await app.close();
    expect(readiness.notReadyReason).toBe('The server is shutting down');
  });
});
