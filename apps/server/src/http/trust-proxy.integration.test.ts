import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

// Every per-IP limit is keyed by request.ip. Whose X-Forwarded-For decides it is TRUST_PROXY's business
// alone: by default nobody's, so a client cannot escape a limit by sending a fresh header per request.

/**
 * A random public client address. Its first octet is never one the tests trust (127 is loopback, the peer's
 * own range; 10 and 192 are in the TRUST_PROXY lists below): a trusted client address would make the server
 * look one hop further left, and one run in about a hundred would key its limit by someone else.
 */
const UNTRUSTED_FIRST_OCTETS = Array.from({ length: 223 }, (_, i) => i + 1).filter(
  (octet) => octet !== 10 && octet !== 127 && octet !== 192,
);
const randomAddress = () =>
  `${UNTRUSTED_FIRST_OCTETS[randomInt(UNTRUSTED_FIRST_OCTETS.length)]}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Limited {
  name: string;
  /** The env that sets this limit to `budget` (the others stay out of the way). */
  env: Record<string, string>;
  budget: number;
  /** One call with the given X-Forwarded-For; answers the status. */
  call(t: TestApp, forwardedFor: string): Promise<number>;
}

const LIMITED: Limited[] = [
  {
    name: 'the API-wide limit',
    env: { RATE_LIMIT_PER_MINUTE: '3' },
    budget: 3,
    call: async (t, forwardedFor) =>
      (await t.request('GET', '/api/v1/auth/config', { headers: { 'x-forwarded-for': forwardedFor } }))
        .status,
  },
  {
    // Public and per IP and email; it counts before validation, so no form is needed.
    name: "the respondent login's limit",
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2' },
    budget: 2,
    call: async (t, forwardedFor) =>
      (
        await t.request('POST', '/api/v1/user/form/login', {
          body: { email: 'someone@example.com' },
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).status,
  },
];

/** Statuses of `count` calls, each with the X-Forwarded-For `forwardedFor()` gives. */
async function statuses(t: TestApp, limited: Limited, count: number, forwardedFor: () => string) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push(await limited.call(t, forwardedFor()));
  return seen;
}

/** The first `budget` calls pass the limit (any status but 429), the rest are limited. */
function limitedAfter(budget: number, seen: number[]) {
  return seen.map((status, i) => (i < budget ? status !== 429 : status === 429));
}

describe.each(LIMITED)('client addresses and X-Forwarded-For: $name', (limited) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const allTrue = (count: number) => Array<boolean>(count).fill(true);

  it('by default ignores X-Forwarded-For: rotating it does not escape the per-IP limit', async () => {
    t = await startTestApp('sqlite', limited.env);
    expect(t.config.trustProxy).toBe(false);
    const seen = await statuses(t, limited, limited.budget + 2, randomAddress);
    expect(limitedAfter(limited.budget, seen)).toEqual(allTrue(limited.budget + 2));
  });

  it('in Google mode too (it used to trust every X-Forwarded-For there)', async () => {
    t = await startTestApp('sqlite', { ...limited.env, GOOGLE_CLIENT_ID: 'test.apps.googleusercontent.com' });
    expect(t.config.mode).toBe('google');
    const seen = await statuses(t, limited, limited.budget + 2, randomAddress);
    expect(limitedAfter(limited.budget, seen)).toEqual(allTrue(limited.budget + 2));
  });

  it('ignores X-Forwarded-For from a peer outside the TRUST_PROXY list', async () => {
    t = await startTestApp('sqlite', { ...limited.env, TRUST_PROXY: '10.0.0.0/8,192.168.0.1' });
    const seen = await statuses(t, limited, limited.budget + 2, randomAddress);
    expect(limitedAfter(limited.budget, seen)).toEqual(allTrue(limited.budget + 2));
  });

  for (const trustProxy of ['1', '127.0.0.0/8']) {
    it(`with TRUST_PROXY=${trustProxy} keys the limit by the forwarded address`, async () => {
      t = await startTestApp('sqlite', { ...limited.env, TRUST_PROXY: trustProxy });
      // Each forwarded client has a budget of its own...
      const many = await statuses(t, limited, limited.budget + 3, randomAddress);
      expect(many.includes(429)).toBe(false);
      // ...and one forwarded client is limited however many others share the proxy...
      const client = randomAddress();
      const one = await statuses(t, limited, limited.budget + 1, () => client);
      expect(limitedAfter(limited.budget, one)).toEqual(allTrue(limited.budget + 1));
      // ...even when it claims other addresses in front of the one the proxy appended.
      const spoofing = await statuses(t, limited, 2, () => `${randomAddress()}, ${client}`);
      expect(spoofing).toEqual([429, 429]);
    });
  }

  it('with TRUST_PROXY=1 keys an address the proxy wrote with a port by the address alone', async () => {
    t = await startTestApp('sqlite', { ...limited.env, TRUST_PROXY: '1' });
    // Some proxies (Azure Application Gateway, Front Door) forward `IP:port`: each new source port must
    // not be a new budget.
    const client = randomAddress();
    let call = 1;
    // Ports 1111, 2222, 3333, ...
    const seen = await statuses(t, limited, limited.budget + 2, () => `${client}:${1111 * call++}`);
    expect(limitedAfter(limited.budget, seen)).toEqual(allTrue(limited.budget + 2));
    // Nor is anything that is not an address: it all shares one budget.
    let garbage = 0;
    const junk = await statuses(t, limited, limited.budget + 2, () => `not-an-address-${garbage++}`);
    expect(limitedAfter(limited.budget, junk)).toEqual(allTrue(limited.budget + 2));
  });
});
