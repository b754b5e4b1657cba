import { eventually, redisUrl, uniqueName } from '@aero/testing';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BullMqJobQueue } from '../src/job-queue/bullmq.job-queue.js';
import { InProcessJobQueue } from '../src/job-queue/in-process.job-queue.js';
import { jobQueueContract } from '../src/job-queue/job-queue.contract.js';
import { deleteKeysWithPrefix } from './redis-cleanup.js';

// Final failures are logged by design; keep the test output for real problems.
const quiet = () => undefined;

jobQueueContract('InProcessJobQueue', async () => {
  const queue = new InProcessJobQueue(quiet);
  return { queue, cleanup: () => queue.close() };
});

jobQueueContract('BullMqJobQueue (real Redis)', async () => {
  const url = await redisUrl();
  const prefix = uniqueName('aero-test-bull');
  const queue = new BullMqJobQueue({ url, prefix, log: quiet });
  return {
    queue,
    cleanup: async () => {
      await queue.close();
      await deleteKeysWithPrefix(url, `${prefix}:`);
    },
  };
});

describe('InProcessJobQueue on close (single-node shutdown: its jobs live in memory)', () => {
  it('runs the jobs already due before it closes, and drops a retry still waiting out its backoff', async () => {
    const queue = new InProcessJobQueue(quiet);
    const sent: number[] = [];
    let failures = 0;
    queue.register<{ n: number }>('mail', async ({ n }) => {
      if (n === 0 && failures++ === 0) throw new Error('smtp away');
      sent.push(n);
    });
    await queue.enqueue('mail', { n: 0 }, { attempts: 2, backoffMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50)); // the first try fails: its retry waits a minute
    for (let n = 1; n <= 3; n++) await queue.enqueue('mail', { n }); // answered requests' mails, due now

    await queue.close();

    expect(sent.sort()).toEqual([1, 2, 3]);
    await expect(queue.enqueue('mail', { n: 4 })).rejects.toThrow('Job queue is closed');
  });
});

describe('InProcessJobQueue keeping its delayed jobs in a file (single-node restart)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'aero-jobs-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs after a restart, when due, the delayed jobs the closed queue had not run; once each', async () => {
    const keepDelayedIn = join(dir, 'jobs.json');
    const first = new InProcessJobQueue(quiet, { keepDelayedIn });
    const ran: string[] = [];
    first.register<{ n: string }>('cleanup', async ({ n }) => void ran.push(n));
    await first.enqueue('cleanup', { n: 'soon' }, { delayMs: 50, jobId: 'soon' });
    await first.enqueue('cleanup', { n: 'later' }, { delayMs: 400, jobId: 'later' });
    await new Promise((r) => setTimeout(r, 150));
    await first.close();
    expect(ran).toEqual(['soon']);

    const second = new InProcessJobQueue(quiet, { keepDelayedIn });
    second.register<{ n: string }>('cleanup', async ({ n }) => void ran.push(n));
    // its id still blocks a duplicate while it waits
    await second.enqueue('cleanup', { n: 'twice' }, { delayMs: 50, jobId: 'later' });
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toEqual(['soon']);
    await eventually(() => ran.length === 2, 5_000, 'the kept job');
    expect(ran).toEqual(['soon', 'later']);
    await second.close();

    const third = new InProcessJobQueue(quiet, { keepDelayedIn });
    third.register<{ n: string }>('cleanup', async ({ n }) => void ran.push(n));
    await new Promise((r) => setTimeout(r, 500));
    await third.close();
    expect(ran).toEqual(['soon', 'later']);
  });

  it('starts without the kept jobs when their file cannot be read (cut short, or not a list), and sets it aside', async () => {
    const keepDelayedIn = join(dir, 'jobs.json');
    for (const content of ['[{"name":"cleanup"', '{}', 'null', '']) {
      writeFileSync(keepDelayedIn, content);
      const warnings: string[] = [];
      const queue = new InProcessJobQueue((message) => void warnings.push(message), { keepDelayedIn });
      const ran: number[] = [];
      queue.register<{ n: number }>('cleanup', async ({ n }) => void ran.push(n));
      await queue.enqueue('cleanup', { n: 1 }, { delayMs: 10 });
      await eventually(() => ran.length === 1, 5_000, 'a new job');
      await queue.close();
      expect(warnings).toEqual([expect.stringContaining('could not be read')]);
      expect(readFileSync(`${keepDelayedIn}.corrupt`, 'utf8')).toBe(content);
    }
  });
});
