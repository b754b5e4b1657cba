import type { DomainEvent, DomainEventHandler, ServiceDefinition } from '@aero/common';
import type { Type } from '@nestjs/common';

/** while held, the handlers it gates hear nothing: their events wait (as under load, or behind a lagging relay) until released */
export class EventsHeld {
  private gate: Promise<void> = Promise.resolve();
  release = () => {};

  hold() {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  passed() {
    return this.gate;
  }
}

/**
 * The service with the event handlers named in `holds` (by class name: the gateway may not import
 * a service's internals) each waiting for its `EventsHeld` before it handles an event.
 */
export function withHeldHandlers(service: ServiceDefinition, holds: Record<string, EventsHeld>): ServiceDefinition {
  const missing = Object.keys(holds).filter((name) => !service.eventHandlers?.some((h) => h.name === name));
  if (missing.length) throw new Error(`${service.name} has no handler ${missing.join(', ')}`);
  const gated = (handler: Type<DomainEventHandler>): Type<DomainEventHandler> => {
    const held = holds[handler.name];
    if (!held) return handler;
    class Held extends handler {
      override async handle(event: DomainEvent) {
        await held.passed();
        return super.handle(event);
      }
    }
    Object.defineProperty(Held, 'name', { value: handler.name });
    return Held;
  };
  return { ...service, eventHandlers: service.eventHandlers?.map(gated) };
}
