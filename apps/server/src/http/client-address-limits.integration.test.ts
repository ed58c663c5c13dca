import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../test/dialects.js';
import { describeWithRedis, startTestRedis, type TestRedis } from '../test/redis-server.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

// One IPv6 subscriber holds a whole /64: every per-address limit counts the /64, not each of its 2^64
// addresses, and an IPv4 client counts the same whether it arrives as 192.0.2.1 or ::ffff:192.0.2.1.
// The client addresses come through X-Forwarded-For from a trusted proxy (TRUST_PROXY=1).

const hex = () => randomInt(1, 0xffff).toString(16);
/** A fresh /64 for each test, so no test meets another's counters. */
const freshPrefix = () => `2001:db8:${hex()}:${hex()}`;
/** Another address in the /64: a different interface id each time, spelled out in full or compressed. */
const inPrefix = (prefix: string) =>
  randomInt(2) === 0 ? `${prefix}:${hex()}:${hex()}:${hex()}:${hex()}` : `${prefix}::${hex()}`;
const randomIPv4 = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
const sessionId = () => randomBytes(16).toString('base64url');

interface Limited {
  name: string;
  /** The env that sets this limit to `budget` (the test app's defaults keep the API-wide limit out of the way). */
  env: Record<string, string>;
  budget: number;
  /** One call from `address`; answers the status. */
  call(t: TestApp, address: string): Promise<number>;
}

const post = (path: string, body: unknown) => async (t: TestApp, address: string) =>
  (await t.request('POST', path, { body, headers: { 'x-forwarded-for': address } })).status;
/** A POST whose body is made fresh for each call (a new email, session or form each time). */
const postEach = (path: (n: number) => string, body: (n: number) => unknown) => {
  let n = 0;
  return async (t: TestApp, address: string) => {
    n++;
    return post(path(n), body(n))(t, address);
  };
};

const LIMITED: Limited[] = [
  {
    name: 'the API-wide limit',
    env: { RATE_LIMIT_PER_MINUTE: '3' },
    budget: 3,
    call: async (t, address) =>
      (await t.request('GET', '/api/v1/auth/config', { headers: { 'x-forwarded-for': address } })).status,
  },
  {
    name: 'the sign-in limit',
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' },
    budget: 2,
    call: post('/api/v1/auth/google', { idToken: 'not-a-token' }),
  },
  {
    name: "the respondent login's limit per address (over all emails)",
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1' },
    budget: 5,
    call: postEach(
      () => '/api/v1/user/form/login',
      (n) => ({ email: `someone-${n}@example.com` }),
    ),
  },
  {
    name: "the respondent login's limit per address and email",
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2' },
    budget: 2,
    call: post('/api/v1/user/form/login', { email: 'someone@example.com' }),
  },
  {
    name: 'the submission limit per address (over all forms)',
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '1' },
    budget: 5,
    call: postEach(
      (n) => `/api/v1/forms/no-such-form-${n}/submit-form`,
      () => ({ data: {} }),
    ),
  },
  {
    name: 'the submission limit per address and form',
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '2' },
    budget: 2,
    call: post('/api/v1/forms/no-such-form/submit-form', { data: {} }),
  },
  {
    // Counted before the body is read: a JSON body is refused (415) after it counts.
    name: 'the signature upload limit per address',
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '1' },
    budget: 5,
    call: post('/api/v1/forms/submit-signature', {}),
  },
  {
    name: 'the chat start limit',
    env: { CHAT_START_RATE_LIMIT_PER_MINUTE: '2' },
    budget: 2,
    call: post('/api/v1/chat/start', { userName: 'Ada' }),
  },
  {
    // A new (unknown) session each time: only the per-address budget (5 times the per-session one) counts.
    name: "the chat messages' limit per address",
    env: { CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: '1' },
    budget: 5,
    call: postEach(
      () => '/api/v1/chat/message',
      () => ({ sessionId: sessionId(), message: 'hello' }),
    ),
  },
  {
    name: 'the contact form limit',
    env: { CONTACT_RATE_LIMIT_PER_MINUTE: '2' },
    budget: 2,
    call: post('/api/v1/contact/submit', { name: 'Ada', email: 'ada@example.com', message: 'Hello there' }),
  },
];

