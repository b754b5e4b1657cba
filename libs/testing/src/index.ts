export * from './infra.js';
export * from './app-process.js';
export * from './http-client.js';
export * from './mailbox.js';
export * from './distributed.js';
