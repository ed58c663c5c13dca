import { describe, expect, it } from 'vitest';
import { addressKey, INVALID_ADDRESS_KEY } from './client-address-key.js';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:c000:201')).toBe('192.0.2.1');
    expect(addressKey('0:0:0:0:0:ffff:c000:0201')).toBe('192.0.2.1');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:A:B:C:D',
      '2001:db8:1:2:0:0:192.0.2.1',
    ];
    for (const ip of spellings) expect(addressKey(ip), ip).toBe('2001:db8:1:2::/64');
  });

  it('writes the prefix in its canonical compressed form', () => {
    expect(addressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressKey('2001:0:0:1::5')).toBe('2001:0:0:1::/64');
    expect(addressKey('2001:db8:0:2::9')).toBe('2001:db8:0:2::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('::')).toBe('::/64');
    expect(addressKey('fd00::2')).toBe('fd00::/64');
  });

  it('tells different /64s apart', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db9:1:2::1'));
  });

  it('ignores a zone id', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('fe80::abcd:1%2')).toBe('fe80::/64');
  });

  it('drops the port some proxies write after an IPv4 address', () => {
    expect(addressKey('1.2.3.4:5555')).toBe('1.2.3.4');
    expect(addressKey('1.2.3.4:1')).toBe('1.2.3.4');
    expect(addressKey('1.2.3.4:1111')).toBe(addressKey('1.2.3.4:2222'));
  });

  it('drops the brackets and the port around an IPv6 address, and still keys it by its /64', () => {
    expect(addressKey('[2001:db8::1]:443')).toBe('2001:db8::/64');
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8::/64');
    expect(addressKey('[2001:DB8:0:0:ffff::9]:8080')).toBe('2001:db8::/64');
    expect(addressKey('[::1]')).toBe('::/64');
    expect(addressKey('[fe80::1%eth0]:80')).toBe('fe80::/64');
  });

  it('keys an IPv4-mapped address with a port as its IPv4 address', () => {
    expect(addressKey('[::ffff:192.0.2.1]:443')).toBe('192.0.2.1');
    expect(addressKey('[::ffff:c000:201]')).toBe('192.0.2.1');
  });

  it('reads a bare IPv6 address whole: its last group is part of the address, not a port', () => {
    expect(addressKey('2001:db8:1:2::443')).toBe('2001:db8:1:2::/64');
  });

  it('keys everything that is not an address under one shared key, so garbage cannot mint budgets', () => {
    const garbage = [
      '',
      'unknown',
      '2001:db8::1::2',
      '1.2.3',
      '::ffff:999.1.1.1',
      '12345::1',
      '1.2.3.4:',
      '1.2.3.4:port',
      '1.2.3.4:123456',
      '1.2.3.4:80:80',
      '999.2.3.4:80',
      '[1.2.3]:80',
      '[]:80',
      '[2001:db8::1]:',
      '[2001:db8::1',
      'garbage-1',
      'garbage-2',
    ];
    for (const text of garbage) expect(addressKey(text), text).toBe(INVALID_ADDRESS_KEY);
  });

  it('never gives a real address the shared key', () => {
    expect(addressKey('192.0.2.1')).not.toBe(INVALID_ADDRESS_KEY);
    expect(addressKey('2001:db8::1')).not.toBe(INVALID_ADDRESS_KEY);
  });
});
