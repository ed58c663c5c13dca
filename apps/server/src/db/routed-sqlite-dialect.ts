import type BetterSqlite3 from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SqliteDialect,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';
import { withStatementCache } from './sqlite-statement-cache.js';
import type { SqliteWriterThread } from './sqlite-writer-thread.js';
import { ThreadSqliteDriver } from './thread-sqlite-dialect.js';

/**
 * The server's SQLite face (`db` on a SQLite file): reads run on the main thread, every other statement
 * commits on the writer thread (db/sqlite-writer-thread.ts), and transactions run on a main-thread
 * connection of their own.
 *
 * Why: with synchronous=FULL each commit waits for the disk to flush, and better-sqlite3 waits on the thread
 * that called it. On the main thread a flush that a busy disk holds for 100–500 ms (another process writing,
 * a database checkpointing beside us) stopped every request for that long, /health/live included. Reads
 * flush nothing and are answered from the page cache, so they stay where they are cheapest. The three
 * multi-statement transactions (creating a user, a chat message with its session, PostgreSQL's claim lock)
 * need one connection from BEGIN to COMMIT across awaits; on the writer thread that would hold SQLite's
 * write lock while the main thread runs JavaScript, so they keep a main-thread connection, which does not
 * checkpoint (the writer thread's commits do).
 *
 * Reads see every write whose promise has settled: each read is its own read transaction in WAL mode and
 * begins after the writer thread's commit.
 */
export class RoutedSqliteDialect extends SqliteDialect {
  readonly #reads: BetterSqlite3.Database;
  readonly #transactions: BetterSqlite3.Database;
  readonly #writer: SqliteWriterThread;

  constructor(options: {
    reads: BetterSqlite3.Database;
    transactions: BetterSqlite3.Database;
    writer: SqliteWriterThread;
  }) {
    super({ database: withStatementCache(options.reads) });
    this.#reads = options.reads;
    this.#transactions = options.transactions;
    this.#writer = options.writer;
  }

  override createDriver(): Driver {
    return new RoutedSqliteDriver({
      reads: new SqliteDriver({ database: withStatementCache(this.#reads) }),
      transactions: new SqliteDriver({ database: withStatementCache(this.#transactions) }),
      writes: new ThreadSqliteDriver(this.#writer),
    });
  }
}

/** Statements that only read: Kysely's selects, and raw SQL that starts with SELECT. */
export function onlyReads(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return true;
  return query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql);
}

interface Routes {
  reads: Driver;
  transactions: Driver;
  writes: Driver;
}

async function onConnectionOf<T>(driver: Driver, use: (connection: DatabaseConnection) => Promise<T>) {
  const connection = await driver.acquireConnection();
  try {
    return await use(connection);
  } finally {
    await driver.releaseConnection(connection);
  }
}

/** One connection as Kysely sees it: each statement goes where it belongs, or into its open transaction. */
class RoutedConnection implements DatabaseConnection {
  /** The transaction connection, from BEGIN until this connection is released. */
  transaction: DatabaseConnection | undefined;

  constructor(private readonly routes: Routes) {}

  executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    if (this.transaction) return this.transaction.executeQuery<Row>(query);
    const driver = onlyReads(query) ? this.routes.reads : this.routes.writes;
    return onConnectionOf(driver, (connection) => connection.executeQuery<Row>(query));
  }

  async *streamQuery<Row>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<Row>> {
    if (this.transaction) {
      yield* this.transaction.streamQuery<Row>(query, chunkSize);
      return;
    }
    const { reads } = this.routes;
    const connection = await reads.acquireConnection();
    try {
      yield* connection.streamQuery<Row>(query, chunkSize);
    } finally {
      await reads.releaseConnection(connection);
    }
  }
}

class RoutedSqliteDriver implements Driver {
  constructor(private readonly routes: Routes) {}

  async init(): Promise<void> {
    await this.routes.reads.init();
    await this.routes.transactions.init();
    await this.routes.writes.init();
  }

  /** No lock here: a plain statement takes its route's own connection only while it runs. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.routes);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const { transactions } = this.routes;
    // Kysely's SQLite driver holds its connection (a mutex) until release: one transaction at a time.
    const transaction = await transactions.acquireConnection();
    try {
      await transactions.beginTransaction(transaction, settings);
    } catch (error) {
      await transactions.releaseConnection(transaction);
      throw error;
    }
    (connection as RoutedConnection).transaction = transaction;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.routes.transactions.commitTransaction(this.#transactionOf(connection));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.routes.transactions.rollbackTransaction(this.#transactionOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.routes.transactions.savepoint?.(this.#transactionOf(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.routes.transactions.rollbackToSavepoint?.(this.#transactionOf(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.routes.transactions.releaseSavepoint?.(this.#transactionOf(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    const { transaction } = routed;
    routed.transaction = undefined;
    if (transaction) await this.routes.transactions.releaseConnection(transaction);
  }

  async destroy(): Promise<void> {
    await this.routes.writes.destroy();
    await this.routes.transactions.destroy();
    await this.routes.reads.destroy();
  }

  #transactionOf(connection: DatabaseConnection): DatabaseConnection {
    const { transaction } = connection as RoutedConnection;
    if (!transaction) throw new Error('no transaction is open on this connection');
    return transaction;
  }
}
