import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
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
  /** a delayed job's number in the file that keeps it (InProcessJobQueueOptions.keepDelayedIn) */
  kept?: number;
}

/** a delayed job as its file keeps it: when it is due, and all it needs to run */
type KeptJob = Omit<Job, 'kept'> & { dueAt: number };

export interface InProcessJobQueueOptions {
  /**
   * a file that keeps the jobs enqueued with a delay until they finished (JSON, rewritten at each
   * change), read again by the next queue on it: they survive a restart, as BullMQ's do. A delayed
   * job is often a promise made to a member (an upload not kept is deleted an hour later): lost
   * with the process, it would never be kept
   */
  keepDelayedIn?: string;
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
 * Single-node job queue: jobs live in memory and run on the event loop after `enqueue` returns,
 * with the same retry and de-duplication rules as the BullMQ adapter. A job due now is lost on
 * restart (which the single-node mode accepts; `close` runs those due); one enqueued with a delay
 * is kept in a file as well when `keepDelayedIn` names one, and runs after a restart when due.
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

  /** the delayed jobs not finished, by number, as their file keeps them */
  private readonly kept = new Map<number, KeptJob>();
  private lastKept = 0;
  /** the file's writes, one after another */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: JobLog = defaultJobLog,
    private readonly options: InProcessJobQueueOptions = {},
  ) {
    const file = options.keepDelayedIn;
    if (!file || !existsSync(file)) return;
    // the delayed jobs a previous queue on this file left: each when due (at once when overdue)
    for (const { dueAt, ...job } of this.readKept(file)) {
      if (job.jobId !== undefined) this.jobIds.set(`${job.name}:${job.jobId}`, Infinity);
      this.keep(job, dueAt);
      this.later(Math.max(0, dueAt - Date.now()), { ...job, kept: this.lastKept });
    }
  }

  /** the jobs a file keeps; one that cannot be read (cut short by a crash, or edited) is set aside as `<file>.corrupt` and the app starts without them */
  private readKept(file: string): KeptJob[] {
    try {
      const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (!Array.isArray(kept) || !kept.every((j) => typeof j?.name === 'string' && typeof j?.dueAt === 'number')) throw new Error('not a list of kept jobs');
      return kept as KeptJob[];
    } catch (err) {
      renameSync(file, `${file}.corrupt`);
      this.log(`the delayed jobs kept in ${file} could not be read; set aside as ${file}.corrupt`, err);
      return [];
    }
  }

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
    const delayMs = options.delayMs ?? 0;
    if (delayMs > 0 && this.options.keepDelayedIn) {
      this.keep(job, Date.now() + delayMs);
      job.kept = this.lastKept;
      await this.save(); // kept before the caller goes on
    }
    this.later(delayMs, job);
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
    // the delayed jobs not run stay in their file, for the next queue on it
    await this.saving;
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

  private keep(job: Omit<Job, 'kept'>, dueAt: number) {
    this.kept.set(++this.lastKept, { name: job.name, data: job.data, attempt: 1, attempts: job.attempts, backoffMs: job.backoffMs, jobId: job.jobId, requestId: job.requestId, dueAt });
  }

  /** writes the kept jobs to their file (whole, then renamed over the old one: a crash leaves one or the other) */
  private save(): Promise<void> {
    const file = this.options.keepDelayedIn;
    if (!file) return Promise.resolve();
    const jobs = JSON.stringify([...this.kept.values()]);
    this.saving = this.saving
      .then(async () => {
        mkdirSync(dirname(file), { recursive: true });
        await writeFile(`${file}.tmp`, jobs, { mode: 0o600 });
        await rename(`${file}.tmp`, file);
      })
      .catch((error: unknown) => this.log(`Delayed jobs not saved to ${file}`, error));
    return this.saving;
  }

  private finished(job: Job, retentionSeconds: number) {
    if (job.kept !== undefined && this.kept.delete(job.kept)) void this.save();
    if (job.jobId === undefined) return;
    const now = Date.now();
    this.jobIds.set(`${job.name}:${job.jobId}`, now + retentionSeconds * 1000);
    // Forget ids whose retention has passed, so the map does not grow forever.
    for (const [id, until] of this.jobIds) if (until <= now) this.jobIds.delete(id);
  }
}
