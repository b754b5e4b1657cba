import { createHash } from 'node:crypto';
import type { EventEnvelope } from './event-envelope.js';

export const DEFAULT_MAX_DELIVER = 5;

/**
 * Delay before redelivering an event whose handler failed `deliveryCount` times:
 * 100 ms, 200 ms, 400 ms … capped at 5 s. Short, because most failures we retry are
 * transient (a lock timeout, a restarting database), and bounded so a poison event reaches
 * the dead-letter subject within seconds instead of minutes.
 */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(100 * 2 ** Math.max(0, deliveryCount - 1), 5_000);
}

/** What a dead-letter event carries: the original envelope and why it was given up on. */
export interface DeadLetterPayload {
  consumer: string;
  error: string;
  deliveries: number;
  event: EventEnvelope;
}

/** Logical subject that receives the events a consumer gave up on, e.g. `dlq.notifications.on-match-created`. */
export const deadLetterSubject = (consumer: string) => `dlq.${consumer}`;

/**
 * The dead-letter event of (consumer, event). Its id is derived from both, so dead-lettering
 * the same event twice (a crash between publishing it and terminating the original) is
 * deduplicated by JetStream and by inboxes like any other duplicate.
 */
export function deadLetterEnvelope(consumer: string, event: EventEnvelope, error: unknown, deliveries: number): EventEnvelope<DeadLetterPayload> {
  return {
    id: uuidFrom(`dlq:${consumer}:${event.id}`),
    subject: deadLetterSubject(consumer),
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: { consumer, error: errorText(error), deliveries, event },
  };
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A stable, UUID-shaped (version 8, RFC 9562) id from a name. */
function uuidFrom(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
