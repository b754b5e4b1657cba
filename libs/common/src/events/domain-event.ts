import { EventContract, type EventPayload, type EventSubject } from '@aero/contracts';
import { type EventBus, type EventEnvelope, type Subscription, UnprocessableEvent } from '@aero/event-bus';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { withRequestId } from '../request-context.js';

/** An event of one of the subjects `S`, its payload typed by its subject (narrow it with `event.subject`). */
export type DomainEvent<S extends EventSubject = EventSubject> = { [K in S]: EventEnvelope<EventPayload<K>> & { subject: K } }[S];

/**
 * What is wrong with `payload` as `subject`'s payload (EventContract), or nothing. Fields the
 * contract does not know are allowed: adding a field is not a new schema version.
 */
export function payloadProblems(subject: EventSubject, payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return ['not an object'];
  const errors = validateSync(plainToInstance(EventContract[subject].payload as new () => object, payload), { forbidUnknownValues: false });
  return errors.flatMap((e) => describe(e));
}

const describe = (error: ValidationError, path = ''): string[] => {
  const at = `${path}${error.property}`;
  return [...Object.values(error.constraints ?? {}).map((c) => `${at}: ${c}`), ...(error.children ?? []).flatMap((c) => describe(c, `${at}.`))];
};

/**
 * The event as its contract defines it. An event of another schema version, or whose payload
 * breaks the contract, is an UnprocessableEvent: the bus dead-letters it at once (no redelivery
 * would help), to be replayed once a consumer that reads it is deployed.
 */
export function readDomainEvent<S extends EventSubject>(event: EventEnvelope, subjects: readonly S[]): DomainEvent<S> {
  const subject = event.subject as S;
  if (!subjects.includes(subject)) throw new UnprocessableEvent(`${event.subject} is not one of this consumer's subjects`);
  const { schemaVersion } = EventContract[subject];
  if (event.schemaVersion !== schemaVersion) throw new UnprocessableEvent(`${subject} of schema version ${event.schemaVersion}; this consumer reads version ${schemaVersion}`);
  const problems = payloadProblems(subject, event.payload);
  if (problems.length) throw new UnprocessableEvent(`${subject} payload breaks its contract: ${problems.join('; ')}`);
  return event as DomainEvent<S>;
}

export interface DomainEventSubscription<S extends EventSubject> {
  consumer: string;
  subjects: readonly S[];
  handle(event: DomainEvent<S>): Promise<void>;
}

/**
 * A consumer (without an inbox: its effects must be harmless to repeat) that gets only valid,
 * typed events, each handled with the request id it carries as the current one.
 */
export function subscribeDomainEvents<S extends EventSubject>(bus: EventBus, { consumer, subjects, handle }: DomainEventSubscription<S>): Promise<Subscription> {
  return bus.subscribe({ consumer, subjects: [...subjects], handle: (event) => withRequestId(event.requestId, () => handle(readDomainEvent(event, subjects))) });
}
