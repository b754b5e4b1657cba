import { ErrorCodes, notFound } from '@aero/contracts';

type Handler = (data: unknown) => Promise<unknown>;

/**
 * Request/reply inside one process (single-node mode). Same patterns as NATS; handlers of one
 * pattern share the load round-robin like a queue group. Payloads are JSON-cloned on the way in
 * and out so nothing is shared by reference, exactly as over the wire.
 */
export class InProcessBroker {
  private readonly handlers = new Map<string, Handler[]>();
  private readonly turn = new Map<string, number>();

  register(pattern: string, handler: Handler): () => void {
    const list = this.handlers.get(pattern) ?? [];
    list.push(handler);
    this.handlers.set(pattern, list);
    return () => {
      const remaining = (this.handlers.get(pattern) ?? []).filter((h) => h !== handler);
      if (remaining.length) this.handlers.set(pattern, remaining);
      else this.handlers.delete(pattern);
    };
  }

  /** a promise chain, no async frames: a call is a function call plus the two clones */
  request<T>(pattern: string, data: unknown): Promise<T> {
    const list = this.handlers.get(pattern);
    if (!list?.length) return Promise.reject(notFound(`No handler for ${pattern}`, ErrorCodes.noHandler).toBody());
    let handler = list[0];
    if (list.length > 1) {
      const i = (this.turn.get(pattern) ?? 0) % list.length;
      this.turn.set(pattern, i + 1);
      handler = list[i];
    }
    try {
      return handler(clone(data)).then(clone) as Promise<T>;
    } catch (err) {
      return Promise.reject(err);
    }
  }
}

const clone = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
