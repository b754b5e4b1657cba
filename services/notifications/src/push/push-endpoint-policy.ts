/**
 * The push services browsers subscribe with (a host is one of these or below one): FCM (Chrome,
 * Android browsers, Opera, Samsung Internet), Mozilla autopush (Firefox), Apple (Safari), WNS (Edge).
 */
export const PUSH_SERVICE_DOMAINS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

/**
 * Which push endpoints the server will send to. The server makes requests to an address the
 * browser chose, so it must be https on a known push service (a public-looking name could still
 * resolve to an address inside our network), in every mode: a real browser always subscribes
 * with one. `anyEndpoint` (PUSH_ANY_ENDPOINT, never in production) also allows a local http push
 * service (the integration tests' stand-in).
 * Returns what is wrong, or null.
 */
export function pushEndpointProblem(endpoint: string, anyEndpoint: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not http(s)';
  if (url.username || url.password) return 'credentials in the URL';
  if (anyEndpoint) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.port) return 'not the push service\'s port';
  const host = url.hostname.toLowerCase();
  if (!PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))) return 'not a known push service';
  return null;
}
