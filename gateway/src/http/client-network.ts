import ipaddr from 'ipaddr.js';

/** the prefix an IPv6 client is counted by: a subscriber's own network, inside which they choose addresses freely */
const IPV6_CLIENT_PREFIX = 64;
/** the prefix of an IPv6 site: 65,536 /64s, which anyone can have for free (tunnel brokers) */
const IPV6_SITE_PREFIX = 48;

const ipv6Network = (address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number) => `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/${prefix}`).toString()}/${prefix}`;

/**
 * The network a client address stands for in per-IP limits: an IPv4 address itself (an
 * IPv4-mapped IPv6 address included), an IPv6 address its /64. One IPv6 subscriber holds a whole
 * /64 and can take a fresh address for each request, so counting addresses one by one would give
 * them a fresh budget each time. Anything that is not an address is returned as it is.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return ipv6Network(address, IPV6_CLIENT_PREFIX);
}

/** the /48 of an IPv6 client, whose /64s one holder may have by the thousand; null for IPv4 (and anything that is not an address) */
export function clientSite(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  return address.kind() === 'ipv6' ? ipv6Network(address, IPV6_SITE_PREFIX) : null;
}
