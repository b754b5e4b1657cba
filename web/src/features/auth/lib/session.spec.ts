import { jest } from '@jest/globals';
import { CURRENT_USER_CALL, currentUserApi, persistCurrentUser, seedCurrentUser, selectCurrentUser, USER_CACHE_KEY } from '../../../lib/current-user';
import { API_BASE, sendEarly } from '../../../lib/http';
import { aCurrentUser, type Answer, disposeTestStores, makeTestStore, memoryStorage, scriptServer, settled } from '../../../lib/current-user/testing';
import { authApi } from '../api/auth-api';
import { initialSessionState, sessionSlice } from '../slices/session-slice';
import { endSessionLocally, fetchCurrentUser, logIn, logOut, startSession } from './session';

// Spec §4 Session, on the one source: the current-user cache entry (and its stored copy).

let local: ReturnType<typeof memoryStorage>;
beforeEach(() => (local = memoryStorage()));
afterEach(() => {
  local.restore();
  disposeTestStores();
});

/** the browser at start-up: `stored` in localStorage, a server answering GET /api/users/me with `me` */
function browser(stored: ReturnType<typeof aCurrentUser> | null, me: () => Answer | Promise<Answer>) {
  if (stored) local.storage.set(USER_CACHE_KEY, JSON.stringify(stored));
  const calls = scriptServer((call) => (call.path === '/api/auth/logout' ? { status: 200, body: { success: true } } : me()));
  const store = makeTestStore({ session: sessionSlice.reducer });
  seedCurrentUser(store.dispatch);
  persistCurrentUser(store);
  const user = () => selectCurrentUser(store.getState());
  const stored_ = () => (local.storage.has(USER_CACHE_KEY) ? JSON.parse(local.storage.get(USER_CACHE_KEY)!) : null);
  return { store, calls, user, stored: stored_ };
}

/** a server answer that waits until `release()` */
function held(answer: Answer) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { answer: () => gate.then(() => answer), release };
}

describe('session on load (spec §4)', () => {
  it('starts loading, showing the stored user until the server answers', () => {
    const b = browser(aCurrentUser({ firstName: 'Ana' }), () => ({ status: 200, body: aCurrentUser() }));
    expect(b.store.getState().session).toEqual(initialSessionState);
    expect(b.user()?.firstName).toBe('Ana');
  });

  it('success sets the user and caches it', async () => {
    const b = browser(aCurrentUser({ firstName: 'Old' }), () => ({ status: 200, body: aCurrentUser({ firstName: 'New' }) }));
    await expect(b.store.dispatch(startSession())).resolves.toBe('signed-in');
    await settled();
    expect(b.user()?.firstName).toBe('New');
    expect(b.stored()).toMatchObject({ firstName: 'New' });
    expect(b.store.getState().session.status).toBe('ready');
  });

  it('a 404 clears the user and the cache, even after a login meanwhile', async () => {
    const server = held({ status: 404, body: { message: 'Not signed in' } });
    const b = browser(aCurrentUser(), server.answer);
    const outcome = b.store.dispatch(startSession());
    b.store.dispatch(logIn(aCurrentUser({ id: 'u2' })));
    server.release();
    await expect(outcome).resolves.toBe('signed-out');
    await settled();
    expect(b.user()).toBeNull();
    expect(b.stored()).toBeNull();
  });

  it("a network error or another failure clears the user and the cache (a network error says the server was not reached: it is asked again once online)", async () => {
    for (const [answer, outcome] of [
      ['network', 'unreachable'],
      [{ status: 400, body: { message: 'bad' } }, 'clear'],
    ] as Array<[Answer, string]>) {
      const b = browser(aCurrentUser(), () => answer);
      await expect(b.store.dispatch(startSession())).resolves.toBe(outcome);
      await settled();
      expect(b.user()).toBeNull();
      expect(b.stored()).toBeNull();
      expect(b.store.getState().session.status).toBe('ready');
    }
  });

  it('a failure keeps the user of a login that happened meanwhile', async () => {
    const server = held({ status: 400, body: { message: 'bad' } });
    const b = browser(null, server.answer);
    const outcome = b.store.dispatch(startSession());
    b.store.dispatch(logIn(aCurrentUser({ id: 'u2' })));
    server.release();
    await expect(outcome).resolves.toBe('keep');
    await settled();
    expect(b.user()?.id).toBe('u2');
    expect(b.stored()).toMatchObject({ id: 'u2' });
  });

  it('a 401 for the signed-in user logs out (the caller goes to /), a visitor stays', async () => {
    const b = browser(aCurrentUser(), () => ({ status: 401, body: { message: 'Unauthorized' } }));
    await b.store.dispatch(authApi.endpoints.signup.initiate({ email: 'x@y.co', password: 'secret123' }));
    await expect(b.store.dispatch(startSession())).resolves.toBe('logout-and-go-home');
    await settled();
    expect(b.user()).toBeNull();
    expect(b.stored()).toBeNull();
    expect(b.store.getState().api.mutations).toEqual({}); // every cached answer of theirs is gone
    const visitor = browser(null, () => ({ status: 401, body: { message: 'Unauthorized' } }));
    await expect(visitor.store.dispatch(startSession())).resolves.toBe('clear');
  });
});

