import { jest } from '@jest/globals';
import { api } from '../api';
import { sharedApi } from '../shared-api';
import { currentUserApi, needsSubscription, patchCurrentUser, selectCurrentUser, setCurrentUser, shouldRetryCurrentUser } from './current-user';
import { loadPersistedUser, USER_CACHE_KEY } from './current-user-view';
import { persistCurrentUser, seedCurrentUser } from './persisted-user';
import { aCurrentUser, disposeTestStores, makeTestStore, memoryStorage, scriptServer, settled } from './testing';

const fetchOnce = (store: ReturnType<typeof makeTestStore>) =>
  store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();

afterEach(() => {
  jest.useRealTimers();
  disposeTestStores();
});

describe('the current-user query (spec §7)', () => {

  it('retries up to 2 times, never on 401', () => {
    expect(shouldRetryCurrentUser({ status: 500, message: '500: x' }, 0)).toBe(true);
    expect(shouldRetryCurrentUser({ status: 0, message: 'Failed to fetch' }, 1)).toBe(true);
    expect(shouldRetryCurrentUser({ status: 500, message: '500: x' }, 2)).toBe(false);
    expect(shouldRetryCurrentUser({ status: 401, message: '401: x' }, 0)).toBe(false);
  });

  it('asks again twice, 1 s apart, then fails with the last error', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask'] });
    const calls = scriptServer(() => ({ status: 503, body: { message: 'down' } }));
    const store = makeTestStore();
    const outcome = fetchOnce(store).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(3);
    expect(await outcome).toMatchObject({ status: 503 });
  });

  it('does not ask again after a 401; a 404 is no user', async () => {
    let calls = scriptServer(() => ({ status: 401, body: { message: 'Unauthorized' } }));
    const store = makeTestStore();
    await expect(fetchOnce(store)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    calls = scriptServer(() => ({ status: 404, body: { message: 'Not signed in' } }));
    await expect(fetchOnce(store)).resolves.toBeNull();
    expect(calls).toHaveLength(1);
    expect(selectCurrentUser(store.getState())).toBeNull();
  });
});

describe('the one current user', () => {
  it('is what the server answered, replaced or patched by what replies say', async () => {
    scriptServer(() => ({ status: 200, body: aCurrentUser({ firstName: 'Ana' }) }));
    const store = makeTestStore();
    await fetchOnce(store);
    expect(selectCurrentUser(store.getState())?.firstName).toBe('Ana');
    store.dispatch(patchCurrentUser({ mustSubscribe: true }));
    expect(selectCurrentUser(store.getState())).toMatchObject({ firstName: 'Ana', mustSubscribe: true });
    store.dispatch(setCurrentUser(aCurrentUser({ id: 'u2' })));
    expect(selectCurrentUser(store.getState())?.id).toBe('u2');
    store.dispatch(setCurrentUser(null));
    expect(selectCurrentUser(store.getState())).toBeNull();
    store.dispatch(patchCurrentUser({ mustSubscribe: true }));
    expect(selectCurrentUser(store.getState())).toBeNull();
  });

  it('is fetched again after a verification document is uploaded (whether they must pay is the server’s rule)', async () => {
    let review = 'none';
    scriptServer(({ method, path }) => {
      if (method === 'POST' && path === '/api/verification') {
        review = 'pending';
        return { status: 201, body: { status: 'pending' } };
      }
      return { status: 200, body: aCurrentUser({ userType: 'airline', mustSubscribe: review !== 'pending' }) };
    });
    const store = makeTestStore();
    // a signed-in session holds the entry (the AuthProvider)
    await store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined));
    expect(needsSubscription(selectCurrentUser(store.getState())!)).toBe(true);
    await store.dispatch(sharedApi.endpoints.uploadVerificationDocument.initiate({ file: new File(['%PDF'], 'paystub.pdf', { type: 'application/pdf' }) })).unwrap();
    await settled();
    expect(needsSubscription(selectCurrentUser(store.getState())!)).toBe(false);
  });
});

describe('the stored copy of the current user (spec §4: cached in the browser)', () => {
  let local: ReturnType<typeof memoryStorage>;
  beforeEach(() => (local = memoryStorage()));
  afterEach(() => local.restore());

  it('follows the entry: written when it changes, removed when there is no user', async () => {
    const store = makeTestStore();
    persistCurrentUser(store);
    store.dispatch(setCurrentUser(aCurrentUser({ firstName: 'Ana' })));
    await settled();
    expect(JSON.parse(local.storage.get(USER_CACHE_KEY)!)).toMatchObject({ id: 'u1', firstName: 'Ana' });
    store.dispatch(patchCurrentUser({ firstName: 'Bea' }));
    await settled();
    expect(JSON.parse(local.storage.get(USER_CACHE_KEY)!)).toMatchObject({ firstName: 'Bea' });
    store.dispatch(setCurrentUser(null));
    await settled();
    expect(local.storage.has(USER_CACHE_KEY)).toBe(false);
    store.dispatch(setCurrentUser(aCurrentUser()));
    await settled();
    store.dispatch(api.util.resetApiState());
    await settled();
    expect(local.storage.has(USER_CACHE_KEY)).toBe(false);
  });

  it('seeds the entry once at start-up; a copy without the server’s shape is not used', () => {
    local.storage.set(USER_CACHE_KEY, JSON.stringify(aCurrentUser({ firstName: 'Ana' })));
    const store = makeTestStore();
    seedCurrentUser(store.dispatch);
    expect(selectCurrentUser(store.getState())?.firstName).toBe('Ana');
    local.storage.set(USER_CACHE_KEY, JSON.stringify({ id: 'u1', isAdmin: false, userType: 'general', subscriptionStatus: 'inactive' }));
    expect(loadPersistedUser()).toBeNull();
    local.storage.set(USER_CACHE_KEY, 'not json');
    expect(loadPersistedUser()).toBeNull();
    // without its photos (the page's first script reads the main photo of it)
    const { photos: _photos, ...withoutPhotos } = aCurrentUser();
    local.storage.set(USER_CACHE_KEY, JSON.stringify(withoutPhotos));
    expect(loadPersistedUser()).toBeNull();
  });
});
