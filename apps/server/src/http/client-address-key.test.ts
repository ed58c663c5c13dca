import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address-key.js';

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

  it('keeps anything that is not an address as its own key', () => {
    for (const text of ['', 'unknown', '2001:db8::1::2', '1.2.3', '[::1]', '::ffff:999.1.1.1', '12345::1']) {
      expect(addressKey(text), text).toBe(text);
    }
  });
});
