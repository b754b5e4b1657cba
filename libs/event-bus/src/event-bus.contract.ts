/**
 * The behaviour every EventBus adapter must show, run against each of them by
 * `test/event-bus.int-spec.ts`. Not exported from the package index (it needs Jest's globals)
 * and skipped by the build (`*.contract.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryObserver, EventBus, EventEnvelope, Subscription } from './event-envelope.js';
import { deadLetterSubject, type DeadLetterPayload, UnprocessableEvent } from './delivery-policy.js';
import { listDeadLetters, replayDeadLetters, type DeadLetter, type EventHistory } from './dead-letters.js';

export interface EventBusUnderTest {
  bus: EventBus & EventHistory & Required<Pick<EventBus, 'consumerLag'>>;
  cleanup(): Promise<void>;
}

const SUBJECT = 'contract.thing.happened';

export const testEvent = (subject = SUBJECT, payload: object = { n: Math.random() }): EventEnvelope => ({
  id: randomUUID(),
  subject,
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
  payload,
});

/** Polls until `check` passes; fails with the last assertion error after `timeoutMs`. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());

/** Real servers answer in milliseconds, but `eventually` may wait up to 10 s before failing clearly. */
const TIMEOUT_MS = 30_000;
const scenario = (name: string, fn: () => Promise<void>) => it(name, fn, TIMEOUT_MS);

