import { loadSettings } from '@aero/config';
import { JetStreamEventBus } from '@aero/event-bus';
import { natsUrl, uniqueName } from '@aero/testing';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { createEventBus } from '../src/runtime.js';

/** The JetStream stream of domain events gets its limits from the settings (EVENTS_MAX_AGE_SECONDS, EVENTS_MAX_BYTES). */
describe('event stream limits', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let url: string;
  const streams: string[] = [];
  const settingsFor = (extra: Record<string, string> = {}) => {
    const stream = uniqueName('LIMITS');
    streams.push(stream);
    return loadSettings({ NATS_URL: url, EVENTS_STREAM: stream, EVENTS_PREFIX: uniqueName('lim'), ...extra });
  };

  beforeAll(async () => {
    url = await natsUrl();
    nc = await connect({ servers: url });
    jsm = await jetstreamManager(nc);
  });
  afterAll(async () => {
    for (const stream of streams) await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  });

  it('creates the stream with the default limits: 7 days, 1 GiB, oldest dropped first', async () => {
    const settings = settingsFor();
    const bus = await createEventBus(settings, 'limits-test', undefined);
    await bus.close();
    const { config } = await jsm.streams.info(settings.eventsStream);
    expect(config.max_age).toBe(nanos(7 * 24 * 3600 * 1000));
    expect(config.max_bytes).toBe(1024 ** 3);
    expect(config.discard).toBe('old');
  });

  it('creates the stream with the configured limits', async () => {
    const settings = settingsFor({ EVENTS_MAX_AGE_SECONDS: '3600', EVENTS_MAX_BYTES: '10485760' });
    const bus = await createEventBus(settings, 'limits-test', undefined);
    await bus.close();
    const { config } = await jsm.streams.info(settings.eventsStream);
    expect(config.max_age).toBe(nanos(3600 * 1000));
    expect(config.max_bytes).toBe(10 * 1024 * 1024);
  });

  it('updates an existing stream to new limits on the next connect, keeping its events', async () => {
    const first = settingsFor({ EVENTS_MAX_AGE_SECONDS: '0', EVENTS_MAX_BYTES: '-1' });
    const before = await createEventBus(first, 'limits-test', undefined);
    await before.publish([{ id: crypto.randomUUID(), subject: 'limits.thing.happened', schemaVersion: 1, occurredAt: new Date().toISOString(), payload: {} }]);
    await before.close();
    expect((await jsm.streams.info(first.eventsStream)).config).toMatchObject({ max_age: 0, max_bytes: -1 });

    const second = loadSettings({ NATS_URL: url, EVENTS_STREAM: first.eventsStream, EVENTS_PREFIX: first.eventsPrefix, EVENTS_MAX_AGE_SECONDS: '86400', EVENTS_MAX_BYTES: '5242880' });
    const after = await createEventBus(second, 'limits-test', undefined);
    await after.close();
    const info = await jsm.streams.info(first.eventsStream);
    expect(info.config).toMatchObject({ max_age: nanos(86_400_000), max_bytes: 5 * 1024 * 1024 });
    expect(info.state.messages).toBe(1);
  });

  it('refuses a max age shorter than the duplicate window, naming the limit', async () => {
    const settings = settingsFor({ EVENTS_MAX_AGE_SECONDS: '60' });
    await expect(createEventBus(settings, 'limits-test', undefined)).rejects.toThrow('event stream max age 60 s: must be 0 (forever) or at least the duplicate window (120 s)');
    await expect(JetStreamEventBus.connect({ servers: url, stream: uniqueName('LIMITS'), prefix: 'x', maxBytes: 0 })).rejects.toThrow('must be positive, or -1 for no cap');
  });
});
