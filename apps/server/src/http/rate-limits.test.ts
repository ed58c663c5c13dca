import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryRateCounters, type RateCounters } from './rate-counters.js';
import {
  createPublicLimits,
  type PublicLimit,
  registerApiRateLimit,
  registerRateCounters,
} from './rate-limits.js';

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

type Store = 'memory' | 'later' | 'failing';

/** Counters that answer as the memory store does, later as Redis does, or never (a store that fails). */
function countersFor(store: Store, hits: string[]): RateCounters {
  const memory = memoryRateCounters();
  return {
    hit(key, windowMs, done) {
      hits.push(key);
      if (store === 'failing') return void setImmediate(() => done(undefined));
      if (store === 'memory') return memory.hit(key, windowMs, done);
      memory.hit(key, windowMs, (count) => setImmediate(() => done(count)));
    },
  };
}

/** An app with one route limited as a hook and one that awaits the same limits in its handler. */
async function appWith(limits: PublicLimit[], store: Store = 'memory') {
  const app = Fastify();
  apps.push(app);
  const hits: string[] = [];
  app.decorate('newRateCounters', () => countersFor(store, hits));
  const enforce = createPublicLimits(app, limits);
  app.post('/hook', { onRequest: enforce }, async () => ({ ok: true }));
  app.post('/awaited', async (request, reply) => {
    await enforce(request, reply);
    return { ok: true };
  });
  return { app, hits };
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

const statuses = async (app: FastifyInstance, url: string, times: number) => {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) answers.push((await app.inject({ method: 'POST', url })).statusCode);
  return answers;
};

describe('public limits', () => {
  for (const store of ['memory', 'later'] as const) {
    it(`refuse the request over a limit with 429 and Retry-After, as a hook and awaited (${store} store)`, async () => {
      const { app } = await appWith([{ max: 2, key: () => 'one' }], store);
      expect(await statuses(app, '/hook', 3)).toEqual([200, 200, 429]);
      const refused = await app.inject({ method: 'POST', url: '/awaited' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    });

    it(`count every limit in order, skip a limit without a key, and stop at the first refusal (${store} store)`, async () => {
      const { app, hits } = await appWith(
        [
          { max: 1, key: () => 'first' },
          { max: 100, key: () => undefined },
          { max: 100, key: () => 'third' },
        ],
        store,
      );
      expect(await statuses(app, '/hook', 2)).toEqual([200, 429]);
      // The refused request counted nothing after the limit it was over.
      expect(hits).toEqual(['first', 'third', 'first']);
    });
  }

  it('answer a request within its limits before the hook returns: no promise, no turn of the event loop', async () => {
    const app = Fastify();
    apps.push(app);
    registerRateCounters(app, undefined);
    const enforce = createPublicLimits(app, [
      { max: 5, key: () => 'a' },
      { max: 5, key: () => 'b' },
    ]);
    let called = 0;
    const returned = enforce({} as never, { header: () => undefined } as never, () => {
      called++;
    });
    expect(returned).toBeUndefined();
    expect(called).toBe(1);
  });

  it('runs after the route’s own limits: a public limit refuses first, and counts first', async () => {
    const app = Fastify();
    apps.push(app);
    registerRateCounters(app, undefined);
    registerApiRateLimit(app, 100);
    const own = createPublicLimits(app, [{ max: 1, key: () => 'own' }]);
    app.get('/api/v1/public', { onRequest: own }, async () => ({ ok: true }));
    await get(app, '/api/v1/public');
    const refused = await get(app, '/api/v1/public');
    expect(refused.statusCode).toBe(429);
    // Refused by its own limit before the API-wide one counted it, as with the plugin's global limit.
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts a long key under its digest, so a client cannot make a counter hold its whole body', async () => {
    const { app, hits } = await appWith([{ max: 1, key: () => `login:${'x'.repeat(100_000)}` }]);
    expect(await statuses(app, '/hook', 2)).toEqual([200, 429]);
    expect(hits[0]?.length).toBeLessThan(100);
    expect(hits[0]).toBe(hits[1]);
  });

  it('answer a key function that throws with its error, whenever the store answers', async () => {
    for (const store of ['memory', 'later'] as const) {
      const { app } = await appWith(
        [
          { max: 5, key: () => 'first' },
          {
            max: 5,
            key: () => {
              throw new Error('no key');
            },
          },
        ],
        store,
      );
      expect((await app.inject({ method: 'POST', url: '/hook' })).statusCode, store).toBe(500);
    }
  });

  it('let requests through while the store fails (limits fail open, as with Redis away)', async () => {
    const { app } = await appWith([{ max: 1, key: () => 'one' }], 'failing');
    expect(await statuses(app, '/hook', 3)).toEqual([200, 200, 200]);
  });

  it('give each set of limits a memory store of its own: one route’s keys never push out another’s', async () => {
    const app = Fastify();
    apps.push(app);
    registerRateCounters(app, undefined);
    const submit = createPublicLimits(app, [{ max: 1, key: () => 'submit:client' }]);
    let n = 0;
    const chat = createPublicLimits(app, [{ max: 1_000_000, key: () => `chat:${n++}` }]);
    const passes = (limits: typeof submit) =>
      new Promise<boolean>((resolve) =>
        limits({} as never, { header: () => undefined } as never, (error) => resolve(!error)),
      );
    expect(await passes(submit)).toBe(true);
    // More new keys on the chat route than a store holds: the submit counter must still refuse.
    for (let i = 0; i <= 10_000; i++) await passes(chat);
    expect(await passes(submit)).toBe(false);
  });
});

describe('the API-wide limit', () => {
  async function apiApp() {
    const app = Fastify();
    apps.push(app);
    registerRateCounters(app, undefined);
    registerApiRateLimit(app, 2);
    app.get('/api/v1/limited', async () => ({ ok: true }));
    app.get(
      '/api/v1/own-limit',
      { config: { rateLimit: { max: 100, timeWindow: 60_000 } } },
      async () => ({}),
    );
    app.get('/api/v1/unlimited', { config: { rateLimit: false } }, async () => ({}));
    app.get('/page', async () => 'page');
    return app;
  }

  it('counts every /api/ request per address, says the budget on each reply, and refuses the one over it', async () => {
    const app = await apiApp();
    const first = await get(app, '/api/v1/limited');
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect(first.headers['x-ratelimit-reset']).toBe('60');
    // However the path is spelled: the route is what counts.
    expect((await get(app, '/%61pi/v1/limited')).headers['x-ratelimit-remaining']).toBe('0');
    const refused = await get(app, '/api/v1/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('counts a HEAD request once, like its GET', async () => {
    const app = await apiApp();
    const head = await app.inject({ method: 'HEAD', url: '/api/v1/limited' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-ratelimit-remaining']).toBe('1');
    expect((await get(app, '/api/v1/limited')).headers['x-ratelimit-remaining']).toBe('0');
  });

  it('leaves alone pages, routes with a limit of their own, routes without limits, and unknown paths', async () => {
    const app = await apiApp();
    for (let i = 0; i < 3; i++) {
      for (const url of ['/page', '/api/v1/own-limit', '/api/v1/unlimited', '/api/v1/no-such-route']) {
        const answer = await get(app, url);
        expect(answer.statusCode, url).toBe(url.includes('no-such') ? 404 : 200);
        expect(answer.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
    expect((await get(app, '/api/v1/limited')).statusCode).toBe(200);
  });
});
