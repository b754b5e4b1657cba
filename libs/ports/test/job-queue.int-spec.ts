import { redisUrl, uniqueName } from '@aero/testing';
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
