export * from './event-envelope.js';
export * from './delivery-policy.js';
export * from './logger.js';
export * from './in-process-event-bus.js';
export * from './jetstream-event-bus.js';
export * from './outbox.js';
export * from './inbox.js';
export * from './postgres-event-bus.js';
