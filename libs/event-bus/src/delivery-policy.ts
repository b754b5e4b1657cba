import { createHash, randomUUID } from 'node:crypto';
import type { DeliveryObserver, EventEnvelope } from './event-envelope.js';

/**
 * Deliveries of an event before it is dead-lettered, unless its consumer says otherwise: with
 * `retryDelayMs`, about 2.7 minutes of retries. Failures we retry are transient (a lock timeout, a
 * database or a service restarting, a provider's outage): the budget outlasts a restart, so a
 * restart does not turn the events in flight into dead letters; a poison event (a bug) reaches
 * the dead-letter subject within minutes. An event that can never be handled goes at once
 * (UnprocessableEvent).
 */
export const DEFAULT_MAX_DELIVER = 12;

/**
 * Deliveries without end: for a consumer whose work must be done however long it takes (a
 * subscription that must be cancelled when its member leaves), tried again every minute once the
 * backoff is at its cap, until it succeeds.
 */
export const UNLIMITED_DELIVERIES = Number.POSITIVE_INFINITY;

/**
 * Delay before redelivering an event whose handler failed `deliveryCount` times:
 * 100 ms, 200 ms, 400 ms … capped at 1 minute. Quick at first (most failures are a lock timeout or
 * a deadlock, gone at once), and then spaced out so a longer outage is not hammered.
 */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(100 * 2 ** Math.max(0, deliveryCount - 1), 60_000);
}

/**
 * Thrown by a consumer for an event it can never handle (an unknown schema version, an invalid
 * payload): no redelivery would change that, so the event goes to the dead letters at once, where
 * it can be listed and replayed once a consumer that understands it is deployed.
 */
export class UnprocessableEvent extends Error {
  override readonly name = 'UnprocessableEvent';
}

/** whether a delivery that failed with `error` is tried again (else it is dead-lettered) */
export const shouldRetry = (error: unknown, deliveries: number, maxDeliver: number) => deliveries < maxDeliver && !(error instanceof UnprocessableEvent);

/**
 * The one decision every bus makes when a handler failed on an event delivered `deliveries` times:
 * true when it is tried again, false when it is dead-lettered. Tells `observer` which (metrics).
 */
export function retryAfterFailure(observer: DeliveryObserver | undefined, consumer: string, error: unknown, deliveries: number, maxDeliver: number): boolean {
  const retry = shouldRetry(error, deliveries, maxDeliver);
  try {
    if (retry) observer?.redelivered?.(consumer);
    else observer?.deadLettered?.(consumer);
  } catch {
    // an observer's failure never changes what happens to the event
  }
  return retry;
}

/** What a dead-letter event carries: the original envelope and why it was given up on. */
export interface DeadLetterPayload {
  consumer: string;
  error: string;
  deliveries: number;
  event: EventEnvelope;
  /** set when the event had been replayed (the id of that replay) and failed again */
  replayId?: string;
}

/** Logical subject that receives the events a consumer gave up on, e.g. `dlq.notifications.on-match-created`. */
export const deadLetterSubject = (consumer: string) => `dlq.${consumer}`;

/**
 * The dead-letter event of (consumer, event). Its id is derived from both, so dead-lettering
 * the same event twice (a crash between publishing it and terminating the original) is
 * deduplicated by JetStream and by inboxes like any other duplicate. A replay that fails again
 * (`replayId`) is a new dead letter, so it can be listed and replayed again.
 */
export function deadLetterEnvelope(consumer: string, event: EventEnvelope, error: unknown, deliveries: number, replayId?: string): EventEnvelope<DeadLetterPayload> {
  return {
    id: uuidFrom(`dlq:${consumer}:${event.id}${replayId ? `:${replayId}` : ''}`),
    subject: deadLetterSubject(consumer),
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
    payload: { consumer, error: errorText(error), deliveries, event, ...(replayId ? { replayId } : {}) },
    ...(event.requestId ? { requestId: event.requestId } : {}),
  };
}

/** What a replay carries: a dead letter's original event, for the one consumer that gave up on it. */
export interface ReplayPayload {
  consumer: string;
  /** the dead letter this replays */
  deadLetterId: string;
  event: EventEnvelope;
}

/**
 * Logical subject of the replays for one consumer, e.g. `replay.notifications.on-match-created`.
 * Every subscription also listens to its own replay subject, and nobody else does.
 */
export const replaySubject = (consumer: string) => `replay.${consumer}`;

/**
 * Re-sends a dead letter's event to the consumer that gave up on it, and to no other. The event
 * keeps its id, so the consumer's inbox still recognises it (a replay of an event it did commit is
 * a no-op) while every other consumer, which never sees the replay subject, is left alone. The
 * replay itself gets a fresh id: it is a new message on the stream (outside JetStream's
 * duplicate window for the original id) and each replay is told apart.
 */
export function replayEnvelope(deadLetter: { id: string; consumer: string; event: EventEnvelope }): EventEnvelope<ReplayPayload> {
  const { id: deadLetterId, consumer, event } = deadLetter;
  return {
    id: randomUUID(),
    subject: replaySubject(consumer),
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
    payload: { consumer, deadLetterId, event },
  };
}

/** The event a consumer's handler gets for a message: the original event when it is a replay for this consumer. */
export function eventToHandle(consumer: string, message: EventEnvelope): { event: EventEnvelope; replayId?: string } {
  if (message.subject !== replaySubject(consumer)) return { event: message };
  const replay = message as EventEnvelope<ReplayPayload>;
  return { event: replay.payload.event, replayId: replay.id };
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A stable, UUID-shaped (version 8, RFC 9562) id from a name. */
function uuidFrom(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
