// (its own module, importing nothing: the start-up's early calls use it without the cache's code)

/**
 * Asks the server again for a query's answer (`request`: the dispatched `initiate` of the query,
 * with `forceRefetch`) and resolves with it, rejecting with its error. The entry is subscribed to
 * while it is asked: a tag made stale meanwhile (a push, a mutation) drops an entry nobody
 * subscribes to, its answer with it, and the answer read back would be nothing.
 */
export async function fetchFresh<T>(request: { unwrap(): Promise<T>; unsubscribe(): void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.unsubscribe();
  }
}
