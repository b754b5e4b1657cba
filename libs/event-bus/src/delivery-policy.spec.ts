import { DEFAULT_MAX_DELIVER, deadLetterEnvelope, eventToHandle, replayEnvelope, retryDelayMs, shouldRetry, UNLIMITED_DELIVERIES, UnprocessableEvent } from './delivery-policy.js';
import { testEvent } from './event-bus.contract.js';
import { durableName } from './jetstream-event-bus.js';

describe('delivery policy', () => {
  it('backs off exponentially from 100 ms and caps at a minute', () => {
    expect([1, 2, 3, 4, 10, 11, 30].map(retryDelayMs)).toEqual([100, 200, 400, 800, 51_200, 60_000, 60_000]);
  });

  it('retries for minutes by default (a restart is outlasted), without end when a consumer asks, and never an event that cannot be handled', () => {
    const retriedForMs = Array.from({ length: DEFAULT_MAX_DELIVER - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(retriedForMs).toBeGreaterThan(120_000);
    expect(retriedForMs).toBeLessThan(10 * 60_000);
    expect(shouldRetry(new Error('down'), DEFAULT_MAX_DELIVER - 1, DEFAULT_MAX_DELIVER)).toBe(true);
    expect(shouldRetry(new Error('down'), DEFAULT_MAX_DELIVER, DEFAULT_MAX_DELIVER)).toBe(false);
    expect(shouldRetry(new Error('down'), 10_000, UNLIMITED_DELIVERIES)).toBe(true);
    expect(shouldRetry(new UnprocessableEvent('bad'), 1, UNLIMITED_DELIVERIES)).toBe(false);
  });

  it('gives the dead letter of (consumer, event) a stable uuid, so re-dead-lettering is a duplicate', () => {
    const event = testEvent();
    const a = deadLetterEnvelope('svc.on-x', event, new Error('e1'), 5);
    const b = deadLetterEnvelope('svc.on-x', event, 'e2', 5);
    const other = deadLetterEnvelope('svc.on-y', event, 'e1', 5);
    expect(a.id).toBe(b.id);
    expect(a.id).not.toBe(other.id);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).toMatchObject({ subject: 'dlq.svc.on-x', payload: { consumer: 'svc.on-x', error: 'e1', deliveries: 5, event } });
  });

  it('replays a dead letter to its consumer only, as the original event under a fresh replay id', () => {
    const event = testEvent();
    const deadLetter = deadLetterEnvelope('svc.on-x', event, 'boom', 5);
    const replay = replayEnvelope({ id: deadLetter.id, consumer: 'svc.on-x', event });
    expect(replay).toMatchObject({ subject: 'replay.svc.on-x', payload: { consumer: 'svc.on-x', deadLetterId: deadLetter.id, event } });
    expect(replay.id).not.toBe(event.id);
    expect(replayEnvelope({ id: deadLetter.id, consumer: 'svc.on-x', event }).id).not.toBe(replay.id);
    expect(eventToHandle('svc.on-x', replay)).toEqual({ event, replayId: replay.id });
    // only the consumer it is for unwraps it; an ordinary event is handed over as it is
    expect(eventToHandle('svc.on-y', replay)).toEqual({ event: replay });
    expect(eventToHandle('svc.on-x', event)).toEqual({ event });
  });

  it('makes a replay that fails again a new dead letter, stable per replay', () => {
    const event = testEvent();
    const first = deadLetterEnvelope('svc.on-x', event, 'boom', 5);
    const again = deadLetterEnvelope('svc.on-x', event, 'boom', 5, 'replay-1');
    expect(again.id).not.toBe(first.id);
    expect(deadLetterEnvelope('svc.on-x', event, 'other', 5, 'replay-1').id).toBe(again.id);
    expect(again.payload.replayId).toBe('replay-1');
    expect(first.payload).not.toHaveProperty('replayId');
  });

  it('turns consumer names into valid JetStream durable names', () => {
    expect(durableName('notifications.on-account-verified')).toBe('notifications_on-account-verified');
  });
});
