/** The few log methods the messaging lib needs; satisfied by `console`, NestJS `Logger` and pino. */
export interface EventBusLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: EventBusLogger = console;
