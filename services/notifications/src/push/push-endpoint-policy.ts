import { isIP } from 'node:net';

/**
 * Which push endpoints the server will send to. The server makes requests to an address the
 * browser chose, so in production it must be https and name a public host (no IP literal, no
 * localhost): real push services (FCM, Mozilla autopush, Apple, WNS) are all https hostnames.
 * Outside production a local http push service is allowed (the integration tests' stand-in).
 * Returns what is wrong, or null.
 */
export function pushEndpointProblem(endpoint: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not http(s)';
  if (url.username || url.password) return 'credentials in the URL';
  if (!production) return null;
  if (url.protocol !== 'https:') return 'not https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'not a public host name';
  return null;
}
