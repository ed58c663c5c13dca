import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query anew; compiling SQL text into a statement costs about as much as
 * running a small query. Our queries are a fixed set of shapes (Kysely builds the same text for the same
 * query), so prepared statements are kept and reused, least recently used evicted past `capacity`.
 *
 * Safe because Kysely runs one query at a time on SQLite's single connection (its driver holds a mutex for
 * the whole query or stream), and SQLite re-prepares a cached statement itself when the schema changes.
 */
export function withStatementCache(database: BetterSqlite3.Database, capacity = 256): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: re-inserting marks the statement as the most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
