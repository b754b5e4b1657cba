import { Queue, Worker } from 'bullmq';
import {
  assertJobName,
  defaultJobLog,
  JOB_DEFAULTS,
  JOB_ID_RETENTION_SECONDS,
  type EnqueueOptions,
  type JobHandler,
  type JobQueueDepth,
  type JobLog,
  type JobQueue,
  type RegisterOptions,
} from './job-queue.port.js';

export interface BullMqJobQueueOptions {
  url: string;
  /** BullMQ key prefix, e.g. `aero:bull` (tests use a unique one and delete it afterwards) */
  prefix: string;
  log?: JobLog;
}

/** what a BullMQ job holds: the job's data, and the request id that goes with it */
interface StoredJob {
  data: unknown;
  requestId?: string;
}

/**
 * Distributed job queue on BullMQ (`REDIS_URL`): one BullMQ queue per job name; every process
 * that registers a handler runs a worker, so jobs spread over replicas and survive restarts.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly log: JobLog;
  private closed = false;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.log = options.log ?? defaultJobLog;
  }

  register<T>(name: string, handler: JobHandler<T>, options: RegisterOptions = {}): void {
    assertJobName(name);
    if (this.workers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
    const worker = new Worker<StoredJob>(name, async (job) => handler(job.data.data as T, { requestId: job.data.requestId }), {
      connection: { url: this.options.url },
      prefix: this.options.prefix,
      concurrency: Math.max(1, options.concurrency ?? JOB_DEFAULTS.concurrency),
    });
    worker.on('failed', (job, error) => {
      // Retries are BullMQ's business; log only the final failure, as the in-process queue does.
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.log(`Job "${name}" failed after ${job.attemptsMade} attempt(s)`, error);
      }
    });
    worker.on('error', (error) => this.log(`Job worker "${name}" error`, error));
    this.workers.set(name, worker);
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<void> {
    assertJobName(name);
    if (this.closed) throw new Error('Job queue is closed');
    const stored: StoredJob = options.requestId ? { data, requestId: options.requestId } : { data };
    await this.queue(name).add(name, stored, {
      attempts: Math.max(1, options.attempts ?? JOB_DEFAULTS.attempts),
      backoff: { type: 'exponential', delay: options.backoffMs ?? JOB_DEFAULTS.backoffMs },
      delay: options.delayMs,
      jobId: options.jobId,
      // Finished jobs are kept only as long as their ids should block duplicates.
      removeOnComplete: { age: JOB_ID_RETENTION_SECONDS.completed },
      removeOnFail: { age: JOB_ID_RETENTION_SECONDS.failed },
    });
  }

  /** BullMQ's counts (one Redis round trip per job name) of every name registered or enqueued here */
  async depth(): Promise<JobQueueDepth[]> {
    if (this.closed) return [];
    const names = new Set([...this.workers.keys(), ...this.queues.keys()]);
    return Promise.all(
      [...names].map(async (name) => {
        const counts = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
        return { queue: name, waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
      }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    // Workers first: they finish the jobs they are running, then the producers close.
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.workers.clear();
    this.queues.clear();
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: { url: this.options.url }, prefix: this.options.prefix });
      queue.on('error', (error) => this.log(`Job queue "${name}" error`, error));
      this.queues.set(name, queue);
    }
    return queue;
  }
}
