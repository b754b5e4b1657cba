import type { LoggerService } from '@nestjs/common';
import pino, { type Logger as Pino } from 'pino';

/** pino behind Nest's LoggerService: JSON lines, one logger per process, child per context. */
export class PinoLogger implements LoggerService {
  constructor(private readonly sink: Pino = pino({ level: process.env.LOG_LEVEL || 'info', base: { app: 'aero' } })) {}

  child(bindings: Record<string, unknown>) {
    return new PinoLogger(this.sink.child(bindings));
  }
  log(message: unknown, context?: string) {
    this.sink.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.sink.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.sink.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.sink.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.sink.trace({ context }, String(message));
  }
  info(message: string, extra?: Record<string, unknown>) {
    this.sink.info(extra ?? {}, message);
  }
}

export const rootLogger = new PinoLogger();
