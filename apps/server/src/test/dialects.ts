import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import pg from 'pg';
import { describe } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';

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

export interface TestDatabaseOptions {
  /**
   * Start from a copy of a database this test process migrated once (a SQLite file copied, a PostgreSQL
   * database created from it as a template) instead of an empty one. Migrating every test app's database
   * cost about 0.1 s on SQLite and 0.17 s on PostgreSQL, some 30 s of the server tests' time in all. Off for
   * tests of the migrations themselves, which need an empty database.
   */
  migrated?: boolean;
}

/** A fresh database of the given dialect: a temp SQLite file, or a new PostgreSQL database. Empty unless `migrated`. */
export async function createTestDatabase(
  dialect: Dialect,
  { migrated = false }: TestDatabaseOptions = {},
): Promise<DatabaseHandle & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-test-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'test.db');
    if (migrated) fs.copyFileSync(await migratedSqliteTemplate(), file);
    const handle = openDatabase({ kind: 'sqlite', file });
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
  const template = migrated ? await migratedPostgresTemplate() : undefined;
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const handle = openDatabase({ kind: 'postgres', url: databaseUrl(name) });
  return {
    ...handle,
    dataDir,
    close: async () => {
      await handle.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Templates are named after the host, process and thread that made them (test workers may be processes or
 * threads), with their creation time and a random tag, so that runs sharing one PostgreSQL server from
 * several hosts or containers never take each other's: `sheetforms_template_{host}_{pid}_{thread}_{seconds}_{tag}`.
 */
const TEMPLATE_PREFIX = 'sheetforms_template_';
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const templateName = `${TEMPLATE_PREFIX}${HOST_TAG}_${process.pid}_${threadId}_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
/** A template this old, of any host, is left from a run that ended (a run takes minutes, not a day). */
const TEMPLATE_MAX_AGE_S = 24 * 60 * 60;

/**
 * A template left by a run that has ended. Test workers are ended without their exit handlers running, so
 * each removes its predecessors' when it makes its own: this host's whose process is gone, or whose pid and
 * thread are this worker's (an earlier run that had them), and any host's older than a day (or unnamed in
 * this format).
 */
function isStaleTemplate(name: string): boolean {
  if (!name.startsWith(TEMPLATE_PREFIX) || name === templateName) return false;
  const [host, pid, thread, seconds] = name.slice(TEMPLATE_PREFIX.length).split('_');
  // A name without its time is of an earlier format, from a run long over.
  if (!(Number(seconds) >= Date.now() / 1000 - TEMPLATE_MAX_AGE_S)) return true;
  if (host !== HOST_TAG) return false;
  if (Number(pid) === process.pid) return Number(thread) === threadId;
  return !isRunning(Number(pid));
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * This process's migrated SQLite file, made on first use. Closing the last of its connections checkpoints
 * the WAL into the file (checked below), so a copy of the file alone is the whole database; opening the copy
 * makes it owner-only again.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (isStaleTemplate(entry)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
    const dir = path.join(os.tmpdir(), templateName);
    fs.mkdirSync(dir, { mode: 0o700 });
    const file = path.join(dir, 'template.db');
    const handle = openDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) {
      throw new Error('the SQLite template kept a WAL after closing: a copy of its file would miss writes');
    }
    return file;
  })();
  return sqliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;

/**
 * This process's migrated PostgreSQL database, which later test databases are created from (CREATE DATABASE
 * … TEMPLATE, a file copy on the server).
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = templateName;
    await withAdmin(async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${TEMPLATE_PREFIX}%`],
      );
      for (const { datname } of rows) {
        if (isStaleTemplate(datname)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await admin.query(`CREATE DATABASE ${name}`);
    });
    const handle = openDatabase({ kind: 'postgres', url: databaseUrl(name) });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // A template must have no connections while a database is created from it.
      await handle.close();
    }
    return name;
  })();
  return postgresTemplate;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
