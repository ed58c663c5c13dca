import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTestDatabase, type Dialect, describeEachDialect } from '../test/dialects.js';
import { type DatabaseHandle, migrateToLatest, openDatabase, SchemaTooNewError } from './database.js';
import { migrationProvider } from './migrations/index.js';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close().catch(() => undefined);
});

async function freshDatabase(dialect: Dialect) {
  const database = await createTestDatabase(dialect);
  opened.push(() => database.close());
  return database;
}

async function migrationNames(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    database.db,
  );
  return rows.map((row) => row.name);
}

describeEachDialect('migrations', (dialect) => {
  it('refuses a database migrated by a newer build, naming the unknown migration', async () => {
    const database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
    await sql`insert into kysely_migration (name, timestamp) values (${'9999-from-the-future'}, ${new Date().toISOString()})`.execute(
      database.db,
    );
    const refused = migrateToLatest(database.db);
    await expect(refused).rejects.toBeInstanceOf(SchemaTooNewError);
    await expect(refused).rejects.toThrow(
      'The database schema is newer than this SheetForms build: it has migration 9999-from-the-future, which this version does not know.',
    );
    // Startup (buildApp migrates first) fails with the same message.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'migrations-test-secret-0123456789-abcdef',
    });
    await expect(buildApp(config, { database })).rejects.toThrow(/newer than this SheetForms build/);
  });

  it('migrates a fresh database, and a second run finds nothing to do', async () => {
    const database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
    await migrateToLatest(database.db);
    expect(await migrationNames(database)).toEqual(
      Object.keys(await migrationProvider.getMigrations()).sort(),
    );
  });

  if (dialect === 'postgres') {
    it('lets instances starting together migrate one database: all succeed, each migration applied once', async () => {
      const database = await freshDatabase(dialect);
      // Separate pools, as separate processes would have.
      const instances = Array.from({ length: 4 }, () =>
        openDatabase({ kind: 'postgres', url: database.url! }),
      );
      for (const instance of instances) opened.push(() => instance.close());
      await Promise.all(instances.map((instance) => migrateToLatest(instance.db)));
      expect(await migrationNames(database)).toEqual(
        Object.keys(await migrationProvider.getMigrations()).sort(),
      );
      // The lock is given back: nobody holds it on this database once the migrations are done. (Other test
      // files' apps migrate their own databases on the same server meanwhile, and hold theirs.)
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
      `.execute(database.db);
      expect(Number(rows[0]!.n)).toBe(0);
    });
  }
});
