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

/**
 * Holds the gateways' calls of `subjects` whose payload `matches` until `release` (requests already
 * past their session check, on their way to a service): `reached` settles once a call of each subject
 * is held. `restore` lets them all go and ends the interception (one interception at a time).
 */
export function holdRpc(gw: TestGateway, subjects: readonly string[], matches: (payload: unknown) => boolean = () => true) {
  const waiting = new Set(subjects);
  let arrived = () => {};
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const rpc = interceptRpc(gw, async (called, payload, send) => {
    if (subjects.includes(called) && matches(payload)) {
      waiting.delete(called);
      if (!waiting.size) arrived();
      await gate;
    }
    return send(called, payload);
  });
  return {
    reached,
    release,
    restore: () => {
      release();
      rpc.restore();
    },
  };
}

/** whose call it is (the member a service is asked to act for) */
export const forMember = (userId: string) => (payload: unknown) => (payload as { userId?: string }).userId === userId;
