import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The operations port of a process (METRICS_PORT), apart from the product's own: `/metrics`
 * (Prometheus text format), `/livez` (the process runs) and `/readyz` (what it depends on
 * answers, per `ready`), so Kubernetes and Prometheus reach every process, services included.
 */
export async function startOpsServer(port: number, metrics: Metrics, ready: () => Promise<boolean>): Promise<OpsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET') return send(405, 'method not allowed\n');
    if (path === '/livez') return send(200, 'ok\n');
    if (path === '/readyz') {
      void ready().then(
        (ok) => send(ok ? 200 : 503, ok ? 'ready\n' : 'not ready\n'),
        () => send(503, 'not ready\n'),
      );
      return;
    }
    if (path === '/metrics') {
      void metrics.registry.metrics().then(
        (text) => send(200, text, metrics.registry.contentType),
        (err: Error) => send(500, `${err.message}\n`),
      );
      return;
    }
    send(404, 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
