import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  DEFAULT_MIGRATION_TABLE as MIGRATION_TABLE,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import type { Config } from '../config/config-types.js';
import { migrationProvider } from './migrations/index.js';
import { pgDriver } from './pg-driver.js';
import { RoutedSqliteDialect } from './routed-sqlite-dialect.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import {
  type SqliteWriterThread,
  startSqliteReaderThread,
  startSqliteWriterThread,
} from './sqlite-writer-thread.js';
import { ThreadSqliteDialect } from './thread-sqlite-dialect.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * For writes that must not stop the server (group commits of submissions, the sheet-sync worker). On a
   * SQLite file it is a second connection on its own thread, so a commit's disk flush blocks that thread
   * only (db/sqlite-writer-thread.ts). On PostgreSQL, whose driver is asynchronous anyway, and on in-memory
   * SQLite, which a second connection could not see, it is `db` itself.
   */
  writeDb: Kysely<Database>;
  /**
   * For reads whose cost grows with the data (searching every answer, an export's labels, counts): on a
   * SQLite file, a read-only connection on a thread of its own (startSqliteReaderThread), so a long scan
   * stops no request; elsewhere `db`. Optional so that handles built by hand fall back to `db`.
   */
  scanDb?: Kysely<Database>;
  /** The thread behind `writeDb` on a SQLite file (for batches of prepared statements); else undefined. */
  sqliteWriter?: SqliteWriterThread;
  /** PostgreSQL's connection URL (for connections of their own, such as LISTEN); undefined on SQLite. */
  url?: string;
  close(): Promise<void>;
}

/**
 * Opens the configured database. SQLite runs in WAL mode with synchronous=FULL so that an
 * acknowledged write survives a power loss, not only a crash. On a SQLite file, `db` reads on the main
 * thread and commits its writes on the writer thread, so no disk flush ever stops the server
 * (db/routed-sqlite-dialect.ts).
 */
export function openDatabase(
  database: Config['database'],
  /** Errors no query sees: a PostgreSQL idle connection dropped, the SQLite writer thread died. */
  onBackgroundError: (error: Error) => void = () => {},
): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new (pgDriver().Pool)({ connectionString: database.url, max: 10 });
    // An idle connection can die (server restart, admin termination). pg drops it and the next query
    // gets a fresh one; without a listener the 'error' event would crash the whole process.
    pool.on('error', onBackgroundError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, writeDb: db, kind: 'postgres', url: database.url, close: () => db.destroy() };
  }
  if (database.file === ':memory:') {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(openSqliteConnection(database.file)) }),
    });
    return { db, writeDb: db, kind: 'sqlite', close: () => db.destroy() };
  }
  createPrivateFile(database.file);
  const writer = startSqliteWriterThread(database.file, onBackgroundError);
  const transactions = openSqliteConnection(database.file);
  // Checkpoints flush the database file: the writer thread's commits run them, never this thread.
  transactions.pragma('wal_autocheckpoint = 0');
  const db = new Kysely<Database>({
    dialect: new RoutedSqliteDialect({ reads: openSqliteConnection(database.file), transactions, writer }),
  });
  const writeDb = new Kysely<Database>({ dialect: new ThreadSqliteDialect(writer) });
  const scanner = startSqliteReaderThread(database.file, onBackgroundError, MAIN_THREAD_PAGE_CACHE_KIB);
  const scanDb = new Kysely<Database>({ dialect: new ThreadSqliteDialect(scanner) });
  return {
    db,
    writeDb,
    scanDb,
    sqliteWriter: writer,
    kind: 'sqlite',
    close: async () => {
      await scanDb.destroy();
      await scanner.close();
      await writeDb.destroy();
      await writer.close();
      await db.destroy();
    },
  };
}

/**
 * A main-thread connection, with the settings every connection to the file shares, and a page cache of
 * SQLite's own default size, 2 MB (better-sqlite3 builds SQLite with 16 MB per connection). These
 * connections read: their cache is emptied whenever the writer thread commits, which a server taking
 * responses does all the time, and the operating system keeps the file's pages anyway. With 16 MB, one
 * export of 100,000 responses grew the server by the full 16 MB (docs/performance.md, "Responses"). The
 * writer thread keeps its 16 MB: its inserts walk the same index pages over and over.
 */
function openSqliteConnection(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${MAIN_THREAD_PAGE_CACHE_KIB}`);
  return sqlite;
}

/** The page cache of each main-thread connection, in KiB (a negative cache_size counts KiB). */
export const MAIN_THREAD_PAGE_CACHE_KIB = 2000;

/**
 * The database file holds every response, password hash and signing secret: its directory is created
 * owner-only (0700) and the file itself 0600 (SQLite gives its -wal and -shm files the same mode). An
 * existing file is narrowed to 0600 too; an existing directory is left as its owner set it.
 */
function createPrivateFile(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}

/** The session-level advisory lock every instance takes around its migrations on PostgreSQL. */
export const MIGRATION_LOCK_ID = 5_347_201_968_114_203n;

/** Thrown when the database holds migrations this build does not know: a newer release migrated it. */
export class SchemaTooNewError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `The database schema is newer than this SheetForms build: it has migration ${unknownMigrations.join(', ')}, which this version does not know. Start a release at least as new as the one that migrated the database.`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Brings the schema up to date; throws with the failing migration's name, or SchemaTooNewError when the
 * database was migrated by a newer build. On PostgreSQL the check and the migrations run on one connection
 * holding a session-level advisory lock, so instances starting together migrate one after the other: the
 * first applies them, the others find nothing left to do.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrateUnlocked(db);
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      await migrateUnlocked(connection);
    } finally {
      // Closing the connection would release it too; the pool keeps it, so give it back explicitly.
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
}

async function migrateUnlocked(db: Kysely<Database>): Promise<void> {
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const unknown = (await appliedMigrations(db)).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new SchemaTooNewError(unknown);
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}

/** The names in Kysely's migration table; none on a database never migrated. */
async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name);
}

/** The migrations this build has that the database has not applied yet (the readiness check). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}
