export * from './data-source.js';
export * from './database.port.js';
export * from './embedded-database.js';
export * from './query-error-logger.js';
