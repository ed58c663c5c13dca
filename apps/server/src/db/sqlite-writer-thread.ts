import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/**
 * A second SQLite connection on its own thread, for the writes that must not stop the server: the group
 * commits of submissions and the sheet-sync worker's claims and settlements (db/thread-sqlite-dialect.ts
 * gives it a Kysely face).
 *
 * better-sqlite3 is synchronous: on the main thread, a commit with synchronous=FULL stops the whole server
 * while the disk flushes the WAL (0.3 ms idle, several ms under load), and no request is read, validated or
 * answered meanwhile. On this thread the flush blocks only this thread, so the main thread keeps serving
 * and the next batch fills while the previous one commits. WAL mode allows one writer and many readers
 * across connections; writes of the main connection that meet this one's write lock wait for it
 * (busy_timeout), which lasts one batch.
 *
 * The thread's code is plain JavaScript evaluated in the worker, so the same file works from the build,
 * from source (tsx) and under Vitest without a separate entry point.
 */
/** What a statement answered: its rows (a SELECT or RETURNING), or how many rows it changed. */
export interface WriterResult<Row> {
  rows: Row[];
  changes?: number;
  lastInsertRowid?: number;
}

/** One row of executeBatch: how many rows it changed (0: skipped by ON CONFLICT DO NOTHING), or its error. */
export type BatchOutcome = { changes: number } | { error: { message: string; code?: string } };

export interface SqliteWriterThread {
  /**
   * Runs one statement on the writer thread; outside an explicit transaction it is its own transaction and
   * the promise resolves after its commit.
   */
  execute<Row>(query: CompiledQuery): Promise<WriterResult<Row>>;
  /**
   * Runs one prepared statement once per parameter list, all in ONE transaction (one flush), on the thread:
   * the main thread builds no SQL and the thread prepares the statement once, whatever the batch size. A
   * row that breaks a constraint fails alone (SQLite rolls back that statement, not the transaction) and
   * its outcome carries the error; any other error rolls the whole batch back and rejects.
   */
  executeBatch(sql: string, rows: readonly (readonly unknown[])[]): Promise<BatchOutcome[]>;
  /** Waits for queued statements, closes the connection and ends the thread. */
  close(): Promise<void>;
  /** Whether a thread is running now (it starts on the first statement; a reader ends when idle). */
  isRunning(): boolean;
}

