import { type ErrorCode, ErrorCodes } from './error-codes.js';
import { Messages } from './messages.js';

/**
 * Expected failures travel between services as `{status, code, message}` and the gateway maps
 * `status` onto the HTTP response. No stack trace ever leaves a service.
 */
export interface RpcErrorBody {
  status: number;
  code: ErrorCode;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** when the request may be made again, in seconds (a 429's or a 503's Retry-After; HTTP only) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): RpcErrorBody {
    return { status: this.status, code: this.code, message: this.message };
  }
}

export const badRequest = (message: string, code: ErrorCode = ErrorCodes.badRequest) => new DomainError(400, code, message);
export const unauthorized = (message: string = Messages.notSignedIn, code: ErrorCode = ErrorCodes.unauthorized) => new DomainError(401, code, message);
export const forbidden = (message = 'Forbidden', code: ErrorCode = ErrorCodes.forbidden) => new DomainError(403, code, message);
/** the member must pay to use this (a general member without an active subscription, an airline member who is not staff); the app's gate sends them to /subscribe first, and the socket's ack carries the code as HTTP does */
export const subscriptionRequired = () => new DomainError(402, ErrorCodes.subscriptionRequired, 'An active subscription is required');
/** another account type asked for once the profile is complete (`userTypeChangeAllowed`) */
export const userTypeLocked = () => new DomainError(409, ErrorCodes.userTypeLocked, Messages.userTypeLocked);
export const notFound = (message = 'Not found', code: ErrorCode = ErrorCodes.notFound) => new DomainError(404, code, message);
export const conflict = (message: string, code: ErrorCode = ErrorCodes.conflict) => new DomainError(409, code, message);
export const tooManyRequests = (message: string, code: ErrorCode = ErrorCodes.rateLimited, retryAfterSeconds?: number) => new DomainError(429, code, message, retryAfterSeconds);
/** too busy for the request right now: try again after `retryAfterSeconds` */
export const unavailable = (message: string, code: ErrorCode, retryAfterSeconds?: number) => new DomainError(503, code, message, retryAfterSeconds);

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}
