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

interface Job {
  name: string;
  data: unknown;
  /** 1 for the first try */
  attempt: number;
  attempts: number;
  backoffMs: number;
  jobId?: string;
  requestId?: string;
}

interface Lane {
  handler?: JobHandler<unknown>;
  concurrency: number;
  running: number;
  waiting: Job[];
  /** when its jobs failed for good, kept as long as BullMQ keeps failed jobs */
  failedAt: number[];
}

/**
 * Single-node job queue: jobs live in memory (lost on restart, which the single-node mode
 * accepts) and run on the event loop after `enqueue` returns, with the same retry and
 * de-duplication rules as the BullMQ adapter.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly lanes = new Map<string, Lane>();
  /** `name:jobId` → when the id stops blocking duplicates (Infinity while waiting or running) */
  private readonly jobIds = new Map<string, number>();
  /** jobs waiting for their time (a new job's next tick, a retry's backoff), with that time */
  private readonly timers = new Map<NodeJS.Timeout, { job: Job; dueAt: number }>();
  private readonly running = new Set<Promise<void>>();
  /** no new jobs: those due are drained */
  private closing = false;
  private closed = false;

  constructor(private readonly log: JobLog = defaultJobLog) {}

  register<T>(name: string, handler: JobHandler<T>, options: RegisterOptions = {}): void {
    assertJobName(name);
    const lane = this.lane(name);
    if (lane.handler) throw new Error(`A handler for job "${name}" is already registered`);
    lane.handler = handler as JobHandler<unknown>;
    lane.concurrency = Math.max(1, options.concurrency ?? JOB_DEFAULTS.concurrency);
    this.pump(name);
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<void> {
    assertJobName(name);
    if (this.closing) throw new Error('Job queue is closed');
    if (options.jobId !== undefined) {
      const id = `${name}:${options.jobId}`;
      if ((this.jobIds.get(id) ?? 0) > Date.now()) return;
      this.jobIds.set(id, Infinity);
    }
    const job: Job = {
      name,
      data,
      attempt: 1,
      attempts: Math.max(1, options.attempts ?? JOB_DEFAULTS.attempts),
      backoffMs: options.backoffMs ?? JOB_DEFAULTS.backoffMs,
      jobId: options.jobId,
      requestId: options.requestId,
    };
    this.later(options.delayMs ?? 0, job);
  }

  /**
   * Takes no new job and runs those already due (a request answered before a shutdown keeps its
   * mail); a retry still waiting out its backoff is dropped, like everything in memory on a restart.
   */
  async close(): Promise<void> {
    this.closing = true;
    const now = Date.now();
    for (const [timer, { job, dueAt }] of this.timers) {
      clearTimeout(timer);
      if (dueAt <= now) this.lane(job.name).waiting.push(job);
    }
    this.timers.clear();
    for (const name of this.lanes.keys()) this.pump(name);
    while (this.running.size > 0) await Promise.all([...this.running]);
    this.closed = true;
    for (const lane of this.lanes.values()) lane.waiting.length = 0;
  }

  /** per job name: waiting (due), running, delayed (a delay or a retry's backoff), failed in the last 24 h */
  async depth(): Promise<JobQueueDepth[]> {
    const delayed = new Map<string, number>();
    for (const { job } of this.timers.values()) delayed.set(job.name, (delayed.get(job.name) ?? 0) + 1);
    const horizon = Date.now() - JOB_ID_RETENTION_SECONDS.failed * 1000;
    return [...this.lanes].map(([queue, lane]) => {
      while (lane.failedAt.length && lane.failedAt[0]! < horizon) lane.failedAt.shift();
      return { queue, waiting: lane.waiting.length, active: lane.running, delayed: delayed.get(queue) ?? 0, failed: lane.failedAt.length };
    });
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) this.lanes.set(name, (lane = { concurrency: JOB_DEFAULTS.concurrency, running: 0, waiting: [], failedAt: [] }));
    return lane;
  }

  /** Queues the job after `delayMs`; always via a timer, so the caller's code runs first. */
  private later(delayMs: number, job: Job) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.lane(job.name).waiting.push(job);
      this.pump(job.name);
    }, delayMs);
    this.timers.set(timer, { job, dueAt: Date.now() + delayMs });
  }

  private pump(name: string) {
    const lane = this.lane(name);
    while (!this.closed && lane.handler && lane.running < lane.concurrency && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.running++;
      const run = this.run(lane.handler, job).finally(() => {
        lane.running--;
        this.running.delete(run);
        this.pump(name);
      });
      this.running.add(run);
    }
  }

  private async run(handler: JobHandler<unknown>, job: Job) {
    try {
      await handler(job.data, { requestId: job.requestId });
      this.finished(job, JOB_ID_RETENTION_SECONDS.completed);
    } catch (error) {
      if (job.attempt < job.attempts && !this.closing) {
        // Exponential backoff, as BullMQ's 'exponential' strategy: backoff, 2×backoff, 4×backoff…
        this.later(job.backoffMs * 2 ** (job.attempt - 1), { ...job, attempt: job.attempt + 1 });
      } else {
        this.log(`Job "${job.name}" failed after ${job.attempt} attempt(s)`, error);
        this.lane(job.name).failedAt.push(Date.now());
        this.finished(job, JOB_ID_RETENTION_SECONDS.failed);
      }
    }
  }

  private finished(job: Job, retentionSeconds: number) {
    if (job.jobId === undefined) return;
    const now = Date.now();
    this.jobIds.set(`${job.name}:${job.jobId}`, now + retentionSeconds * 1000);
    // Forget ids whose retention has passed, so the map does not grow forever.
    for (const [id, until] of this.jobIds) if (until <= now) this.jobIds.delete(id);
  }
}
