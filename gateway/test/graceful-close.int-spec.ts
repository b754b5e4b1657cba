import { ServerLimits } from '@aero/contracts';
import { connect, type Socket } from 'node:net';
import { API_DOCS_PATH } from '../src/openapi/api-docs.js';
import { startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * A closing gateway finishes the answers in flight, but a client that stopped reading its answer
 * does not hold the close (and the services', queues' and event consumers' closes behind it):
 * its connection is cut once `ServerLimits.httpDrainMs` has passed, within Kubernetes' 30 s.
 */
describe('graceful close (single-node)', () => {
  let gw: TestGateway;
  let reader: Socket | undefined;
  beforeAll(async () => {
    gw = await startTestGateway('single-node');
  });
  afterAll(async () => {
    reader?.destroy();
    await gw?.close();
  });

  it('cuts a connection whose answers are not read once the drain time has passed, and closes', async () => {
    // sixteen requests for Swagger UI's script (1.5 MB each, uncompressed) sent at once on one
    // connection whose answers are never read: more than the kernel's buffers take, so the server
    // is still writing when the close begins
    const { hostname, port } = new URL(gw.base);
    const request = `GET ${API_DOCS_PATH}/swagger-ui-bundle.js HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`;
    const socket = connect(Number(port), hostname);
    reader = socket;
    socket.pause();
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(request.repeat(16));
    await new Promise((r) => setTimeout(r, 500));

    const began = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([gw.stop().then(() => 'closed'), new Promise((r) => (timer = setTimeout(r, ServerLimits.httpDrainMs + 10_000, 'still closing')))]);
    clearTimeout(timer);
    expect(closed).toBe('closed');
    // not before the drain time: the answers in flight had it to finish
    expect(Date.now() - began).toBeGreaterThanOrEqual(ServerLimits.httpDrainMs - 100);
    socket.resume();
    await cut;
    expect(socket.destroyed).toBe(true);
  });
});
