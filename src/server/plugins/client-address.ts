// The one place a client's address becomes the key its limits are counted under. An IPv6 client is
// keyed by its /64: one subscriber or host is routinely given a whole /64, so counting per address
// would give it 2⁶⁴ fresh keys. IPv4 (and IPv4 mapped into IPv6) is keyed by its address.
import type { FastifyRequest } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';

/** `203.0.113.7` → itself; `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`; `::ffff:203.0.113.7` → `203.0.113.7`. */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  let groups = expandIpv6(bare.toLowerCase());
  const ipv4 = groups.at(-1) ?? '';
  if (isIPv4(ipv4)) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
    groups = [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  }
  const words = groups.map((g) => parseInt(g, 16));
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 client it is.
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    const [hi = 0, lo = 0] = words.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
}

/** The eight groups of an IPv6 address (the last may still be a dotted IPv4 part). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(':') : [];
  const width = right.at(-1)?.includes('.') || left.at(-1)?.includes('.') ? 7 : 8;
  return [...left, ...Array<string>(Math.max(0, width - left.length - right.length)).fill('0'), ...right];
}

/** The key a request's client is counted under, by every throttle. */
export const clientKeyOf = (request: FastifyRequest): string => addressKey(request.ip);
