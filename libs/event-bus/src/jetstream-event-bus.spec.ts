import { JetStreamApiError, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { ensureStream } from './jetstream-event-bus.js';

const notFound = () => new JetStreamApiError({ code: 404, err_code: 10059, description: 'stream not found' });
const storeFailed = () => new JetStreamApiError({ code: 500, err_code: 10049, description: 'error creating store for stream' });
const refused = () => new JetStreamApiError({ code: 400, err_code: 10058, description: 'stream name already in use with a different configuration' });

/** a JetStream manager without the stream, whose creations answer `answers` in turn (then succeed) */
function managerCreating(...answers: Error[]) {
  const created: Partial<StreamConfig>[] = [];
  const jsm = {
    streams: {
      info: async () => Promise.reject(notFound()),
      add: async (config: Partial<StreamConfig>) => {
        const answer = answers.shift();
        if (answer) throw answer;
        created.push(config);
        return { config };
      },
    },
  } as unknown as JetStreamManager;
  return { jsm, created };
}

const options = { servers: 'nats://unused', stream: 'EVENTS', prefix: 'aero' };

describe('ensureStream', () => {
  it('tries a creation the server failed at again, and creates the stream', async () => {
    const { jsm, created } = managerCreating(storeFailed(), storeFailed());
    await ensureStream(jsm, options, 1);
    expect(created).toEqual([expect.objectContaining({ name: 'EVENTS', subjects: ['aero.>'] })]);
  });

  it('gives up after the third server failure, with the server’s error', async () => {
    const { jsm, created } = managerCreating(storeFailed(), storeFailed(), storeFailed());
    await expect(ensureStream(jsm, options, 1)).rejects.toThrow('error creating store for stream');
    expect(created).toEqual([]);
  });

  it('fails at once on a refusal, without trying again', async () => {
    const { jsm, created } = managerCreating(refused());
    await expect(ensureStream(jsm, options, 1)).rejects.toThrow('different configuration');
    expect(created).toEqual([]);
  });
});
