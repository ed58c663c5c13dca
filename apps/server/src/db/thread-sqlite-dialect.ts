import {
  type CompiledQuery,
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
 * The thread holds one connection; as in Kysely's own SQLite driver, a mutex gives it to one query at a time.
 * Transactions are refused (see beginTransaction).
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

export class ThreadSqliteDriver implements Driver {
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

  /**
   * Refused: between BEGIN and COMMIT the thread would hold SQLite's write lock while the main thread runs
   * the transaction's JavaScript, and a write on the main connection would then wait for that lock inside
   * SQLite's synchronous busy handler, freezing the very thread that must send COMMIT. Single statements
   * (each its own transaction, like the group commit's multi-row INSERT) are all this connection runs.
   */
  async beginTransaction(_connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    throw new Error('transactions are not supported on the SQLite writer thread: use the main connection');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

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
