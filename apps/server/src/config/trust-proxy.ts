import { isIP } from 'node:net';
import type { TrustProxy } from './config-types.js';

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty, `false` or `0` trust nobody; a whole number trusts that many hops in front of
 * the server; otherwise a comma-separated list of proxy addresses / CIDR ranges. `true` (trust every
 * peer's X-Forwarded-For) is refused: any client could then choose its own address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return Number.isSafeInteger(hops) ? hops : { problem: 'must be a hop count such as 1' };
  }
  if (value === 'true') {
    return {
      problem:
        'must not be true (every client could then pick its own address): give the number of proxies in front of the server, or their addresses',
    };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return {
      problem: `must be false, a hop count, or a comma-separated list of IP addresses / CIDR ranges (such as 10.0.0.0/8); not valid: ${invalid.join(', ')}`,
    };
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
