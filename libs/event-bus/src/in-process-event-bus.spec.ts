import { eventually, testEvent } from './event-bus.contract.js';
import type { EventEnvelope } from './event-envelope.js';
import { InProcessEventBus } from './in-process-event-bus.js';

const logged: string[] = [];
const quiet = { log() {}, warn() {}, error: (m: string) => void logged.push(m) };

const scenario = (name: string, fn: () => Promise<void>) => it(name, fn, 15_000);

describe('InProcessEventBus', () => {
  let bus: InProcessEventBus;
  afterEach(() => bus.close());

  scenario('keeps dead letters inspectable and logs them', async () => {
    bus = new InProcessEventBus({ logger: quiet, retryDelayMs: () => 1 });
    await bus.subscribe({ consumer: 'unit.poison', subjects: ['a.b.c'], maxDeliver: 2, handle: async () => Promise.reject(new Error('boom')) });
    const event = testEvent('a.b.c');
    await bus.publish([event]);

    await eventually(() => expect(bus.deadLetters).toEqual([{ consumer: 'unit.poison', error: 'boom', deliveries: 2, event }]));
    expect(logged.some((m) => m.includes(event.id) && m.includes('boom'))).toBe(true);
  });

  scenario('drops an id published again within the duplicate window, like JetStream', async () => {
    bus = new InProcessEventBus({ logger: quiet });
    const received: string[] = [];
    await bus.subscribe({ consumer: 'unit.dedupe', subjects: ['a.b.c'], handle: async (e) => void received.push(e.id) });
    const event = testEvent('a.b.c');
    await bus.publish([event]);
    await bus.publish([event, testEvent('a.b.c')]);

    await eventually(() => expect(received).toHaveLength(2));
    expect(received[0]).toBe(event.id);
    expect(received[1]).not.toBe(event.id);
  });

  scenario('gives a consumer name seen for the first time the retained events of its subjects', async () => {
    bus = new InProcessEventBus({ logger: quiet, retainEvents: 2 });
    const events = [testEvent('a.b.c'), testEvent('a.b.c'), testEvent('x.y.z'), testEvent('a.b.c')];
    await bus.publish(events);
    const received: EventEnvelope[] = [];
    await bus.subscribe({ consumer: 'unit.late', subjects: ['a.b.c'], handle: async (e) => void received.push(e) });

    await eventually(() => expect(received).toEqual([events[3]])); // only the last 2 were retained, one matches
  });

  scenario('tells its observer of each redelivery and dead letter, and reports each consumer’s lag', async () => {
    const told: string[] = [];
    bus = new InProcessEventBus({
      logger: quiet,
      retryDelayMs: () => 1,
      observer: { redelivered: (c) => void told.push(`redelivered ${c}`), deadLettered: (c) => void told.push(`dead-lettered ${c}`) },
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let tries = 0;
    await bus.subscribe({ consumer: 'unit.flaky', subjects: ['a.b.c'], maxDeliver: 3, handle: async () => {
        if (++tries === 1) throw new Error('transient');
      },
    });
    await bus.subscribe({ consumer: 'unit.doomed', subjects: ['a.b.c'], maxDeliver: 2, handle: () => Promise.reject(new Error('never')) });
    await bus.subscribe({ consumer: 'unit.slow', subjects: ['x.y.z'], handle: () => held });
    await bus.publish([testEvent('x.y.z'), testEvent('x.y.z'), testEvent('x.y.z')]);
    await eventually(async () => expect(await bus.consumerLag()).toContainEqual({ consumer: 'unit.slow', lag: 3 })); // one in hand, two queued

    await bus.publish([testEvent('a.b.c')]);
    await eventually(() => expect(told.sort()).toEqual(['dead-lettered unit.doomed', 'redelivered unit.doomed', 'redelivered unit.flaky']));
    await eventually(async () => expect(await bus.consumerLag()).toEqual(expect.arrayContaining([{ consumer: 'unit.flaky', lag: 0 }, { consumer: 'unit.doomed', lag: 0 }])));
    release();
    await eventually(async () => expect(await bus.consumerLag()).toContainEqual({ consumer: 'unit.slow', lag: 0 }));
  });

  scenario('refuses to publish after close', async () => {
    bus = new InProcessEventBus({ logger: quiet });
    await bus.close();
    await expect(bus.publish([testEvent()])).rejects.toThrow('closed');
  });
});
