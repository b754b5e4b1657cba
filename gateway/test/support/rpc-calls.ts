import { jest } from '@jest/globals';
import { GATEWAY_CONTEXT, type GatewayContext } from '../../src/gateway.context.js';
import type { TestGateway } from './test-gateway.js';

type Send = (subject: string, payload: unknown) => Promise<unknown>;

/**
 * The gateway's calls to the services go through `handle` (given each call and the real `send`) until
 * `restore` (or jest.restoreAllMocks): how a test holds, fails or answers one call of its choosing.
 */
export function interceptRpc(gw: TestGateway, handle: (subject: string, payload: unknown, send: Send) => Promise<unknown>) {
  const rpc = gw.gateway.app.get<GatewayContext>(GATEWAY_CONTEXT).rpc as { send: Send };
  const send = rpc.send.bind(rpc);
  const spy = jest.spyOn(rpc, 'send').mockImplementation((subject, payload) => handle(subject, payload, send));
  return { restore: () => spy.mockRestore() };
}
