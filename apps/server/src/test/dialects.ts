import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';

export type Dialect = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.REQUIRE_POSTGRES === '1') {
  throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: PostgreSQL tests cannot run.');
}

/**
 * Runs a suite once per database dialect (the Kysely test-setup pattern). PostgreSQL runs when
 * TEST_DATABASE_URL points at a server whose role may create databases; `npm test` arranges that.
 */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void) {
  describe.each<Dialect>(['sqlite', 'postgres'])(`${name} [%s]`, (dialect) => {
    if (dialect === 'postgres' && !postgresUrl) {
      describe.skip('PostgreSQL skipped: TEST_DATABASE_URL is not set', () => {});
      return;
    }
    suite(dialect);
  });
}

/** A fresh, empty database of the given dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(dialect: Dialect): Promise<DatabaseHandle & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-test-'));
  if (dialect === 'sqlite') {
    const handle = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'test.db') });
    return {
      ...handle,
      dataDir,
      close: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sheetforms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    dataDir,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
