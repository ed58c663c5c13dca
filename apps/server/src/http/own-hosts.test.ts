import { describe, expect, it } from 'vitest';
import { isOwnHost } from './own-hosts.js';

describe('isOwnHost', () => {
  it('takes the public host, localhost and IP addresses, on any port', () => {
    for (const host of [
      'forms.lan',
      'forms.lan:8080',
      'localhost',
      'localhost:5173',
      'LocalHost:3000',
      '127.0.0.1:3000',
      '192.168.1.20',
      '[::1]',
      '[::1]:3000',
    ]) {
      expect(isOwnHost(host, 'forms.lan'), host).toBe(true);
    }
  });

  it('refuses other names, look-alikes and what is not a Host at all', () => {
    for (const host of [
      undefined,
      '',
      'rebind.attacker.example:3000',
      'localhost.attacker.example',
      'forms.lan.attacker.example',
      'attacker.localhost',
      '127.0.0.1.nip.io',
      'localhost:3000:3000',
      'localhost:',
      'localhost:port',
      'localhost/x',
      '::1',
      '[::1',
      '[not-an-address]',
      'localhost@attacker.example',
    ]) {
      expect(isOwnHost(host, 'forms.lan'), String(host)).toBe(false);
    }
  });
});
