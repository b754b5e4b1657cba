import { RpcError } from '@aero/common';
import { DomainError, type ErrorCode, ErrorCodes } from '@aero/contracts';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

export interface HttpErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

/**
 * Every failure leaves the gateway as `{statusCode, code, message}`: a service's typed error
 * keeps its status and text; anything unexpected is logged and answered with a bare 500.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() === 'ws') {
      const body = toErrorBody(exception, this.logger);
      host.switchToWs().getClient<{ emit(event: string, data: unknown): void }>().emit('error', { message: body.message });
      return;
    }
    void sendError(host.switchToHttp().getResponse<FastifyReply>(), exception, this.logger);
  }
}

/** answers a failure over HTTP: its body, and the Retry-After of a refusal that knows when to come back (429 of a rate limit, 503 of a full upload gateway) */
export function sendError(reply: FastifyReply, exception: unknown, logger: Logger) {
  const body = toErrorBody(exception, logger);
  if (exception instanceof DomainError && exception.retryAfterSeconds) void reply.header('Retry-After', String(exception.retryAfterSeconds));
  return reply.status(body.statusCode).send(body);
}

/** the answer for any failure, over HTTP or the socket: a typed error keeps its status and text; anything else is logged and becomes a bare 500 */
export function toErrorBody(exception: unknown, logger: Logger): HttpErrorBody {
  if (exception instanceof RpcError) {
    const { status, code, message } = exception.body;
    if (status >= 500) logger.error(`${code}: ${message}`);
    return { statusCode: status, code, message };
  }
  if (exception instanceof DomainError) return { statusCode: exception.status, code: exception.code, message: exception.message };
  if (exception instanceof HttpException) {
    const res = exception.getResponse();
    const message = typeof res === 'string' ? res : Array.isArray((res as { message?: unknown }).message) ? String((res as { message: string[] }).message[0]) : String((res as { message?: string }).message ?? exception.message);
    const code = (typeof res === 'object' && (res as { code?: ErrorCode }).code) || httpCode(exception.getStatus());
    return { statusCode: exception.getStatus(), code, message };
  }
  const fastifyError = exception as { statusCode?: number; message?: string; code?: string };
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, code: ErrorCodes.badRequest, message: fastifyError.message ?? 'Bad request' };
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { statusCode: 500, code: ErrorCodes.internal, message: 'Internal server error' };
}

const httpCode = (status: number): ErrorCode =>
  ({ 400: ErrorCodes.validation, 401: ErrorCodes.unauthorized, 403: ErrorCodes.forbidden, 404: ErrorCodes.notFound, 409: ErrorCodes.conflict, 413: ErrorCodes.tooLarge, 429: ErrorCodes.rateLimited })[status] ?? ErrorCodes.error;
