import { DomainError, ErrorCodes, Messages, type RpcErrorBody } from '@aero/contracts';
import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError } from 'rxjs';

/**
 * Turns whatever a handler throws into the typed `{status, code, message}` reply. Unknown
 * errors are logged here and leave the service as a bare 500 without details.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost) {
    return throwError(() => this.toBody(exception));
  }

  private toBody(exception: unknown): RpcErrorBody {
    if (exception instanceof DomainError) return exception.toBody();
    if (exception instanceof RpcException) {
      const e = exception.getError();
      if (typeof e === 'object' && e && 'status' in e) return e as RpcErrorBody;
    }
    if (exception instanceof BadRequestException) {
      const res = exception.getResponse() as { message?: string | string[] };
      const message = Array.isArray(res.message) ? res.message[0] : (res.message ?? Messages.invalidRequest);
      return { status: 400, code: ErrorCodes.validation, message };
    }
    if (exception instanceof HttpException) return { status: exception.getStatus(), code: ErrorCodes.http, message: exception.message };
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { status: 500, code: ErrorCodes.internal, message: 'Internal server error' };
  }
}
