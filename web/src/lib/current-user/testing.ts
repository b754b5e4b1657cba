import { combineReducers, configureStore, type Reducer, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { emptyOwnProfile } from '@aero/contracts/shared';
import { api } from '../api';
import type { CurrentUser, StateWithCurrentUser } from './current-user';

// Unit tests only (Node): the current user as the server answers it, a store with the one API
// slice (and whatever slices a test adds), a scripted server behind `fetch`, and a localStorage.

export const aCurrentUser = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  email: 'pilot@example.com',
  emailVerified: true,
  isAdmin: false,
  userType: 'general',
  subscriptionStatus: 'active',
  subscriptionExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...emptyOwnProfile(),
  mustSubscribe: false,
  ...over,
});

const baseStore = (slices: Record<string, Reducer>) =>
  configureStore({ reducer: combineReducers({ ...slices, api: api.reducer }), middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(api.middleware) });
const stores = new Set<ReturnType<typeof baseStore>>();

type TestState<S> = StateWithCurrentUser & { [K in keyof S]: S[K] extends Reducer<infer T> ? T : never };
export type TestStore<S> = Omit<ReturnType<typeof baseStore>, 'getState' | 'dispatch'> & { getState(): TestState<S>; dispatch: ThunkDispatch<TestState<S>, unknown, UnknownAction> };

/** A store with the API slice and `slices`; `disposeTestStores()` (after each test) ends its cache timers. */
export function makeTestStore<S extends Record<string, Reducer> = Record<never, Reducer>>(slices?: S): TestStore<S> {
  const store = baseStore(slices ?? {});
  stores.add(store);
  return store as unknown as TestStore<S>;
}

export function disposeTestStores(): void {
  for (const store of stores) store.dispatch(api.util.resetApiState());
  stores.clear();
}

/** Lets pending answers, writes and the store's batched notifications happen. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

export interface Call {
  method: string;
  path: string;
  body: unknown;
}
/** an answer: a status and a JSON body, or 'network' for a request that never gets one */
export type Answer = { status: number; body?: unknown } | 'network';

/** Replaces `fetch` with a server that answers by `route`; returns the calls it received. */
export function scriptServer(route: (call: Call) => Answer | Promise<Answer>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const call = { method: init?.method ?? 'GET', path: url.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    calls.push(call);
    const answer = await route(call);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

/** A localStorage in memory (Node has none); removed again by the returned function. */
export function memoryStorage(area: 'localStorage' | 'sessionStorage' = 'localStorage'): { storage: Map<string, string>; restore(): void } {
  const storage = new Map<string, string>();
  const previous = Object.getOwnPropertyDescriptor(globalThis, area);
  Object.defineProperty(globalThis, area, {
    configurable: true,
    value: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, String(v)),
      removeItem: (k: string) => void storage.delete(k),
      clear: () => storage.clear(),
    },
  });
  return {
    storage,
    restore: () => (previous ? Object.defineProperty(globalThis, area, previous) : delete (globalThis as Record<string, unknown>)[area]),
  };
}