describe('login and logout (spec §4)', () => {
  it('login sets and caches the user', async () => {
    const b = browser(null, () => ({ status: 404 }));
    b.store.dispatch(logIn(aCurrentUser({ firstName: 'Ana' })));
    await settled();
    expect(b.user()?.firstName).toBe('Ana');
    expect(b.stored()).toMatchObject({ firstName: 'Ana' });
    expect(b.store.getState().session.loginSeq).toBe(1);
  });

  it('after login the fetched user replaces it; a failed fetch rejects (Login Error / Connection Error)', async () => {
    let answer: Answer = { status: 200, body: aCurrentUser({ isAdmin: true }) };
    const b = browser(null, () => answer);
    b.store.dispatch(logIn(aCurrentUser()));
    await expect(b.store.dispatch(fetchCurrentUser())).resolves.toMatchObject({ isAdmin: true });
    expect(b.user()?.isAdmin).toBe(true);
    answer = { status: 401, body: { message: 'Unauthorized' } };
    await expect(b.store.dispatch(fetchCurrentUser())).rejects.toMatchObject({ status: 401 });
  });

  it('logout calls the server, ignores its failure, and clears the user and the cache', async () => {
    for (const logoutAnswer of [{ status: 200, body: { success: true } }, 'network'] as Answer[]) {
      const b = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser() }));
      const calls = scriptServer((call) => (call.path === '/api/auth/logout' ? logoutAnswer : { status: 200, body: aCurrentUser() }));
      await b.store.dispatch(logOut());
      await settled();
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
      expect(b.user()).toBeNull();
      expect(b.stored()).toBeNull();
    }
  });

  it('a logout the server did not hear ends that session at the next start-up, before the member is asked for; signed out meanwhile', async () => {
    const b = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser() }));
    scriptServer(() => 'network');
    await b.store.dispatch(logOut());
    expect(b.user()).toBeNull();

    // the next start-up (a reload, or whoever opens the app next), still offline: nobody is signed in, and nothing is asked but the logout
    const offline = browser(null, () => 'network');
    const stillOffline = scriptServer(() => 'network');
    await expect(offline.store.dispatch(startSession())).resolves.toBe('unreachable');
    expect(stillOffline.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
    expect(offline.user()).toBeNull();

    // online again: the logout first, then the session check (which finds nobody)
    const online = browser(null, () => ({ status: 404, body: { message: 'Not signed in' } }));
    await expect(online.store.dispatch(startSession())).resolves.toBe('signed-out');
    expect(online.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout', 'GET /api/users/me']);
    // done with: the next start-up asks for the session only
    const next = browser(null, () => ({ status: 404, body: { message: 'Not signed in' } }));
    await next.store.dispatch(startSession());
    expect(next.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/users/me']);
  });

  it('a logout answered that the session is gone already, or a sign-in after a logout not heard, leaves nothing to end', async () => {
    for (const answer of [{ status: 401, body: { message: 'Unauthorized' } }, { status: 404, body: { message: 'Not signed in' } }] as Answer[]) {
      const b = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser() }));
      scriptServer(() => answer);
      await b.store.dispatch(logOut());
      const next = browser(null, () => ({ status: 404, body: { message: 'Not signed in' } }));
      await next.store.dispatch(startSession());
      expect(next.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/users/me']);
    }
    const b = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser() }));
    scriptServer(() => ({ status: 503, body: { message: 'Unavailable' } }));
    await b.store.dispatch(logOut());
    // someone signs in on the sign-in screen before the next start-up: the cookie is theirs now, and it stays
    b.store.dispatch(logIn(aCurrentUser({ id: 'u2' })));
    const next = browser(null, () => ({ status: 200, body: aCurrentUser({ id: 'u2' }) }));
    await expect(next.store.dispatch(startSession())).resolves.toBe('signed-in');
    expect(next.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/users/me']);
  });

  it("a logout forgets what the tab kept for the member (their unsent messages), whatever the server answered", async () => {
    const tab = memoryStorage('sessionStorage');
    try {
      tab.storage.set('aero.outbox.u1', JSON.stringify([{ id: 'm1', content: 'See you at the gate' }]));
      const b = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser() }));
      scriptServer(() => 'network');
      await b.store.dispatch(logOut());
      expect([...tab.storage.keys()]).toEqual([]);
    } finally {
      tab.restore();
    }
  });

  it("a session ended elsewhere (a 401 for the signed-in member), or while the app was closed (a 404 at start-up for the member this browser remembers), leaves this browser subscribed to nobody's pushes and keeps nothing of theirs", async () => {
    const subscription = { endpoint: 'https://push.example/abc', unsubscribe: jest.fn(async () => true) };
    const browserGlobals = { navigator: { serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) } }, window: { PushManager: {}, Notification: {} } };
    const previous = Object.fromEntries(Object.keys(browserGlobals).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]));
    for (const [k, value] of Object.entries(browserGlobals)) Object.defineProperty(globalThis, k, { configurable: true, value });
    try {
      const tab = memoryStorage('sessionStorage');
      try {
        for (const [status, outcome] of [[401, 'logout-and-go-home'], [404, 'signed-out']] as const) {
          subscription.unsubscribe.mockClear();
          tab.storage.set('aero.draft.u1.m1', JSON.stringify('See you at the gate'));
          const b = browser(aCurrentUser(), () => ({ status, body: { message: 'Please sign in' } }));
          await expect(b.store.dispatch(startSession())).resolves.toBe(outcome);
          await settled();
          expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
          expect([...tab.storage.keys()]).toEqual([]);
        }
        // a visitor's 404 (nobody remembered) leaves the browser's subscription alone
        subscription.unsubscribe.mockClear();
        const visitor = browser(null, () => ({ status: 404, body: { message: 'Not signed in' } }));
        await expect(visitor.store.dispatch(startSession())).resolves.toBe('signed-out');
        await settled();
        expect(subscription.unsubscribe).not.toHaveBeenCalled();
      } finally {
        tab.restore();
      }
    } finally {
      for (const [k, descriptor] of Object.entries(previous)) {
        if (descriptor) Object.defineProperty(globalThis, k, descriptor);
        else delete (globalThis as Record<string, unknown>)[k];
      }
    }
  });

  it('after a logout the next login is the current user again', async () => {
    const b = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser() }));
    b.store.dispatch(endSessionLocally());
    expect(b.user()).toBeNull();
    b.store.dispatch(logIn(aCurrentUser({ id: 'u3' })));
    expect(b.user()?.id).toBe('u3');
    expect(currentUserApi.endpoints.getCurrentUser.select()(b.store.getState()).isSuccess).toBe(true);
  });
});

