/** what a handler learns of its job besides the data */
export interface JobInfo {
  /** the id of the user action that enqueued the job (EnqueueOptions.requestId), if any */
  requestId?: string;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface RegisterOptions {
  /** jobs of this name handled at the same time by this process (default 1) */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** total tries, the first included (default 3) */
  attempts?: number;
  /** wait before the first retry; doubles before each further one (default 1000) */
  backoffMs?: number;
  /** run no sooner than this many ms from now */
  delayMs?: number;
  /**
   * De-duplication: a job whose id is already waiting, running, or finished recently (kept 1 h
   * after success, 24 h after final failure) is not enqueued again.
   */
  jobId?: string;
  /** the id of the user action that enqueues the job: stored with it and handed to its handler */
  requestId?: string;
}

/** The jobs of one name by state, as BullMQ counts them; `failed`: final failures kept (24 h). */
export interface JobQueueDepth {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The background job port (mails, image processing, cleanups). Adapters: `InProcessJobQueue`
 * (single node) and `BullMqJobQueue` (`REDIS_URL`). Handler failures are retried with exponential
 * backoff and logged after the last attempt; they never reach the code that enqueued the job.
 * Job names come from one enum elsewhere; names must not contain `:`.
 */
export interface JobQueue {
  /** one handler per name; jobs enqueued before registration wait for it */
  register<T>(name: string, handler: JobHandler<T>, options?: RegisterOptions): void;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<void>;
  /** per job name this process registered or enqueued: its jobs by state (for metrics; read when asked) */
  depth?(): Promise<JobQueueDepth[]>;
  /** stops taking jobs and waits for the ones running to finish */
  close(): Promise<void>;
}

export const JOB_DEFAULTS = { attempts: 3, backoffMs: 1000, concurrency: 1 } as const;
/** How long a finished job's id keeps blocking duplicates. */
export const JOB_ID_RETENTION_SECONDS = { completed: 3600, failed: 24 * 3600 } as const;

export type JobLog = (message: string, error?: unknown) => void;
export const defaultJobLog: JobLog = (message, error) => console.warn(message, error ?? '');

export function assertJobName(name: string): void {
  // BullMQ uses `:` to build its Redis keys; refuse it in both adapters so names stay portable.
  if (!name || name.includes(':')) throw new Error(`Invalid job name: ${JSON.stringify(name)}`);
}
