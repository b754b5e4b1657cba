// Infrastructure ports: each an interface with a single-node adapter and a distributed one.
// The `*.contract.ts` suites are test code: import them by path from an int-spec (the build skips them).
export * from './object-storage/object-storage.port.js';
export * from './object-storage/local-signed-url.js';
export * from './object-storage/signed-object-request.js';
export * from './object-storage/local.object-storage.js';
export * from './object-storage/s3.object-storage.js';
export * from './mailer/mailer.port.js';
export * from './mailer/dev-mailbox.mailer.js';
export * from './mailer/smtp.mailer.js';
export * from './key-value-store/key-value-store.port.js';
export * from './key-value-store/memory.key-value-store.js';
export * from './key-value-store/redis.key-value-store.js';
export * from './job-queue/job-queue.port.js';
export * from './job-queue/in-process.job-queue.js';
export * from './job-queue/bullmq.job-queue.js';
export * from './factories.js';
export * from './rate-limiter/rate-limiter.port.js';
export * from './rate-limiter/flexible.rate-limiter.js';
