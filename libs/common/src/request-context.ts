import type { EnqueueOptions, JobHandler, JobQueue, RegisterOptions } from '@aero/ports';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of the user action being handled, carried in async context: set once where the
 * action enters (the gateway's HTTP request, an RPC call, an event delivery, a job run) and read
 * wherever it is needed (log lines, outgoing RPC calls, outbox rows, enqueued jobs), so no code
 * passes it by hand. The store is the id itself: nothing is allocated per read.
 */
const context = new AsyncLocalStorage<string>();

/** the HTTP and NATS header that carries the id */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** true for an id safe to log and to pass on: 1 to 64 characters of letters, digits, `.`, `_`, `-` */
export const isSafeRequestId = (value: unknown): value is string => typeof value === 'string' && SAFE_REQUEST_ID.test(value);

/** the incoming id when it is safe (see isSafeRequestId), else a fresh one (a uuid) */
export const requestIdFrom = (incoming: unknown): string => (isSafeRequestId(incoming) ? incoming : randomUUID());

/** the id of the action being handled, if any */
export const currentRequestId = (): string | undefined => context.getStore();

/** runs `fn` with `requestId` as the current id; without one (or an unsafe one), runs it as it is */
export function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return isSafeRequestId(requestId) ? context.run(requestId, fn) : fn();
}

/**
 * The job queue with request ids: a job enqueued while a user action is handled carries its id,
 * and its handler runs with that id as the current one (in whichever process picks it up).
 */
export function carryingRequestIds(queue: JobQueue): JobQueue {
  return {
    register<T>(name: string, handler: JobHandler<T>, options?: RegisterOptions) {
      queue.register<T>(name, (data, job) => withRequestId(job.requestId, () => handler(data, job)), options);
    },
    enqueue<T>(name: string, data: T, options?: EnqueueOptions) {
      const requestId = options?.requestId ?? currentRequestId();
      return queue.enqueue(name, data, requestId ? { ...options, requestId } : options);
    },
    ...(queue.depth ? { depth: () => queue.depth!() } : {}),
    close: () => queue.close(),
  };
}
