import { lookup, Resolver } from 'node:dns/promises';
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

type ResolvedAddress = { address: string; family: 4 | 6 };

/** The longest a webhook's name may take to resolve, within the attempt's own time limit. */
export const WEBHOOK_DNS_TIMEOUT_MS = 5_000;

/**
 * Public names are asked of DNS directly (c-ares, in the event loop, each query at most 2 s and tried
 * twice), never through the system's getaddrinfo: that runs on libuv's thread pool, four threads shared
 * with file access, compression and every other lookup of the process, and a receiver's name server that
 * never answers held them 20 s a send, so any owner could stall every owner's sheet sync (a review).
 */
const resolver = new Resolver({ timeout: 2_000, tries: 2 });

async function resolvePublicName(name: string): Promise<ResolvedAddress[]> {
  // 'localhost' is not asked of DNS (RFC 6761): it is this host, which a webhook may not reach anyway.
  if (name === 'localhost' || name.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }];
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
  const addresses: ResolvedAddress[] = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ];
  if (addresses.length === 0) {
    const reason = v4.status === 'rejected' ? v4.reason : v6.status === 'rejected' ? v6.reason : undefined;
    throw new Error(`${name} could not be resolved${reason instanceof Error ? ` (${reason.message})` : ''}`);
  }
  return addresses;
}

/** How names are resolved: the system's way (private networks allowed), and DNS asked directly. */
export interface NameResolvers {
  system(name: string): Promise<ResolvedAddress[]>;
  dns(name: string): Promise<ResolvedAddress[]>;
  timeoutMs?: number;
}

const SYSTEM_AND_DNS: NameResolvers = {
  system: (name) => lookup(name, { all: true, verbatim: true }) as Promise<ResolvedAddress[]>,
  dns: resolvePublicName,
};

/** Fails after `ms`: a lookup that never settles must not hold the attempt, or the lease, beyond it. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address to connect to for `hostname`, resolved now (at every attempt, so a name that moves to a
 * private address later is caught) and checked; the connection then goes to exactly this address, so DNS
 * cannot answer differently between the check and the connection. Every address of the name must be
 * allowed: a name with one public and one private address is refused. With private addresses allowed (a
 * self-hoster's own network), names are looked up as the system does (its hosts file, its search
 * domains), still within WEBHOOK_DNS_TIMEOUT_MS; otherwise they are asked of DNS directly.
 */
export async function resolveAllowed(
  hostname: string,
  allowPrivate: boolean,
  resolvers: NameResolvers = SYSTEM_AND_DNS,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const addresses = literal
    ? [{ address: bare, family: literal as 4 | 6 }]
    : await within(
        resolvers.timeoutMs ?? WEBHOOK_DNS_TIMEOUT_MS,
        `Resolving ${bare}`,
        allowPrivate ? resolvers.system(bare) : resolvers.dns(bare),
      );
  const first = addresses[0];
  if (!first) throw new Error(`${hostname} has no address`);
  if (!allowPrivate && addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new ForbiddenAddressError(hostname);
  }
  return first;
}
