import { createRequire } from 'node:module';
import type pg from 'pg';

let driver: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded the first time a PostgreSQL database or channel opens: a server on SQLite
 * never loads it (2.8 MiB of heap it would keep for nothing; decision 0039). pg is CommonJS, so it loads
 * synchronously and openDatabase stays synchronous.
 */
export function pgDriver(): typeof pg {
  driver ??= createRequire(import.meta.url)('pg') as typeof pg;
  return driver;
}
