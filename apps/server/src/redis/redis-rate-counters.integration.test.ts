import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RateCount, redisRateCounters } from '../http/rate-counters.js';
import { describeWithRedis, startTestRedis, type TestRedis } from '../test/redis-server.js';

describeWithRedis('rate counters on Redis', () => {
  let redis: TestRedis;
  let client: Redis;

  beforeAll(async () => {
    redis = await startTestRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  const hit = (key: string, windowMs = 60_000, counters = redisRateCounters(client, 'test:')) =>
    new Promise<RateCount | undefined>((resolve) => counters.hit(key, windowMs, resolve));

  it('count a key in its window, under the namespace, with the time left', async () => {
    const key = `k-${Date.now()}`;
    expect(await hit(key)).toEqual({ current: 1, ttlMs: 60_000 });
    const second = await hit(key);
    expect(second?.current).toBe(2);
    expect(second?.ttlMs).toBeGreaterThan(59_000);
    expect(second?.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await client.get(`test:${key}`)).toBe('2');
  });

  it('start a new window when the old one expires', async () => {
    const key = `short-${Date.now()}`;
    await hit(key, 50);
    await hit(key, 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await hit(key, 50))?.current).toBe(1);
  });

  it('give a counter left without an expiry its window again, so none outlives it', async () => {
    const key = `stuck-${Date.now()}`;
    await client.set(`test:${key}`, '7');
    const count = await hit(key);
    expect(count?.current).toBe(8);
    expect(count?.ttlMs).toBe(60_000);
    expect(await client.pttl(`test:${key}`)).toBeGreaterThan(0);
  });

  it('answer undefined when Redis fails, so the request is served', async () => {
    const broken = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false });
    try {
      expect(await hit('any', 60_000, redisRateCounters(broken, 'test:'))).toBeUndefined();
    } finally {
      broken.disconnect();
    }
  });
});
