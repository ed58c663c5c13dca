import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTestDatabase } from '../test/dialects.js';
import { describeWithRedis, freePort, startTestRedis, type TestRedis } from '../test/redis-server.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

const CONTACT = '/api/v1/contact/submit';
const message = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Two instances, one budget' };
const CONTACT_LIMIT = 4;
const GLOBAL_LIMIT = 6;

/** Two instances of the server, as two processes behind one proxy would be (each has its own database). */
async function startTwoInstances(redisUrl: string | undefined): Promise<[TestApp, TestApp]> {
  const env = {
    CONTACT_RATE_LIMIT_PER_MINUTE: String(CONTACT_LIMIT),
    RATE_LIMIT_PER_MINUTE: String(GLOBAL_LIMIT),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  return [await startTestApp('sqlite', env), await startTestApp('sqlite', env)];
}

describeWithRedis('rate limits shared through Redis', () => {
  let redis: TestRedis;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    // Each test starts from empty counters, as after the one-minute window.
    if (redis) {
      await redis.kill();
      await redis.restart();
    }
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('a per-address limit of N holds across two instances: the N+1th request is refused, whichever answers it', async () => {
    apps = await startTwoInstances(redis.url);
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_LIMIT * 2; i++) {
      statuses.push((await apps[i % 2]!.request('POST', CONTACT, { body: message })).status);
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(200), ...Array(CONTACT_LIMIT).fill(429)]);
    const refused = await apps[1]!.request('POST', CONTACT, { body: message });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the API-wide limit per address is shared too', async () => {
    apps = await startTwoInstances(redis.url);
    const statuses: number[] = [];
    for (let i = 0; i < GLOBAL_LIMIT + 2; i++) {
      statuses.push((await apps[i % 2]!.request('GET', '/api/v1/auth/config')).status);
    }
    expect(statuses).toEqual([...Array(GLOBAL_LIMIT).fill(200), 429, 429]);
  });

  it('without REDIS_URL each instance counts alone (what Redis prevents): 2N pass', async () => {
    apps = await startTwoInstances(undefined);
    let passed = 0;
    for (let i = 0; i < CONTACT_LIMIT * 2; i++) {
      if ((await apps[i % 2]!.request('POST', CONTACT, { body: message })).status === 200) passed++;
    }
    expect(passed).toBe(CONTACT_LIMIT * 2);
  });

  it('/health/ready checks Redis: 503 while it is down, requests are still served, ready again when it is back', async () => {
    apps = [await startTestApp('sqlite', { REDIS_URL: redis.url, CONTACT_RATE_LIMIT_PER_MINUTE: '100' })];
    const [app] = apps as [TestApp];
    const ready = await app.request('GET', '/api/v1/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok' });

    await redis.kill();
    const down = await app.request('GET', '/api/v1/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('REDIS_UNAVAILABLE');
    expect(down.body.detail).toBe('Redis is not reachable');
    // Limits fail open: a visitor is answered, not given a 500, while Redis is away.
    expect((await app.request('POST', CONTACT, { body: message })).status).toBe(200);
    expect((await app.request('GET', '/api/v1/health/live')).status).toBe(200);

    await redis.restart();
    await expect
      .poll(async () => (await app.request('GET', '/api/v1/health/ready')).status, { timeout: 10_000 })
      .toBe(200);
  });

  it('an admin stream ticket opens one stream in the whole cluster: a copy replayed on another instance is refused', async () => {
    const opened = async (app: TestApp, ticket: string) => {
      const controller = new AbortController();
      const res = await fetch(`${app.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`, {
        signal: controller.signal,
      });
      controller.abort();
      return res.status;
    };
    const ticketOn = async (app: TestApp) => {
      const admin = await app.signIn('ticket-admin@example.com');
      const res = await app.request('POST', '/api/v1/chat/admin/stream-ticket', { token: admin.accessToken });
      return res.body.data.ticket as string;
    };
    // Two instances of one deployment: one database, one JWT secret, one admin.
    const env = {
      JWT_SECRET: 'cluster-secret-cluster-secret-cluster-0123',
      ADMIN_EMAILS: 'ticket-admin@example.com',
    };
    const withRedis = await startTestApp('sqlite', { ...env, REDIS_URL: redis.url });
    apps = [
      withRedis,
      await startTestApp(
        'sqlite',
        { ...env, REDIS_URL: redis.url },
        { database: withRedis.database as never },
      ),
    ];
    const ticket = await ticketOn(apps[0]!);
    expect(await opened(apps[1]!, ticket)).toBe(200);
    expect(await opened(apps[0]!, ticket)).toBe(401);
    expect(await opened(apps[1]!, ticket)).toBe(401);

    // What Redis adds: without it, each instance remembers only the tickets it saw.
    const alone = await startTestApp('sqlite', env);
    const other = await startTestApp('sqlite', env, { database: alone.database as never });
    apps.push(other, alone);
    const second = await ticketOn(alone);
    expect(await opened(other, second)).toBe(200);
    expect(await opened(alone, second)).toBe(200);
    expect(await opened(other, second)).toBe(401);
  });

  it('start-up stops with a clear message when REDIS_URL does not answer', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: database.dataDir,
        LOG_LEVEL: 'silent',
        SHEET_SYNC_ENABLED: 'false',
        // A port nothing listens on: free a moment ago (a neighbour of the test Redis's port could be another
        // test process's Redis, which would answer with a different error).
        REDIS_URL: `redis://:secret@127.0.0.1:${await freePort()}`,
      });
      const started = buildApp(config, { database });
      await expect(started).rejects.toThrow(/^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ did not answer/);
      await expect(started).rejects.toThrow(expect.objectContaining({ name: 'RedisUnavailableError' }));
    } finally {
      await database.close();
    }
  });
});
