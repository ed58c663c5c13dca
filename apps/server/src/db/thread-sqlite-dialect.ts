import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';
import type { SqliteWriterThread } from './sqlite-writer-thread.js';

/**
 * Kysely over the SQLite writer thread: the same SQL dialect as the main connection (compiler, adapter,
 * introspector come from SqliteDialect), but every statement runs on the thread and its promise settles when
 * the thread answers, so the main thread never waits for SQLite or the disk.
 *
 * The thread holds one connection. As in Kysely's own SQLite driver, a mutex gives it to one query or one
 * transaction at a time, so a transaction's statements are never interleaved with anyone else's.
 */
export class ThreadSqliteDialect extends SqliteDialect {
  readonly #writer: SqliteWriterThread;

  constructor(writer: SqliteWriterThread) {
    // The base class needs a database only for its own driver, which createDriver below replaces.
    super({ database: { close() {}, prepare: () => unsupported() } });
    this.#writer = writer;
  }

  override createDriver(): Driver {
    return new ThreadSqliteDriver(this.#writer);
  }
}

function unsupported(): never {
  throw new Error('the thread-backed SQLite dialect prepares statements on its thread');
}

class ThreadSqliteDriver implements Driver {
  readonly #connection: DatabaseConnection;
  #locked: Promise<void> | undefined;
  #unlock: (() => void) | undefined;
  /** Queries holding or waiting for the connection; destroy waits for them. */
  #users = 0;

  constructor(writer: SqliteWriterThread) {
    this.#connection = {
      async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
        const result = await writer.execute<Row>(query);
        return {
          rows: result.rows,
          ...(result.changes !== undefined ? { numAffectedRows: BigInt(result.changes) } : {}),
          ...(result.lastInsertRowid !== undefined ? { insertId: BigInt(result.lastInsertRowid) } : {}),
        };
      },
      // biome-ignore lint/correctness/useYield: streaming is refused before anything could be yielded
      async *streamQuery() {
        throw new Error('streaming is not supported on the SQLite writer thread');
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#users++;
    while (this.#locked) await this.#locked;
    this.#locked = new Promise<void>((resolve) => {
      this.#unlock = resolve;
    });
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const unlock = this.#unlock;
    this.#locked = undefined;
    this.#unlock = undefined;
    this.#users--;
    unlock?.();
  }

  /** Waits for the queries already started; the thread itself is closed by the database handle after this. */
  async destroy(): Promise<void> {
    while (this.#users > 0) await (this.#locked ?? new Promise((resolve) => setImmediate(resolve)));
  }
}