/** `make` builds the bus with `observer` (its `observer` option): the contract checks what it is told. */
export function eventBusContract(name: string, make: (observer: DeliveryObserver) => Promise<EventBusUnderTest>): void {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBusUnderTest['bus'];
    let cleanup: () => Promise<void>;
    /** what the observer was told, as `redelivered <consumer>` / `dead-lettered <consumer>` */
    let told: string[] = [];
    const toldAbout = (consumer: string) => told.filter((t) => t.endsWith(` ${consumer}`));
    const subscriptions: Subscription[] = [];
    const subscribe: EventBus['subscribe'] = async (options) => {
      const s = await bus.subscribe(options);
      subscriptions.push(s);
      return s;
    };

    beforeEach(async () => {
      told = [];
      ({ bus, cleanup } = await make({ redelivered: (c) => void told.push(`redelivered ${c}`), deadLettered: (c) => void told.push(`dead-lettered ${c}`) }));
    }, TIMEOUT_MS);
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await cleanup();
    }, TIMEOUT_MS);

    scenario('delivers published events to a subscriber of their subject, in order, unchanged', async () => {
      const received: EventEnvelope[] = [];
      await subscribe({ consumer: 'contract.round-trip', subjects: [SUBJECT], handle: async (e) => void received.push(e) });
      const wanted = [testEvent(SUBJECT, { n: 1 }), testEvent(SUBJECT, { n: 2, nested: { ok: true } })];
      await bus.publish([wanted[0]!, testEvent('contract.other.happened'), wanted[1]!]);

      await eventually(() => expect(received).toEqual(wanted));
      await sleep(200);
      expect(received).toEqual(wanted); // the other subject never arrives
    });

    scenario('delivers to every subject a subscription names', async () => {
      const received: string[] = [];
      await subscribe({ consumer: 'contract.two-subjects', subjects: ['contract.a.done', 'contract.b.done'], handle: async (e) => void received.push(e.subject) });
      await bus.publish([testEvent('contract.a.done'), testEvent('contract.c.done'), testEvent('contract.b.done')]);

      await eventually(() => expect(received).toEqual(['contract.a.done', 'contract.b.done']));
      await sleep(200);
      expect(received).toHaveLength(2);
    });

    scenario('follows a durable consumer whose subjects changed between runs (a handler that hears a new event, or no longer an old one)', async () => {
      const received: string[] = [];
      const handle = async (e: EventEnvelope) => void received.push(e.subject);
      const run = async (subjects: string[], events: EventEnvelope[], expected: string[]) => {
        received.length = 0;
        const s = await bus.subscribe({ consumer: 'contract.changing', subjects, handle });
        await bus.publish(events);
        await eventually(() => expect(received).toEqual(expected));
        await sleep(200);
        expect(received).toEqual(expected);
        await s.stop();
      };
      await run(['contract.a.done'], [testEvent('contract.a.done')], ['contract.a.done']);
      await run(['contract.a.done', 'contract.b.done'], [testEvent('contract.b.done'), testEvent('contract.a.done')], ['contract.b.done', 'contract.a.done']);
      await run(['contract.b.done'], [testEvent('contract.a.done'), testEvent('contract.b.done')], ['contract.b.done']);
    });

    scenario('shares the work between subscriptions of one consumer name: each event is handled once', async () => {
      const handled: string[] = [];
      const handle = async (e: EventEnvelope) => {
        await sleep(2);
        handled.push(e.id);
      };
      await subscribe({ consumer: 'contract.shared', subjects: [SUBJECT], handle });
      await subscribe({ consumer: 'contract.shared', subjects: [SUBJECT], handle });
      const events = Array.from({ length: 40 }, () => testEvent());
      await bus.publish(events);

      await eventually(() => expect(new Set(handled).size).toBe(40));
      await sleep(300);
      expect(handled).toHaveLength(40);
      expect([...count(handled).values()].every((n) => n === 1)).toBe(true);
    });

    scenario('gives every event to each of two consumer names', async () => {
      const a: string[] = [];
      const b: string[] = [];
      await subscribe({ consumer: 'contract.fan-a', subjects: [SUBJECT], handle: async (e) => void a.push(e.id) });
      await subscribe({ consumer: 'contract.fan-b', subjects: [SUBJECT], handle: async (e) => void b.push(e.id) });
      const ids = Array.from({ length: 10 }, () => testEvent());
      await bus.publish(ids);

      const expected = ids.map((e) => e.id);
      await eventually(() => {
        expect(a).toEqual(expected);
        expect(b).toEqual(expected);
      });
    });

    scenario('redelivers an event whose handler failed', async () => {
      const attempts: string[] = [];
      const done: string[] = [];
      await subscribe({
        consumer: 'contract.redelivery',
        subjects: [SUBJECT],
        handle: async (e) => {
          attempts.push(e.id);
          if (attempts.filter((id) => id === e.id).length === 1) throw new Error('transient failure');
          done.push(e.id);
        },
      });
      const events = [testEvent(), testEvent()];
      await bus.publish(events);

      await eventually(() => expect(done.sort()).toEqual(events.map((e) => e.id).sort()));
      expect(attempts).toHaveLength(4);
      expect(toldAbout('contract.redelivery')).toEqual(['redelivered contract.redelivery', 'redelivered contract.redelivery']);
    });

    scenario('dead-letters an event after maxDeliver failed deliveries, with the event and the error', async () => {
      const attempts: string[] = [];
      const deadLetters: EventEnvelope<DeadLetterPayload>[] = [];
      await subscribe({
        consumer: 'contract.dead-letter-watch',
        subjects: [deadLetterSubject('contract.poison')],
        handle: async (e) => void deadLetters.push(e as EventEnvelope<DeadLetterPayload>),
      });
      await subscribe({
        consumer: 'contract.poison',
        subjects: [SUBJECT],
        maxDeliver: 3,
        handle: async (e) => {
          attempts.push(e.id);
          throw new Error('cannot handle this one');
        },
      });
      const poison = testEvent();
      await bus.publish([poison]);

      await eventually(() => expect(deadLetters).toHaveLength(1));
      expect(deadLetters[0]!.payload).toMatchObject({ consumer: 'contract.poison', error: 'cannot handle this one', deliveries: 3, event: poison });
      await sleep(500);
      expect(attempts).toEqual([poison.id, poison.id, poison.id]); // never a 4th time
      expect(toldAbout('contract.poison')).toEqual(['redelivered contract.poison', 'redelivered contract.poison', 'dead-lettered contract.poison']);
    });

    scenario('dead-letters an event its consumer can never handle (UnprocessableEvent) at the first delivery', async () => {
      const attempts: string[] = [];
      const deadLetters: EventEnvelope<DeadLetterPayload>[] = [];
      await subscribe({
        consumer: 'contract.unprocessable-watch',
        subjects: [deadLetterSubject('contract.strict')],
        handle: async (e) => void deadLetters.push(e as EventEnvelope<DeadLetterPayload>),
      });
      await subscribe({
        consumer: 'contract.strict',
        subjects: [SUBJECT],
        maxDeliver: 5,
        handle: async (e) => {
          attempts.push(e.id);
          throw new UnprocessableEvent('schema version 2 unknown');
        },
      });
      const event = testEvent();
      await bus.publish([event]);

      await eventually(() => expect(deadLetters).toHaveLength(1));
      expect(deadLetters[0]!.payload).toMatchObject({ consumer: 'contract.strict', error: 'schema version 2 unknown', deliveries: 1, event });
      await sleep(500);
      expect(attempts).toEqual([event.id]);
      expect(toldAbout('contract.strict')).toEqual(['dead-lettered contract.strict']);
    });

    scenario('reports each subscribed consumer’s lag: the events it has not handled, the one in hand included', async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const handled: string[] = [];
      await subscribe({
        consumer: 'contract.behind',
        subjects: [SUBJECT],
        handle: async (e) => {
          await held;
          handled.push(e.id);
        },
      });
      await subscribe({ consumer: 'contract.idle', subjects: ['contract.other.happened'], handle: async () => undefined });
      await bus.publish([testEvent(), testEvent(), testEvent()]);

      const lagOf = async (consumer: string) => (await bus.consumerLag()).find((l) => l.consumer === consumer)?.lag;
      await eventually(async () => expect(await lagOf('contract.behind')).toBe(3));
      expect(await lagOf('contract.idle')).toBe(0);
      release();
      await eventually(() => expect(handled).toHaveLength(3));
      await eventually(async () => expect(await lagOf('contract.behind')).toBe(0));
    });

    scenario('replays a dead letter to the consumer that gave up on it, and to no other, as the original event', async () => {
      let broken = true;
      const handled: EventEnvelope[] = [];
      const steady: string[] = [];
      await subscribe({
        consumer: 'contract.flaky',
        subjects: [SUBJECT],
        maxDeliver: 2,
        handle: async (e) => {
          if (broken) throw new Error('database away');
          handled.push(e);
        },
      });
      await subscribe({ consumer: 'contract.steady', subjects: [SUBJECT], handle: async (e) => void steady.push(e.id) });
      const event = testEvent();
      await bus.publish([event]);

      let deadLetters: DeadLetter[] = [];
      await eventually(async () => {
        deadLetters = await listDeadLetters(bus);
        expect(deadLetters).toHaveLength(1);
      });
      const [deadLetter] = deadLetters;
      expect(deadLetter).toMatchObject({ consumer: 'contract.flaky', error: 'database away', deliveries: 2, event, replays: [] });

      broken = false;
      expect((await replayDeadLetters(bus, deadLetter!.id.slice(0, 8))).map((d) => d.id)).toEqual([deadLetter!.id]);
      await eventually(() => expect(handled).toEqual([event]));
      await sleep(300);
      expect(steady).toEqual([event.id]); // the other consumer never sees a replay
      expect(await listDeadLetters(bus)).toMatchObject([{ id: deadLetter!.id, replays: [{ id: expect.any(String) }] }]);
      expect(await replayDeadLetters(bus, 'all')).toEqual([]); // nothing left that was never replayed
    });

    scenario('turns a replay that fails again into a new dead letter, which `all` replays in turn', async () => {
      let attempts = 0;
      const handled: string[] = [];
      await subscribe({
        consumer: 'contract.stubborn',
        subjects: [SUBJECT],
        maxDeliver: 1,
        handle: async (e) => {
          if (++attempts < 3) throw new Error(`failure ${attempts}`);
          handled.push(e.id);
        },
      });
      const event = testEvent();
      await bus.publish([event]);
      await eventually(async () => expect(await listDeadLetters(bus)).toHaveLength(1));

      const [first] = await replayDeadLetters(bus, 'all');
      let deadLetters: DeadLetter[] = [];
      await eventually(async () => {
        deadLetters = await listDeadLetters(bus);
        expect(deadLetters).toHaveLength(2);
      });
      const replayId = deadLetters[0]!.replays[0]!.id;
      expect(deadLetters[0]).toMatchObject({ id: first!.id, error: 'failure 1' });
      expect(deadLetters[1]).toMatchObject({ consumer: 'contract.stubborn', error: 'failure 2', event, replayOf: replayId, replays: [] });

      expect((await replayDeadLetters(bus, 'all')).map((d) => d.id)).toEqual([deadLetters[1]!.id]);
      await eventually(() => expect(handled).toEqual([event.id]));
      await expect(replayDeadLetters(bus, 'ffffffff')).rejects.toThrow('no dead letter ffffffff');
      await expect(replayDeadLetters(bus, 'abc')).rejects.toThrow('give at least 8 characters');
    });

    scenario('hands waiting events to handleBatch in order; a failed outcome is retried alone, a rejected batch goes to handle', async () => {
      const batches: string[][] = [];
      const single: string[] = [];
      const done: string[] = [];
      const attempts = new Map<string, number>();
      const events = Array.from({ length: 30 }, () => testEvent());
      const poison = events[4]!.id;
      const rejectedOnce = events[20]!.id;
      let rejected = false;
      /** handles the event, but for the poison's first attempt */
      const attempt = (e: EventEnvelope) => {
        attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
        if (e.id === poison && attempts.get(e.id) === 1) return { error: new Error('transient failure') };
        done.push(e.id);
        return undefined;
      };
      await bus.publish(events); // waiting before the consumer subscribes: it starts with a backlog
      await subscribe({
        consumer: 'contract.batched',
        subjects: [SUBJECT],
        handle: async (e) => {
          single.push(e.id);
          const outcome = attempt(e);
          if (outcome) throw outcome.error;
        },
        handleBatch: async (batch) => {
          batches.push(batch.map((e) => e.id));
          if (!rejected && batch.some((e) => e.id === rejectedOnce)) {
            rejected = true;
            throw new Error('the batch as a whole failed');
          }
          return batch.map(attempt);
        },
      });

      await eventually(() => expect(new Set(done).size).toBe(events.length));
      await sleep(300);
      expect(done).toHaveLength(events.length); // each once
      expect(batches.some((b) => b.length > 1)).toBe(true);
      expect(attempts.get(poison)).toBe(2);
      expect(single).toContain(rejectedOnce); // its rejected batch's events went to handle
      // the order of publication, but for the one retried
      expect(done.filter((id) => id !== poison)).toEqual(events.map((e) => e.id).filter((id) => id !== poison));
      expect(toldAbout('contract.batched')).toEqual(['redelivered contract.batched']);
    });

    scenario('keeps an event whose retry was pending when its subscription stopped, for the next subscription', async () => {
      const attempts: string[] = [];
      // (enough deliveries that a stop slowed by a loaded machine never sees the event dead-lettered)
      const maxDeliver = 50;
      const first = await bus.subscribe({
        consumer: 'contract.stopped-mid-retry',
        subjects: [SUBJECT],
        maxDeliver,
        handle: async (e) => {
          attempts.push(e.id);
          throw new Error('transient failure');
        },
      });
      const event = testEvent();
      await bus.publish([event]);
      await eventually(() => expect(attempts).toContain(event.id));
      await first.stop(); // while the retry waits out its delay

      const handled: string[] = [];
      await subscribe({ consumer: 'contract.stopped-mid-retry', subjects: [SUBJECT], maxDeliver, handle: async (e) => void handled.push(e.id) });
      await eventually(() => expect(handled).toEqual([event.id]));
    });

    scenario('keeps events for a stopped durable consumer and delivers them when it subscribes again', async () => {
      const received: string[] = [];
      const handle = async (e: EventEnvelope) => void received.push(e.id);
      const first = await bus.subscribe({ consumer: 'contract.durable', subjects: [SUBJECT], handle });
      const before = testEvent();
      await bus.publish([before]);
      await eventually(() => expect(received).toEqual([before.id]));
      await first.stop();

      const whileStopped = [testEvent(), testEvent(), testEvent()];
      await bus.publish(whileStopped);
      await sleep(200);
      expect(received).toEqual([before.id]);

      await subscribe({ consumer: 'contract.durable', subjects: [SUBJECT], handle });
      await eventually(() => expect(received).toEqual([before.id, ...whileStopped.map((e) => e.id)]));
    });
  });
}
