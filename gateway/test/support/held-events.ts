import type { DomainEvent, DomainEventHandler, ServiceDefinition } from '@aero/common';
import { type EventBus, JetStreamEventBus, PostgresEventBus, type SubscribeOptions } from '@aero/event-bus';
import { jest } from '@jest/globals';
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

/**
 * The gateway's own consumer named `consumer` (as it subscribes to the bus, in either mode) waiting
 * for `held` before it handles each event; `handled()` counts the events it has handled since.
 * Installed before the gateway starts (its consumers subscribe once, at bootstrap).
 */
export function withHeldConsumer(consumer: string, held: EventsHeld) {
  let handled = 0;
  const spies = [PostgresEventBus, JetStreamEventBus].map((Bus) => {
    const subscribe = Bus.prototype.subscribe;
    return jest.spyOn(Bus.prototype, 'subscribe').mockImplementation(function (this: EventBus, options: SubscribeOptions) {
      if (options.consumer !== consumer) return subscribe.call(this, options);
      return subscribe.call(this, {
        ...options,
        handleBatch: undefined,
        handle: async (event) => {
          await held.passed();
          await options.handle(event);
          handled += 1;
        },
      });
    });
  });
  return { handled: () => handled, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
