import type { JobQueue } from './job-queue.port.js';

export interface JobQueueHarness {
  queue: JobQueue;
  /** closes the queue (again, harmlessly, if the test did) and removes what it stored */
  cleanup(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

const TIMEOUT = 15_000;

/** The one behaviour every `JobQueue` adapter must show; run by each adapter's int-spec. */
export function jobQueueContract(name: string, make: () => Promise<JobQueueHarness>): void {
  describe(`JobQueue contract: ${name}`, () => {
    let harness: JobQueueHarness;
    let queue: JobQueue;

    beforeEach(async () => {
      harness = await make();
      queue = harness.queue;
    });
    afterEach(async () => {
      await harness?.cleanup();
    });

    it('hands an enqueued job its data', async () => {
      const handled: unknown[] = [];
      queue.register<{ userId: string; tags: string[] }>('send-welcome-mail', async (data) => void handled.push(data));

      await queue.enqueue('send-welcome-mail', { userId: 'u1', tags: ['pilot', 'A320'] });

      await waitFor(() => handled.length === 1, 'the job');
      expect(handled).toEqual([{ userId: 'u1', tags: ['pilot', 'A320'] }]);
    }, TIMEOUT);

    it('hands the handler the request id the job was enqueued with, and none when there was none', async () => {
      const handled: { data: unknown; requestId?: string }[] = [];
      queue.register<{ n: number }>('traced', async (data, job) => void handled.push({ data, requestId: job.requestId }));

      await queue.enqueue('traced', { n: 1 }, { requestId: 'test-123' });
      await waitFor(() => handled.length === 1, 'the first job');
      await queue.enqueue('traced', { n: 2 });
      await waitFor(() => handled.length === 2, 'the second job');

      expect(handled).toEqual([
        { data: { n: 1 }, requestId: 'test-123' },
        { data: { n: 2 }, requestId: undefined },
      ]);
    }, TIMEOUT);

    it('keeps jobs enqueued before their handler is registered, and runs each job name with its own handler', async () => {
      const mails: unknown[] = [];
      const thumbnails: unknown[] = [];
      await queue.enqueue('send-mail', { to: 'a@example.com' });
      await queue.enqueue('make-thumbnail', { photo: 'p1' });

      queue.register('send-mail', async (data) => void mails.push(data));
      queue.register('make-thumbnail', async (data) => void thumbnails.push(data));

      await waitFor(() => mails.length === 1 && thumbnails.length === 1, 'both jobs');
      expect(mails).toEqual([{ to: 'a@example.com' }]);
      expect(thumbnails).toEqual([{ photo: 'p1' }]);
    }, TIMEOUT);

    it('retries a failing job with growing backoff until it succeeds within its attempts', async () => {
      const tries: number[] = [];
      let succeeded = false;
      queue.register<{ n: number }>('flaky', async () => {
        tries.push(Date.now());
        if (tries.length < 3) throw new Error(`transient failure ${tries.length}`);
        succeeded = true;
      });

      // Handler failures never reach the caller.
      await expect(queue.enqueue('flaky', { n: 1 }, { attempts: 3, backoffMs: 100 })).resolves.toBeUndefined();

      await waitFor(() => succeeded, 'the third try');
      expect(tries).toHaveLength(3);
      expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(90);
      expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(190);
    }, TIMEOUT);

    it('gives up after the given number of attempts', async () => {
      let tries = 0;
      queue.register('always-fails', async () => {
        tries++;
        throw new Error('permanent failure');
      });

      await queue.enqueue('always-fails', {}, { attempts: 2, backoffMs: 50 });

      await waitFor(() => tries === 2, 'two tries');
      await sleep(500);
      expect(tries).toBe(2);
    }, TIMEOUT);

    it('runs a job only once per jobId, even when enqueued again after it finished', async () => {
      const handled: unknown[] = [];
      queue.register<{ version: number }>('verify-reminder', async (data) => void handled.push(data));

      await queue.enqueue('verify-reminder', { version: 1 }, { jobId: 'account-u1' });
      await queue.enqueue('verify-reminder', { version: 2 }, { jobId: 'account-u1' });
      await waitFor(() => handled.length >= 1, 'the first job');
      await queue.enqueue('verify-reminder', { version: 3 }, { jobId: 'account-u1' });
      await queue.enqueue('verify-reminder', { version: 4 }, { jobId: 'account-u2' });

      await waitFor(() => handled.length >= 2, 'the job of the other id');
      await sleep(300);
      expect(handled).toEqual([{ version: 1 }, { version: 4 }]);
    }, TIMEOUT);

    it('does not run a delayed job before its delay', async () => {
      let handledAt = 0;
      queue.register('later', async () => void (handledAt = Date.now()));

      const enqueuedAt = Date.now();
      await queue.enqueue('later', {}, { delayMs: 400 });

      await sleep(200);
      expect(handledAt).toBe(0);
      await waitFor(() => handledAt > 0, 'the delayed job');
      expect(handledAt - enqueuedAt).toBeGreaterThanOrEqual(390);
    }, TIMEOUT);

    it('runs at most `concurrency` jobs of a name at the same time', async () => {
      let running = 0;
      let mostAtOnce = 0;
      let done = 0;
      queue.register(
        'resize',
        async () => {
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          await sleep(150);
          running--;
          done++;
        },
        { concurrency: 2 },
      );

      for (let i = 0; i < 5; i++) await queue.enqueue('resize', { i });

      await waitFor(() => done === 5, 'five jobs');
      expect(mostAtOnce).toBe(2);
    }, TIMEOUT);

    it('on close, lets the running job finish and then runs no more jobs', async () => {
      let started = false;
      let finished = false;
      let laterRan = false;
      queue.register<{ slow: boolean }>('work', async ({ slow }) => {
        if (!slow) {
          laterRan = true;
          return;
        }
        started = true;
        await sleep(300);
        finished = true;
      });
      await queue.enqueue('work', { slow: true });
      await queue.enqueue('work', { slow: false }, { delayMs: 600 });
      await waitFor(() => started, 'the slow job to start');

      await queue.close();

      expect(finished).toBe(true);
      await expect(queue.enqueue('work', { slow: false })).rejects.toThrow('Job queue is closed');
      await sleep(900);
      expect(laterRan).toBe(false);
    }, TIMEOUT);
  });
}
