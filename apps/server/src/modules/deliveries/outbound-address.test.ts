import { describe, expect, it } from 'vitest';
import { ForbiddenAddressError, isForbiddenAddress, resolveAllowed } from './outbound-address.js';

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

  it("asks DNS itself for a public name, never the system's lookup on the thread pool, and gives up in time", async () => {
    const asked: string[] = [];
    const never = () => new Promise<never>(() => {});
    const watching = {
      system: (name: string) => {
        asked.push(`system:${name}`);
        return never();
      },
      dns: (name: string) => {
        asked.push(`dns:${name}`);
        return never();
      },
      timeoutMs: 50,
    };
    // A name server that never answers: refused once the time is up, not hung.
    await expect(resolveAllowed('hooks.example.com', false, watching)).rejects.toThrow(
      'Resolving hooks.example.com took longer than 0 s',
    );
    // With private addresses allowed (a self-hoster's own network), the system's lookup, in the same time.
    await expect(resolveAllowed('intranet.local', true, watching)).rejects.toThrow(/took longer/);
    expect(asked).toEqual(['dns:hooks.example.com', 'system:intranet.local']);
    // The real resolver answers too: a name no server knows (RFC 6761) is refused, whatever the network.
    await expect(resolveAllowed('never-answers.invalid', false)).rejects.toThrow(/never-answers\.invalid/);
  }, 20_000);
});