/** Statuses of `count` calls, each from the address `from()` gives. */
async function statuses(t: TestApp, limited: Limited, count: number, from: () => string) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push(await limited.call(t, from()));
  return seen;
}

/**
 * The apps the tests run on, each started once for its tests: starting an app took most of a test's time.
 * Limits set by different variables share an app, each keeping the value its test sets: every one of them
 * counts only its own routes under keys of its own, and each test calls from addresses of its own. The
 * API-wide limit counts every call to the API, so it has an app to itself, as does a variable two tests set
 * to different values.
 */
function appGroups(limits: Limited[]): Array<{ env: Record<string, string>; limits: Limited[] }> {
  const groups: Array<{ env: Record<string, string>; limits: Limited[] }> = [];
  for (const limited of limits) {
    const apiWide = 'RATE_LIMIT_PER_MINUTE' in limited.env;
    const group = apiWide
      ? undefined
      : groups.find(
          (candidate) =>
            !('RATE_LIMIT_PER_MINUTE' in candidate.env) &&
            Object.entries(limited.env).every(
              ([name, value]) => candidate.env[name] === undefined || candidate.env[name] === value,
            ),
        );
    if (group) {
      Object.assign(group.env, limited.env);
      group.limits.push(limited);
    } else {
      groups.push({ env: { ...limited.env }, limits: [limited] });
    }
  }
  return groups;
}

describeEachDialect('per-address limits group IPv6 clients by /64', (dialect) => {
  const groups = appGroups(LIMITED);
  const apps = new Map<Limited, TestApp>();
  beforeAll(async () => {
    for (const group of groups) {
      const t = await startTestApp(dialect, { ...group.env, TRUST_PROXY: '1' });
      for (const limited of group.limits) apps.set(limited, t);
    }
  });
  afterAll(async () => {
    await Promise.all([...new Set(apps.values())].map((t) => t.close()));
  });

  for (const limited of LIMITED) {
    it(`${limited.name}: one budget for a whole /64, another for the next /64, one for IPv4 and its mapped form`, async () => {
      const t = apps.get(limited) as TestApp;
      const prefix = freshPrefix();
      // Every call from a different address of one /64 spends the same budget...
      const sameSlash64 = await statuses(t, limited, limited.budget + 1, () => inPrefix(prefix));
      expect(sameSlash64.slice(0, limited.budget)).not.toContain(429);
      expect(sameSlash64.at(-1), `call ${limited.budget + 1} from the same /64`).toBe(429);
      // ...while the neighbouring /64 (a different subscriber) has its own.
      expect(await limited.call(t, inPrefix(freshPrefix()))).not.toBe(429);

      // An IPv4 client is one client whichever way the proxy writes its address.
      const ipv4 = randomIPv4();
      const spellings = [ipv4, `::ffff:${ipv4}`];
      const mixed = await statuses(t, limited, limited.budget + 1, () => spellings[randomInt(2)] as string);
      expect(mixed.slice(0, limited.budget)).not.toContain(429);
      expect(mixed.at(-1)).toBe(429);
      expect(await limited.call(t, `::ffff:${ipv4}`)).toBe(429);
    });
  }
});

describeWithRedis('per-address limits shared through Redis group IPv6 clients by /64 too', () => {
  let redis: TestRedis;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('two instances count one /64 in one budget', async () => {
    const env = { CONTACT_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1', REDIS_URL: redis.url };
    apps = [await startTestApp('sqlite', env), await startTestApp('sqlite', env)];
    const contact = LIMITED.find((limited) => limited.name === 'the contact form limit') as Limited;
    const prefix = freshPrefix();
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) seen.push(await contact.call(apps[i % 2] as TestApp, inPrefix(prefix)));
    expect(seen).toEqual([200, 200, 200, 429]);
    expect(await contact.call(apps[0] as TestApp, inPrefix(freshPrefix()))).toBe(200);
  });
});
