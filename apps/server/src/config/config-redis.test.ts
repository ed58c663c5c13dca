import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');

describe('REDIS_URL', () => {
  it('is off by default: rate-limit counters stay in process memory', () => {
    expect(load({}).redisUrl).toBeUndefined();
    expect(load({ REDIS_URL: '  ' }).redisUrl).toBeUndefined();
  });

  it('takes redis:// and rediss:// URLs', () => {
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(load({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:secret@cache.internal:6380/2',
    );
  });

  it('refuses anything else with a message that shows the expected form', () => {
    expect(() => load({ REDIS_URL: '127.0.0.1:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL, such as redis:\/\/127\.0\.0\.1:6379/,
    );
    expect(() => load({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL must be a redis:\/\//);
  });
});
