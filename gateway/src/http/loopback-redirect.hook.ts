import type { FastifyInstance } from 'fastify';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** the host name and port of a Host header (`[::1]:3000` → `[::1]`, `3000`), or null when it is not one */
function hostOf(header: string | undefined): { name: string; port: string } | null {
  const found = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d+))?$/i.exec(header ?? '');
  return found ? { name: found[1]!.toLowerCase(), port: found[2] ?? '80' } : null;
}

/**
 * A page opened on this machine under another loopback name than PUBLIC_URL's (127.0.0.1 or [::1]
 * for the default http://localhost:PORT, on the same port) is sent there: the app's calls, its
 * session cookie and its photos belong to PUBLIC_URL's origin, and from another one every sign-up
 * or sign-in would be refused as coming from another site. Only browser page loads (GET or HEAD
 * asking for HTML) of a loopback PUBLIC_URL; the address sent to is PUBLIC_URL's origin with the
 * request's own path, never anything the Host header says.
 */
export function registerLoopbackRedirect(app: FastifyInstance, publicUrl: string) {
  const target = new URL(publicUrl);
  if (!LOOPBACK_NAMES.has(target.hostname) || target.protocol !== 'http:') return;
  const port = target.port || '80';
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const host = hostOf(request.headers.host);
    if (!host || host.port !== port || host.name === target.hostname || !LOOPBACK_NAMES.has(host.name)) return done();
    if (!(request.headers.accept ?? '').includes('text/html')) return done();
    void reply.redirect(`${target.origin}${request.url}`, 308);
  });
}
