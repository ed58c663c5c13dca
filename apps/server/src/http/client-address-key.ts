import { isIPv4, isIPv6 } from 'node:net';

/**
 * The one key every value that is not an address counts under. No address is written this way, so it
 * never shares a budget with a real client.
 */
export const INVALID_ADDRESS_KEY = 'invalid';

/**
 * The key every per-address limit counts under (rate limits, the connection cap, Redis counters).
 *
 * One IPv6 subscriber usually holds a whole /64 and can pick any of its 2^64 addresses per request, so a
 * key per full IPv6 address would be a budget per request: IPv6 clients are keyed by their /64, written
 * canonically (`2001:db8:1:2::/64`). An IPv4-mapped address (`::ffff:192.0.2.1`, what a dual-stack
 * socket reports for an IPv4 peer) is that IPv4 address, so both spellings share one budget. IPv4 stays
 * as it is.
 *
 * Behind TRUST_PROXY the address comes from X-Forwarded-For, where some proxies (Azure Application
 * Gateway, Front Door) write the client's port too: the port is dropped, or every source port would be a
 * budget of its own. Anything that is still not an address is keyed as INVALID_ADDRESS_KEY, all of it
 * together: a key per string would let a client mint a fresh budget per request.
 */
export function addressKey(ip: string): string {
  const address = withoutPort(ip);
  if (isIPv4(address)) return address;
  // A zone id (`fe80::1%eth0`) names the local interface, not the peer.
  const hextets = parseIPv6(address.replace(/%.*$/, ''));
  if (!hextets) return INVALID_ADDRESS_KEY;
  if (isMappedIPv4(hextets)) return ipv4Of(hextets[6] ?? 0, hextets[7] ?? 0);
  return `${formatIPv6([...hextets.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** `192.0.2.1:5555`: an IPv4 address and a port. */
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
/** `[2001:db8::1]:443` or `[2001:db8::1]`: an IPv6 address in brackets, with or without a port. */
const BRACKETED_WITH_PORT = /^\[([^\]]*)\](?::\d{1,5})?$/;

/**
 * The address without the port (and the brackets IPv6 needs around it when a port follows). A bare IPv6
 * address is left whole: its last group is never a port.
 */
function withoutPort(text: string): string {
  return IPV4_WITH_PORT.exec(text)?.[1] ?? BRACKETED_WITH_PORT.exec(text)?.[1] ?? text;
}

/** The eight 16-bit groups of an IPv6 address in any spelling, or undefined if it is not one. */
function parseIPv6(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined;
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups (`::ffff:c000:201`).
  const hex = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_tail, a, b, c, d) => {
    const group = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
    return `${group(a, b)}:${group(c, d)}`;
  });
  const [head = '', rest] = hex.split('::');
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<number>(zeros).fill(0), ...right];
}

/** ::ffff:0:0/96, the IPv4-mapped block. */
function isMappedIPv4(hextets: number[]): boolean {
  return hextets.slice(0, 5).every((group) => group === 0) && hextets[5] === 0xffff;
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** RFC 5952's form: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIPv6(hextets: number[]): string {
  let runStart = -1;
  let runLength = 0;
  for (let i = 0; i < hextets.length; ) {
    if (hextets[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < hextets.length && hextets[end] === 0) end++;
    if (end - i > runLength) [runStart, runLength] = [i, end - i];
    i = end;
  }
  const text = (groups: number[]) => groups.map((group) => group.toString(16)).join(':');
  if (runLength < 2) return text(hextets);
  return `${text(hextets.slice(0, runStart))}::${text(hextets.slice(runStart + runLength))}`;
}
