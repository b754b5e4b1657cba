import { ErrorCodes, isRpcErrorBody, type RpcErrorBody, type RpcReply, type RpcRequest, type RpcSubject } from '@aero/contracts';
import type { InProcessBroker } from './in-process-broker.js';

/** A failed request: carries the typed body the service replied with. */
export class RpcError extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(body.message);
    this.name = 'RpcError';
  }
}

/** How the gateway (and services, rarely) call a service, typed by the RPC contract: `send(Rpc.identity.login, { email, password })`. */
export interface RpcClient {
  send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>>;
  close(): Promise<void>;
}

/** a failure of any transport as the RpcError the callers handle (a timeout or no responder: 503) */
export const toRpcError = (err: unknown): RpcError => {
  if (err instanceof RpcError) return err;
  if (isRpcErrorBody(err)) return new RpcError(err);
  const message = err instanceof Error ? err.message : String((err as { message?: unknown })?.message ?? err);
  if (/timeout|no responders|503/i.test(message)) return new RpcError({ status: 503, code: ErrorCodes.unavailable, message: 'Service unavailable, please try again' });
  return new RpcError({ status: 500, code: ErrorCodes.internal, message: 'Internal server error' });
};

/** Calls in this process: the handler runs in the caller's async context, so it has the caller's request id without a header. */
export class InProcessRpcClient implements RpcClient {
  constructor(private readonly broker: InProcessBroker) {}
  send<S extends RpcSubject>(subject: S, data: RpcRequest<S>): Promise<RpcReply<S>> {
    return this.broker.request<RpcReply<S>>(subject, data).catch((err: unknown) => Promise.reject(toRpcError(err)));
  }
  async close() {}
}
