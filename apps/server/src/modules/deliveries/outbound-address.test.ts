import { describe, expect, it, vi } from 'vitest';
import { ForbiddenAddressError, isForbiddenAddress, resolveAllowed } from './outbound-address.js';

// The system's lookup (getaddrinfo, on libuv's thread pool), watched: public names must not go through it.
const systemLookup = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:dns/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:dns/promises')>();
  return {
    ...original,
    lookup: (...args: Parameters<typeof original.lookup>) => {
      systemLookup.calls++;
      return original.lookup(...args);
    },
  };
});

describe('addresses a webhook may reach', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('resolves a name and refuses it when it points at this host, unless private addresses are allowed', async () => {
    await expect(resolveAllowed('localhost', false)).rejects.toBeInstanceOf(ForbiddenAddressError);
    await expect(resolveAllowed('[::1]', false)).rejects.toBeInstanceOf(ForbiddenAddressError);
    await expect(resolveAllowed('127.0.0.1', false)).rejects.toBeInstanceOf(ForbiddenAddressError);
    expect(await resolveAllowed('127.0.0.1', true)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveAllowed('93.184.216.34', false)).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it("asks DNS itself for a public name, never the thread pool's getaddrinfo, and gives up within its time", async () => {
    const before = systemLookup.calls;
    const started = Date.now();
    // A name no server answers for (RFC 6761): refused (not found, or no answer in time), not hung.
    await expect(resolveAllowed('never-answers.invalid', false)).rejects.toThrow(/never-answers\.invalid/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(systemLookup.calls).toBe(before);
    // With private addresses allowed (a self-hoster's own network), the system's lookup is used.
    await expect(resolveAllowed('localhost', true)).resolves.toMatchObject({ family: expect.any(Number) });
    expect(systemLookup.calls).toBe(before + 1);
  }, 20_000);
});
