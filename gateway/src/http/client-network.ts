import ipaddr from 'ipaddr.js';

/** the prefix an IPv6 client is counted by: a subscriber's own network, inside which they choose addresses freely */
const IPV6_CLIENT_PREFIX = 64;
/** the prefix of an IPv6 site: 65,536 /64s, which anyone can have for free (tunnel brokers) */
const IPV6_SITE_PREFIX = 48;

const ipv6Network = (address: ipaddr.IPv6, prefix: number) => `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/${prefix}`).toString()}/${prefix}`;

/**
 * The networks a client address stands for in per-IP limits, read once per request:
 * - `client`: an IPv4 address itself (an IPv4-mapped IPv6 address included), an IPv6 address its
 *   /64. One IPv6 subscriber holds a whole /64 and can take a fresh address for each request, so
 *   counting addresses one by one would give them a fresh budget each time;
 * - `site`: an IPv6 address's /48, whose /64s one holder may have by the thousand (null for IPv4).
 * Anything that is not an address is its own client, of no site.
 */
export function clientNetworks(ip: string): { client: string; site: string | null } {
  if (!ipaddr.isValid(ip)) return { client: ip, site: null };
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return { client: address.toString(), site: null };
  const v6 = address as ipaddr.IPv6;
  return { client: ipv6Network(v6, IPV6_CLIENT_PREFIX), site: ipv6Network(v6, IPV6_SITE_PREFIX) };
}
