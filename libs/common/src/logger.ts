import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import { currentRequestId } from './request-context.js';

/** where the process's log lines go: stdout, unless `logTo` redirects them (tests read them back) */
const output = {
  target: pino.destination(1) as DestinationStream,
  write(line: string) {
    this.target.write(line);
  },
};

const root = pino(
  {
    level: process.env.LOG_LEVEL || 'info',
    base: { app: 'aero' },
    // every line written while handling a user action carries its id (children inherit the mixin)
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  },
  output,
);

/** pino behind Nest's LoggerService: JSON lines, one logger per process, child per context. */
export class PinoLogger implements LoggerService {
  constructor(private readonly sink: Pino = root) {}

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
  /** whether info lines are written: check it before building one on a hot path (the access log) */
  get informing(): boolean {
    return this.sink.isLevelEnabled('info');
  }
  /** whether debug lines are written: check it before building a debug line on a hot path */
  get debugging(): boolean {
    return this.sink.isLevelEnabled('debug');
  }
  /** a warning with fields, e.g. `{ sqlState }` */
  warnWith(message: string, extra: Record<string, unknown>) {
    this.sink.warn(extra, message);
  }
  /** a debug line with fields, e.g. `{ subject }` */
  debugWith(message: string, extra: Record<string, unknown>) {
    this.sink.debug(extra, message);
  }
}

export const rootLogger = new PinoLogger();

/**
 * Sends the log lines of every logger created from now on (and of rootLogger) to `target`, at
 * `level` when given; returns the function that puts stdout and the level back. For tests.
 */
export function logTo(target: DestinationStream, level?: string): () => void {
  const previous = { target: output.target, level: root.level };
  output.target = target;
  if (level) root.level = level;
  return () => {
    output.target = previous.target;
    root.level = previous.level;
  };
}
