import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { openSse } from '../chat/chat.test-support.js';

/**
 * ADMIN_EMAILS decides who is Admin at every sign-in, every refresh and every start. A change of the list
 * is a restart with another environment: each test starts an instance, stops it and starts the next one
 * on the same database, as an operator would.
 */
describeEachDialect('Admin role follows ADMIN_EMAILS', (dialect) => {
  let database: DatabaseHandle & { dataDir: string };
  let running: TestApp | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await database.close();
  });

  /** (Re)starts the instance with this ADMIN_EMAILS; the database outlives it. */
  async function startWith(adminEmails: string): Promise<TestApp> {
    await running?.close();
    running = await startTestApp(
      dialect,
      { ADMIN_EMAILS: adminEmails },
      { database: { ...database, close: async () => {} } },
    );
    return running;
  }

  const adminOnly = (t: TestApp, token: string) =>
    t.request('GET', '/api/v1/chat/admin/chats', { token }).then((res) => res.status);
  const storedRole = async (t: TestApp, email: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('role')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).role;
  const refresh = async (t: TestApp, refreshToken: string) => {
    const res = await t.request('POST', '/api/v1/auth/refresh', { body: { refreshToken } });
    expect(res.status).toBe(200);
    return res.body.data as { accessToken: string; refreshToken: string };
  };

  it('the first user of an empty instance is a plain User when ADMIN_EMAILS is set', async () => {
    const t = await startWith('boss@example.com');
    const first = await t.signIn('first@example.com', 'First');
    expect(first.user.role).toBe('User');
    expect(await adminOnly(t, first.accessToken)).toBe(403);
    expect(await storedRole(t, 'first@example.com')).toBe('User');
    const boss = await t.signIn('boss@example.com', 'Boss');
    expect(boss.user.role).toBe('Admin');
    expect(await adminOnly(t, boss.accessToken)).toBe(200);
  });

  it('with ADMIN_EMAILS empty the first user is Admin, and only the first', async () => {
    const t = await startWith('');
    const first = await t.signIn('first@example.com', 'First');
    expect(first.user.role).toBe('Admin');
    expect(await adminOnly(t, first.accessToken)).toBe(200);
    expect((await t.signIn('second@example.com', 'Second')).user.role).toBe('User');
    // Signing in again keeps the first user's role.
    expect((await t.signIn('first@example.com', 'First')).user.role).toBe('Admin');
  });

  it('someone removed from the list is a User from their next refresh on (403), everywhere the role is read', async () => {
    const before = await startWith('boss@example.com,keeper@example.com');
    const boss = await before.signIn('boss@example.com', 'Boss');
    expect(await adminOnly(before, boss.accessToken)).toBe(200);

    const after = await startWith('keeper@example.com');
    const refreshed = await refresh(after, boss.refreshToken);
    expect(await adminOnly(after, refreshed.accessToken)).toBe(403);
    const profile = await after.request('GET', '/api/v1/auth/profile', { token: refreshed.accessToken });
    expect(profile.body.data.role).toBe('User');
    expect(await storedRole(after, 'boss@example.com')).toBe('User');
    // And a new sign-in agrees.
    expect((await after.signIn('boss@example.com', 'Boss')).user.role).toBe('User');
  });

  it('an access token from before the demotion opens no Admin route after it, and posts to a chat as a visitor', async () => {
    const before = await startWith('boss@example.com,keeper@example.com');
    const boss = await before.signIn('boss@example.com', 'Boss');
    const chat = await before.request('POST', '/api/v1/chat/start', { body: { userName: 'Visitor' } });
    expect(chat.status).toBe(201);
    const sessionId = chat.body.data.sessionId as string;

    // The restart takes the role away; the token still says Admin for up to 15 minutes.
    const after = await startWith('keeper@example.com');
    expect(await adminOnly(after, boss.accessToken)).toBe(403);
    for (const [method, path] of [
      ['GET', '/api/v1/contact/messages'],
      ['POST', '/api/v1/chat/admin/stream-ticket'],
    ] as const) {
      const res = await after.request(method, path, { token: boss.accessToken });
      expect(res.status, path).toBe(403);
    }
    const posted = await after.request('POST', '/api/v1/chat/message', {
      token: boss.accessToken,
      body: { sessionId, message: 'Hello from a former admin' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data.sender).toBe('user');
    // Someone still listed keeps every Admin route.
    const keeper = await after.signIn('keeper@example.com', 'Keeper');
    expect(await adminOnly(after, keeper.accessToken)).toBe(200);
    const answered = await after.request('POST', '/api/v1/chat/message', {
      token: keeper.accessToken,
      body: { sessionId, message: 'Support here' },
    });
    expect(answered.body.data.sender).toBe('admin');
  });

  it('someone added to the list is Admin from their next refresh on', async () => {
    const before = await startWith('boss@example.com');
    await before.signIn('boss@example.com', 'Boss');
    const newcomer = await before.signIn('newcomer@example.com', 'Newcomer');
    expect(await adminOnly(before, newcomer.accessToken)).toBe(403);

    const after = await startWith('boss@example.com,newcomer@example.com');
    const refreshed = await refresh(after, newcomer.refreshToken);
    expect(await adminOnly(after, refreshed.accessToken)).toBe(200);
    expect(await storedRole(after, 'newcomer@example.com')).toBe('Admin');
  });

  it('a refresh re-derives the role from the list, whatever the users table says', async () => {
    const t = await startWith('boss@example.com');
    const plain = await t.signIn('plain@example.com', 'Plain');
    const boss = await t.signIn('boss@example.com', 'Boss');
    // As an instance still running with another list could have written them.
    await t.database.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', plain.user.id).execute();
    await t.database.db.updateTable('users').set({ role: 'User' }).where('id', '=', boss.user.id).execute();

    expect(await adminOnly(t, (await refresh(t, plain.refreshToken)).accessToken)).toBe(403);
    expect(await storedRole(t, 'plain@example.com')).toBe('User');
    expect(await adminOnly(t, (await refresh(t, boss.refreshToken)).accessToken)).toBe(200);
    expect(await storedRole(t, 'boss@example.com')).toBe('Admin');
  });

  it('a chat stream ticket issued before the demotion does not open an admin stream after it', async () => {
    const before = await startWith('boss@example.com,keeper@example.com');
    const boss = await before.signIn('boss@example.com', 'Boss');
    const keeper = await before.signIn('keeper@example.com', 'Keeper');
    const ticketOf = async (t: TestApp, token: string) => {
      const res = await t.request('POST', '/api/v1/chat/admin/stream-ticket', { token });
      expect(res.status).toBe(200);
      return encodeURIComponent(res.body.data.ticket as string);
    };
    const bossTicket = await ticketOf(before, boss.accessToken);
    const keeperTicket = await ticketOf(before, keeper.accessToken);

    const after = await startWith('keeper@example.com');
    const refused = await openSse(`${after.url}/api/v1/chat/admin/stream?ticket=${bossTicket}`);
    expect(refused.status).toBe(403);
    refused.close();
    // The same kind of ticket of someone still listed opens the stream.
    const opened = await openSse(`${after.url}/api/v1/chat/admin/stream?ticket=${keeperTicket}`);
    expect(opened.status).toBe(200);
    opened.close();
  });
});
