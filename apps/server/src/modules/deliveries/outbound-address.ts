import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE: this host and its network, private
 * ranges, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and
 * documentation ranges, and the IPv6 forms of the same (IPv4-mapped addresses are checked as IPv4;
 * NAT64 and 6to4 can embed any IPv4 address, so they are refused whole).
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class ForbiddenAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or reserved address, which webhooks may not reach`);
    this.name = 'ForbiddenAddressError';
  }
}

/**
 * The address to connect to for `hostname`, resolved now (at every attempt, so a name that moves to a
 * private address later is caught) and checked; the connection then goes to exactly this address, so DNS
 * cannot answer differently between the check and the connection. Every address of the name must be
 * allowed: a name with one public and one private address is refused.
 */
export async function resolveAllowed(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const addresses = literal
    ? [{ address: bare, family: literal as 4 | 6 }]
    : ((await lookup(bare, { all: true, verbatim: true })) as { address: string; family: 4 | 6 }[]);
  const first = addresses[0];
  if (!first) throw new Error(`${hostname} has no address`);
  if (!allowPrivate && addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new ForbiddenAddressError(hostname);
  }
  return first;
}
