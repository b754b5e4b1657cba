import ipaddr from 'ipaddr.js';

/** the prefix an IPv6 client is counted by: a subscriber's own network, inside which they choose addresses freely */
const IPV6_CLIENT_PREFIX = 64;

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
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/${IPV6_CLIENT_PREFIX}`).toString()}/${IPV6_CLIENT_PREFIX}`;
}
