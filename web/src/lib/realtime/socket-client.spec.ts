import { jest } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { SocketEvents } from '@aero/contracts/shared';

// The resync after an authentication (fetching again what the pushes of the gap before it would
// have refreshed) starts when the browser is next idle, not in socket.io's connect task; a push
// meanwhile is not lost, nor overwritten by an answer asked before it.

/** the low-level connection of one attempt (socket.io's engine) */
class FakeEngine {
  private readonly closing: (() => void)[] = [];
  once(event: string, handler: () => void) {
    if (event === 'close') this.closing.push(handler);
    return this;
  }
  close() {
    this.closing.splice(0).forEach((handler) => handler());
  }
}

/** a socket.io socket whose events the test emits ('connect' connects it) */
class FakeSocket {
  connected = false;
  attempts = 0;
  io = { engine: new FakeEngine() };
  handlers = new Map<string, (payload?: unknown) => void>();
  emitted: [string, unknown][] = [];
  on(event: string, handler: (payload?: unknown) => void) {
    this.handlers.set(event, handler);
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  connect() {
    this.attempts += 1;
    this.io.engine = new FakeEngine();
  }
  disconnect() {
    this.connected = false;
  }
  removeAllListeners() {}
  fire(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    this.handlers.get(event)?.(payload);
  }
}
let socket: FakeSocket;
jest.unstable_mockModule('socket.io-client', () => ({ io: () => (socket = new FakeSocket()) }));

const { api } = await import('../api');
const { setCallLanguage } = await import('../http');
const { startRealtime, stopRealtime } = await import('./socket-client');
const { reconnectDelay } = await import('./connection-machine');

/** the server's answers, in the order they are asked: each call resolves when the test says */
const asked: { tag: string; answer: (value: number) => void }[] = [];
const probe = api.injectEndpoints({
  endpoints: (build) => ({
    unread: build.query<number, void>({ queryFn: () => new Promise((resolve) => asked.push({ tag: 'Notifications', answer: (data) => resolve({ data }) })), providesTags: ['Notifications'] }),
  }),
});
const idle: (() => void)[] = [];
const runIdle = () => idle.splice(0).forEach((run) => run());
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup() {
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (m) => m({ serializableCheck: false }).concat(api.middleware) });
  return { store, dispatch: store.dispatch as (action: unknown) => unknown };
}

describe('the connection’s resync after authenticating', () => {
  beforeAll(() => {
    const target = new EventTarget();
    Object.assign(globalThis, {
      window: { requestIdleCallback: (run: () => void) => idle.push(run), cancelIdleCallback: () => idle.splice(0) },
      document: { addEventListener: () => undefined, removeEventListener: () => undefined, visibilityState: 'visible' },
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    });
  });
  afterEach(() => {
    stopRealtime();
    asked.length = 0;
    idle.length = 0;
  });

  async function connected(dispatch: (action: unknown) => unknown) {
    startRealtime('u1', dispatch as never);
    await new Promise((r) => setTimeout(r, 20));
    socket.fire('connect');
    socket.fire(SocketEvents.authSuccess);
  }

  /** the count is asked and answered (1), then the connection authenticates */
  async function fetchedThenConnected(store: ReturnType<typeof setup>['store'], dispatch: (action: unknown) => unknown) {
    store.dispatch(probe.endpoints.unread.initiate());
    asked[0].answer(1);
    await settle();
    await new Promise((r) => setTimeout(r, 2));
    await connected(dispatch);
  }

  it('is not started in the task that handles the authentication, but when the browser is next idle', async () => {
    const { store, dispatch } = setup();
    await fetchedThenConnected(store, dispatch);
    expect(asked).toHaveLength(1);
    runIdle();
    await settle();
    expect(asked).toHaveLength(2);
  });

  it('does not ask again what was asked after the authentication (the pushes keep it up to date)', async () => {
    const { store, dispatch } = setup();
    await connected(dispatch);
    await new Promise((r) => setTimeout(r, 2));
    store.dispatch(probe.endpoints.unread.initiate());
    asked[0].answer(1);
    runIdle();
    await settle();
    expect(asked).toHaveLength(1);
  });

  it('keeps a push that comes while the resync waits: refetched at once, and not asked again by the resync', async () => {
    const { store, dispatch } = setup();
    await fetchedThenConnected(store, dispatch);
    socket.fire(SocketEvents.notification, { type: 'like' });
    await settle();
    expect(asked).toHaveLength(2);
    runIdle();
    await settle();
    asked[1].answer(2);
    await settle();
    expect(asked).toHaveLength(2);
    expect(probe.endpoints.unread.select()(store.getState()).data).toBe(2);
  });

  it('keeps a push that comes while the resync’s call is pending: asked again once it has answered, and that answer is the last', async () => {
    const { store, dispatch } = setup();
    await fetchedThenConnected(store, dispatch);
    runIdle();
    await settle();
    expect(asked).toHaveLength(2);
    // the push comes before the resync's answer, which may not hold it
    socket.fire(SocketEvents.notification, { type: 'like' });
    await settle();
    asked[1].answer(2);
    await settle();
    expect(asked).toHaveLength(3);
    asked[2].answer(3);
    await settle();
    expect(probe.endpoints.unread.select()(store.getState()).data).toBe(3);
  });
});

describe('an attempt whose connection closes before its handshake', () => {
  afterEach(() => stopRealtime());
  const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('is given up at once and the next one comes after the first delay (1 s), not after socket.io’s connect timeout (20 s)', async () => {
    const { dispatch } = setup();
    startRealtime('u1', dispatch as never);
    await delay(20);
    expect(socket.attempts).toBe(1);
    socket.io.engine.close();
    await delay(reconnectDelay(1) + 100);
    expect(socket.attempts).toBe(2);
  });

  it('leaves a connection that opened alone: its close later is a drop, told by socket.io', async () => {
    const { dispatch } = setup();
    startRealtime('u1', dispatch as never);
    await delay(20);
    socket.fire('connect');
    socket.fire(SocketEvents.authSuccess);
    socket.io.engine.close();
    await delay(reconnectDelay(1) + 100);
    expect(socket.attempts).toBe(1);
  });
});

describe('the authentication', () => {
  afterEach(() => {
    stopRealtime();
    setCallLanguage(null);
  });

  it("says the member and the app's active language (the language the server writes to them in), none before one is active", async () => {
    for (const [locale, language] of [['es', 'es'], [null, undefined]] as const) {
      setCallLanguage(locale);
      const { dispatch } = setup();
      startRealtime('u1', dispatch as never);
      await new Promise((r) => setTimeout(r, 20));
      socket.fire('connect');
      expect(socket.emitted.filter(([event]) => event === SocketEvents.auth)).toEqual([[SocketEvents.auth, { type: 'auth', userId: 'u1', language }]]);
      stopRealtime();
    }
  });
});
