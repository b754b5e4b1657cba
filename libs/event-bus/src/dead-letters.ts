import { replayEnvelope, type DeadLetterPayload, type ReplayPayload } from './delivery-policy.js';
import type { EventBus, EventEnvelope } from './event-envelope.js';

/** An event bus whose stored events a tool can read back (JetStream stream, PostgreSQL event log, in-process history). */
export interface EventHistory {
  /** every stored event under `<root>.` (e.g. `dlq`), oldest first */
  eventsUnder(root: string): Promise<EventEnvelope[]>;
}

/** A dead letter as `scripts/dead-letters.mjs list` shows it. */
export interface DeadLetter {
  /** the dead-letter event's id: what `replay <id>` takes */
  id: string;
  consumer: string;
  error: string;
  deliveries: number;
  deadLetteredAt: string;
  /** the event the consumer gave up on */
  event: EventEnvelope;
  /** set when this dead letter came from a replay that failed again */
  replayOf?: string;
  /** replays sent for it so far */
  replays: { id: string; at: string }[];
}

/** Every dead letter still stored (the stream's and the log's age limit removes old ones), oldest first, with its replays. */
export async function listDeadLetters(history: EventHistory): Promise<DeadLetter[]> {
  const [deadLetters, replays] = await Promise.all([history.eventsUnder('dlq'), history.eventsUnder('replay')]);
  const replaysOf = new Map<string, DeadLetter['replays']>();
  for (const replay of replays as EventEnvelope<ReplayPayload>[]) {
    const list = replaysOf.get(replay.payload.deadLetterId) ?? [];
    list.push({ id: replay.id, at: replay.occurredAt });
    replaysOf.set(replay.payload.deadLetterId, list);
  }
  return (deadLetters as EventEnvelope<DeadLetterPayload>[]).map(({ id, occurredAt, payload }) => ({
    id,
    consumer: payload.consumer,
    error: payload.error,
    deliveries: payload.deliveries,
    deadLetteredAt: occurredAt,
    event: payload.event,
    ...(payload.replayId ? { replayOf: payload.replayId } : {}),
    replays: replaysOf.get(id) ?? [],
  }));
}

/**
 * Replays dead letters to the consumers that gave up on them: one by id (or an unambiguous
 * prefix of it, at least 8 characters), replayed even if it was before; or `all` that were never
 * replayed. Each goes to its own consumer only, as the original event (same id), so that
 * consumer's inbox still drops it if it did commit it after all (see `replayEnvelope`).
 * A replay that fails again becomes a new dead letter. Returns what was replayed.
 */
export async function replayDeadLetters(bus: EventBus & EventHistory, which: string): Promise<DeadLetter[]> {
  const all = await listDeadLetters(bus);
  let chosen: DeadLetter[];
  if (which === 'all') {
    chosen = all.filter((d) => d.replays.length === 0);
  } else {
    const wanted = which.toLowerCase();
    if (wanted.length < 8) throw new Error(`dead letter id "${which}": give at least 8 characters of it (or "all")`);
    chosen = all.filter((d) => d.id.startsWith(wanted));
    if (chosen.length === 0) throw new Error(`no dead letter ${which} (see \`list\`)`);
    if (chosen.length > 1) throw new Error(`dead letter id "${which}" is ambiguous: ${chosen.map((d) => d.id).join(', ')}`);
  }
  if (chosen.length) await bus.publish(chosen.map(replayEnvelope));
  return chosen;
}
