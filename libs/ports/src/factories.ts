import { join } from 'node:path';
import type { Settings } from '@aero/config';
import { BullMqJobQueue } from './job-queue/bullmq.job-queue.js';
import { InProcessJobQueue } from './job-queue/in-process.job-queue.js';
import type { JobLog, JobQueue } from './job-queue/job-queue.port.js';
import type { KeyValueStore } from './key-value-store/key-value-store.port.js';
import { MemoryKeyValueStore } from './key-value-store/memory.key-value-store.js';
import { RedisKeyValueStore } from './key-value-store/redis.key-value-store.js';
import { DevMailbox } from './mailer/dev-mailbox.mailer.js';
import type { Mailer } from './mailer/mailer.port.js';
import { SmtpMailer } from './mailer/smtp.mailer.js';
import { LocalObjectStorage } from './object-storage/local.object-storage.js';
import type { ObjectStorage } from './object-storage/object-storage.port.js';
import { S3ObjectStorage } from './object-storage/s3.object-storage.js';
import { MemoryRateLimiters, RedisRateLimiters } from './rate-limiter/flexible.rate-limiter.js';
import type { RateLimiters } from './rate-limiter/rate-limiter.port.js';

// Each factory looks only at its own setting, so any mix of single-node and distributed adapters
// works (e.g. local files with real SMTP). Nothing connects until first use.

/** S3 when `S3_ENDPOINT`/`S3_ACCESS_KEY`/`S3_SECRET_KEY` are set, else `<dataDir>/objects`. */
export function createObjectStorage(settings: Pick<Settings, 's3' | 'dataDir' | 'publicUrl'>, hmacSecret: string): ObjectStorage {
  if (settings.s3) return new S3ObjectStorage(settings.s3);
  return new LocalObjectStorage({ root: join(settings.dataDir, 'objects'), publicUrl: settings.publicUrl, secret: hmacSecret });
}

/** SMTP when `SMTP_URL` is set, else the dev mailbox in `<dataDir>/mailbox` (its summaries go to `log`, console.info by default). */
export function createMailer(settings: Pick<Settings, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log?: (line: string) => void): Mailer {
  if (settings.smtpUrl) return new SmtpMailer({ url: settings.smtpUrl, from: settings.mailFrom });
  return new DevMailbox({ dir: join(settings.dataDir, 'mailbox'), from: settings.mailFrom, log });
}

/**
 * BullMQ (keys under `<REDIS_PREFIX>bull:`) when `REDIS_URL` is set, else in-process, its delayed
 * jobs kept in `<DATA_DIR>/jobs-<process>.json` across restarts; failures go to `log` (console.warn by default).
 */
export function createJobQueue(settings: Pick<Settings, 'redisUrl' | 'redisPrefix' | 'dataDir'>, log?: JobLog, process = 'aero'): JobQueue {
  if (settings.redisUrl) return new BullMqJobQueue({ url: settings.redisUrl, prefix: `${settings.redisPrefix}bull`, log });
  return new InProcessJobQueue(log, { keepDelayedIn: join(settings.dataDir, `jobs-${process}.json`) });
}

/** Redis (keys under `<REDIS_PREFIX>kv:`) when `REDIS_URL` is set, else memory. */
export function createKeyValueStore(settings: Pick<Settings, 'redisUrl' | 'redisPrefix'>): KeyValueStore {
  if (settings.redisUrl) return new RedisKeyValueStore({ url: settings.redisUrl, keyPrefix: `${settings.redisPrefix}kv:` });
  return new MemoryKeyValueStore();
}

/** Redis (keys under `<REDIS_PREFIX>rl:`) when `REDIS_URL` is set, else memory. */
export function createRateLimiters(settings: Pick<Settings, 'redisUrl' | 'redisPrefix'>): RateLimiters {
  if (settings.redisUrl) return new RedisRateLimiters({ url: settings.redisUrl, keyPrefix: `${settings.redisPrefix}rl:` });
  return new MemoryRateLimiters();
}
