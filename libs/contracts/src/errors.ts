import { Messages } from './messages.js';

/**
 * Expected failures travel between services as `{status, code, message}` and the gateway maps
 * `status` onto the HTTP response. No stack trace ever leaves a service.
 */
export interface RpcErrorBody {
  status: number;
  code: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): RpcErrorBody {
    return { status: this.status, code: this.code, message: this.message };
  }
}

export const badRequest = (message: string, code = 'bad_request') => new DomainError(400, code, message);
export const unauthorized = (message: string = Messages.notSignedIn, code = 'unauthorized') => new DomainError(401, code, message);
export const forbidden = (message = 'Forbidden', code = 'forbidden') => new DomainError(403, code, message);
/** the code of `subscriptionRequired`: the socket's ack carries it as HTTP does, so the app can send the member to /subscribe */
export const SUBSCRIPTION_REQUIRED_CODE = 'subscription_required';
/** the member must pay to use this (a general member without an active subscription, an airline member who is not staff); the app's gate sends them to /subscribe first */
export const subscriptionRequired = () => new DomainError(402, SUBSCRIPTION_REQUIRED_CODE, 'An active subscription is required');
/** the code of `userTypeLocked` */
export const USER_TYPE_LOCKED_CODE = 'user_type_locked';
/** another account type asked for once the profile is complete (`userTypeChangeAllowed`) */
export const userTypeLocked = () => new DomainError(409, USER_TYPE_LOCKED_CODE, Messages.userTypeLocked);
export const notFound = (message = 'Not found', code = 'not_found') => new DomainError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new DomainError(409, code, message);
export const tooManyRequests = (message: string, code = 'rate_limited') => new DomainError(429, code, message);

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}