const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: workerData.readonly === true });
if (workerData.readonly === true) {
  // A reader (startSqliteReaderThread): the writer's settings are not its to change, and its page cache is
  // bounded as the main thread's are (db/database.ts).
  db.pragma('cache_size = -' + workerData.cacheKib);
} else {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
}
db.pragma('busy_timeout = 5000');
const statements = new Map();
function prepared(sql) {
  // Least recently used first out; room for the worker's queries and any multi-row statements.
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (statements.size >= 1024) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}
const runBatch = db.transaction((statement, rows) =>
  rows.map((parameters) => {
    try {
      return { changes: statement.run(parameters).changes };
    } catch (error) {
      // A constraint fails its own statement only; anything else (disk full, I/O) fails the batch.
      if (!(error && typeof error.code === 'string' && error.code.startsWith('SQLITE_CONSTRAINT'))) throw error;
      return { error: { message: String(error.message), code: error.code } };
    }
  }),
);
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const statement = prepared(message.sql);
    if (message.batch) {
      parentPort.postMessage({ id: message.id, rows: [], outcomes: runBatch(statement, message.batch) });
    } else if (statement.reader) {
      parentPort.postMessage({ id: message.id, rows: statement.all(message.parameters) });
    } else {
      const info = statement.run(message.parameters);
      parentPort.postMessage({ id: message.id, rows: [], changes: info.changes, lastInsertRowid: Number(info.lastInsertRowid) });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Reply {
  id: number;
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: number;
  outcomes?: BatchOutcome[];
  error?: { message: string; code?: string };
}

export interface ThreadOptions {
  /** Opens the file read-only and leaves the writer's settings alone (startSqliteReaderThread). */
  readonly?: boolean;
  /** A reader's page cache in KiB (SQLite's cache_size); the writer keeps SQLite's default. */
  cacheKib?: number;
  /** Ends the thread after this long without statements; the next one starts it again. */
  idleMs?: number;
}

/**
 * A read-only connection on a thread of its own, for reads whose cost grows with a form's responses (a
 * search of every answer, an export's list of labels, counts): better-sqlite3 runs a statement on the
 * thread that calls it, and on the main thread a scan of 100,000 responses stopped every request for a
 * second or more. Started on the first read, ended after a minute without one. Reads see every committed
 * write (each statement is its own read transaction in WAL mode).
 */
export function startSqliteReaderThread(
  file: string,
  onError: (error: Error) => void = () => {},
  cacheKib = 2000,
): SqliteWriterThread {
  return startSqliteWriterThread(file, onError, { readonly: true, cacheKib, idleMs: 60_000 });
}

/** An error from the writer thread, with SQLite's code (e.g. SQLITE_CONSTRAINT_FOREIGNKEY) kept. */
export class SqliteWriterError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

/**
 * The thread starts on the first write, so a process (or test) that stores no submission never starts it.
 * If it dies (it should not: a native crash, or the file could not be opened), the writes it held are
 * rejected, `onError` is told, and the next write starts a new thread.
 */
export function startSqliteWriterThread(
  file: string,
  onError: (error: Error) => void = () => {},
  options: ThreadOptions = {},
): SqliteWriterThread {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const { readonly = false, cacheKib = 2000, idleMs } = options;
  /** Threads ended for being idle: their exit is no crash. */
  const retiring = new WeakSet<Worker>();
  let idleTimer: NodeJS.Timeout | undefined;
  const waiting = new Map<
    number,
    {
      resolve(result: WriterResult<unknown> & { outcomes?: BatchOutcome[] }): void;
      reject(error: unknown): void;
    }
  >();
  let nextId = 1;
  let closed = false;
  let thread: { worker: Worker; exited: Promise<void> } | undefined;

  const rejectAll = (error: Error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };

  function start() {
    const worker = new Worker(WRITER_SOURCE, {
      eval: true,
      workerData: { file, driverPath, readonly, cacheKib },
      resourceLimits: { maxYoungGenerationSizeMb: 6 },
    });
    let crash: Error | undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: Reply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      if (reply.error) entry.reject(new SqliteWriterError(reply.error.message, reply.error.code));
      else
        entry.resolve({
          rows: reply.rows ?? [],
          changes: reply.changes,
          lastInsertRowid: reply.lastInsertRowid,
          ...(reply.outcomes ? { outcomes: reply.outcomes } : {}),
        });
      if (waiting.size === 0) retireWhenIdle();
    });
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (code) => {
      if (thread?.worker === worker) thread = undefined;
      if (retiring.has(worker)) return;
      if (closed) return rejectAll(new Error('the SQLite writer thread has stopped'));
      const error = crash ?? new Error(`the SQLite writer thread stopped unexpectedly (exit code ${code})`);
      rejectAll(error);
      onError(error);
    });
    return { worker, exited };
  }

  function post(message: {
    sql: string;
    parameters?: readonly unknown[];
    batch?: readonly (readonly unknown[])[];
  }) {
    if (closed) return Promise.reject(new Error('the SQLite writer thread has stopped'));
    clearTimeout(idleTimer);
    thread ??= start();
    const { worker } = thread;
    const id = nextId++;
    return new Promise<WriterResult<unknown> & { outcomes?: BatchOutcome[] }>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /**
   * With `idleMs`, a thread that has nothing to do for that long ends (its isolate and page cache are about
   * 16 MiB of the process), and the next statement starts a new one. Its connection closes after the last
   * reply, so nothing is lost.
   */
  function retireWhenIdle() {
    if (idleMs === undefined) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (!thread || waiting.size > 0) return;
      const { worker } = thread;
      retiring.add(worker);
      thread = undefined;
      worker.postMessage({ close: true });
    }, idleMs);
    idleTimer.unref();
  }

  return {
    execute<Row>(query: CompiledQuery): Promise<WriterResult<Row>> {
      return post({ sql: query.sql, parameters: query.parameters }) as Promise<WriterResult<Row>>;
    },
    async executeBatch(sql, rows) {
      if (rows.length === 0) return [];
      const result = await post({ sql, batch: rows });
      return result.outcomes ?? [];
    },
    isRunning: () => thread !== undefined,
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      if (!thread) return;
      const { worker, exited } = thread;
      worker.postMessage({ close: true });
      await exited;
    },
  };
}
