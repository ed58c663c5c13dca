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
});
