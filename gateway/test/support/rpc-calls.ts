import { jest } from '@jest/globals';
import { GATEWAY_CONTEXT, type GatewayContext } from '../../src/gateway.context.js';
import type { TestGateway } from './test-gateway.js';

type Send = (subject: string, payload: unknown) => Promise<unknown>;

/**
 * The gateways' calls to the services go through `handle` (given each call and the real `send`) until
 * `restore` (or jest.restoreAllMocks): how a test holds, fails or answers one call of its choosing.
 * Every gateway's, peers' too: the one that handles an event (they share its consumers) is any of them.
 */
export function interceptRpc(gw: TestGateway, handle: (subject: string, payload: unknown, send: Send) => Promise<unknown>) {
  const spies = gw.gateways().map((gateway) => {
    const rpc = gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc as { send: Send };
    const send = rpc.send.bind(rpc);
    return jest.spyOn(rpc, 'send').mockImplementation((subject, payload) => handle(subject, payload, send));
  });
  return { restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
