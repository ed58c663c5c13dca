import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { AccessTokens } from './access-tokens.js';
import { createAuthService } from './auth.service.js';
import { createExpiredSessionsSweep } from './expired-sessions-sweep.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createUsersRepository } from './users.repository.js';

const DAY_MS = 86_400_000;
const silentLog = { info: () => {}, warn: () => {} };

describeEachDialect('the sweep of expired refresh tokens', (dialect) => {
  let database: (DatabaseHandle & { dataDir: string }) | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    // A test app closes its database with it.
    if (t) await t.close();
    else await database?.close();
    t = undefined;
    database = undefined;
  });

  async function openDatabase() {
    database = await createTestDatabase(dialect, { migrated: true });
    return database;
  }

  async function addUser(db: DatabaseHandle['db']): Promise<string> {
    const id = randomUUID();
    await createUsersRepository(db).insert({
      id,
      googleSub: `sub-${id}`,
      email: `${id}@example.com`,
      name: 'Sweep Test',
      role: 'User',
      now: new Date().toISOString(),
    });
    return id;
  }

  /** A stored refresh token row (only its hash matters here) that expires at `expiresAt`. */
  async function addToken(db: DatabaseHandle['db'], userId: string, expiresAt: Date): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('refresh_tokens')
      .values({
        id,
        user_id: userId,
        family_id: randomUUID(),
        token_hash: `hash-${id}`,
        created_at: new Date(expiresAt.getTime() - 30 * DAY_MS).toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        replaced_by: null,
      })
      .execute();
    return id;
  }

  const remainingIds = async (db: DatabaseHandle['db']) =>
    (await db.selectFrom('refresh_tokens').select('id').execute()).map((row) => row.id).sort();

  it('deletes expired tokens, keeps live ones, and a rotated token that has not expired is still caught as reuse', async () => {
    const { db } = await openDatabase();
    let at = new Date('2030-01-01T00:00:00.000Z');
    const now = () => at;
    const sessions = createSessionsRepository(db);
    const auth = createAuthService({
      users: createUsersRepository(db),
      sessions,
      accessTokens: new AccessTokens('x'.repeat(64), 900, now),
      denyList: { revoke: async () => {} },
      idTokens: {
        verify: async () => ({
          ok: true,
          identity: { sub: 'sweep-sub', email: 'sweeper@example.com', name: 'Sweeper' },
        }),
      },
      adminEmails: [],
      refreshTokenTtlDays: 30,
      now,
    });
    const sweep = createExpiredSessionsSweep({ sessions, log: silentLog, now });

    await auth.signInWithGoogle('id-token');
    at = new Date(at.getTime() + 20 * DAY_MS);
    const rotated = (await auth.signInWithGoogle('id-token')).refreshToken;
    const current = (await auth.refresh(rotated)).refreshToken;
    expect(await remainingIds(db)).toHaveLength(3);

    // Day 35: the first sign-in's token (day 30) has expired; the rotated one and its successor (day 50) have not.
    at = new Date(at.getTime() + 15 * DAY_MS);
    expect(await sweep.sweep()).toBe(1);
    expect(await remainingIds(db)).toHaveLength(2);

    await expect(auth.refresh(rotated)).rejects.toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    // The reuse ended the whole family: the token the owner holds is refused too.
    await expect(auth.refresh(current)).rejects.toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
  });

  it("deletes in batches, at most a run's cap of them, and the next run goes on", async () => {
    const { db } = await openDatabase();
    const userId = await addUser(db);
    const past = new Date(Date.now() - DAY_MS);
    for (let i = 0; i < 5; i++) await addToken(db, userId, past);
    const live = await addToken(db, userId, new Date(Date.now() + DAY_MS));
    const sessions = createSessionsRepository(db);
    const batches: number[] = [];
    const sweep = createExpiredSessionsSweep({
      sessions: {
        deleteExpired: async (before, limit) => {
          const deleted = await sessions.deleteExpired(before, limit);
          batches.push(deleted);
          return deleted;
        },
      },
      log: silentLog,
      batchSize: 2,
      maxBatchesPerSweep: 2,
    });

    expect(await sweep.sweep()).toBe(4);
    expect(batches).toEqual([2, 2]);
    expect(await sweep.sweep()).toBe(1);
    expect(batches).toEqual([2, 2, 1]);
    expect(await remainingIds(db)).toEqual([live]);
  });

  it('reads the expired tokens through refresh_tokens_expires_idx, not the whole table', async () => {
    const { db } = await openDatabase();
    const now = new Date().toISOString();
    // The sweep's own statement, as the repository sends it.
    const select = db.selectFrom('refresh_tokens').select('id').where('expires_at', '<', now).limit(1000);
    const plan = await db.connection().execute(async (connection) => {
      if (dialect === 'sqlite') {
        const compiled = select.compile();
        const rows = await sql
          .raw<{ detail: string }>(
            `EXPLAIN QUERY PLAN ${compiled.sql}`.replace('?', `'${now}'`).replace('?', '1000'),
          )
          .execute(connection);
        return rows.rows.map((row) => row.detail).join('\n');
      }
      // An empty table would be read whole by PostgreSQL whatever its indexes: ask whether it can use one.
      await sql`SET enable_seqscan = off`.execute(connection);
      try {
        const rows = await sql
          .raw<{ 'QUERY PLAN': string }>(
            `EXPLAIN ${select.compile().sql}`.replace('$1', `'${now}'`).replace('$2', '1000'),
          )
          .execute(connection);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`RESET enable_seqscan`.execute(connection);
      }
    });
    expect(plan).toContain('refresh_tokens_expires_idx');
    expect(plan).not.toMatch(/SCAN refresh_tokens$|SCAN refresh_tokens\n|Seq Scan/m);
  });

  it('runs in the server: expired tokens are gone soon after it starts, live ones stay', async () => {
    const shared = await openDatabase();
    const userId = await addUser(shared.db);
    const expired = await addToken(shared.db, userId, new Date(Date.now() - 1_000));
    const live = await addToken(shared.db, userId, new Date(Date.now() + DAY_MS));
    t = await startTestApp(dialect, {}, { database: shared });

    await expect
      .poll(async () => (await remainingIds(shared.db)).includes(expired), { timeout: 5_000 })
      .toBe(false);
    expect(await remainingIds(shared.db)).toEqual([live]);
  });
});