describe('choosing the profile type (spec §2 /welcome)', () => {
  it('the updated user of PATCH /api/users/me becomes the current user', async () => {
    const b = browser(aCurrentUser({ userType: null }), () => ({ status: 200, body: aCurrentUser({ userType: null }) }));
    scriptServer(({ method }) => (method === 'PATCH' ? { status: 200, body: aCurrentUser({ userType: 'airline', mustSubscribe: true }) } : { status: 500 }));
    await b.store.dispatch(authApi.endpoints.updateUserType.initiate({ userType: 'airline' })).unwrap();
    expect(b.user()).toMatchObject({ userType: 'airline', mustSubscribe: true });
    await settled();
    expect(b.stored()).toMatchObject({ userType: 'airline' });
  });
});

describe('answers sent early (before the app loaded) and the session', () => {
  it('a sign-in forgets them: the member’s call is not answered with the visitor’s refusal', async () => {
    let signedIn = false;
    const { store, calls } = browser(null, () => (signedIn ? { status: 200, body: aCurrentUser() } : { status: 401, body: { message: 'Please sign in' } }));
    void sendEarly(API_BASE, CURRENT_USER_CALL).catch(() => undefined);
    await settled();
    store.dispatch(logIn(aCurrentUser()));
    signedIn = true;
    await expect(store.dispatch(fetchCurrentUser())).resolves.toMatchObject({ id: 'u1' });
    expect(calls).toHaveLength(2);
  });

  it('a sign-out forgets them: the next member does not get the previous one’s answer', async () => {
    const { store, calls } = browser(aCurrentUser(), () => ({ status: 200, body: aCurrentUser({ id: calls.length === 1 ? 'u1' : 'u2' }) }));
    void sendEarly(API_BASE, CURRENT_USER_CALL);
    await settled();
    store.dispatch(endSessionLocally());
    await expect(store.dispatch(fetchCurrentUser())).resolves.toMatchObject({ id: 'u2' });
  });
});
