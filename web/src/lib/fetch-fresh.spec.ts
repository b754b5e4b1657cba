import { api } from './api';
import { disposeTestStores, makeTestStore } from './current-user/testing';
import { fetchFresh } from './fetch-fresh';

// `fetchFresh` asks again for a query's answer and resolves with it, even when a push or a
// mutation makes the entry stale while it is asked (an entry nobody subscribed to was dropped with
// its answer, and the answer read back was nothing).

/** the server's answers, in the order they are asked: each resolves (or fails) when the test says */
const asked: { answer: (value: string) => void; fail: () => void }[] = [];
const probe = api.injectEndpoints({
  endpoints: (build) => ({
    crew: build.query<string, void>({
      queryFn: () =>
        new Promise((resolve) =>
          asked.push({ answer: (data) => resolve({ data }), fail: () => resolve({ error: { status: 500, message: 'Server error' } }) }),
        ),
      providesTags: ['Matches'],
    }),
  }),
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** how many hold the entry of `key` (the cache's own count) */
const holders = (store: ReturnType<typeof makeTestStore>, key: string) =>
  (store.dispatch(api.internalActions.internal_getRTKQSubscriptions()) as unknown as { getSubscriptionCount(key: string): number }).getSubscriptionCount(key);

afterEach(() => {
  asked.length = 0;
  disposeTestStores();
});

describe('fetchFresh', () => {
  it('resolves with the answer asked for', async () => {
    const store = makeTestStore();
    const fetched = fetchFresh(store.dispatch(probe.endpoints.crew.initiate(undefined, { forceRefetch: true })));
    await tick();
    asked[0]!.answer('Ben');
    await expect(fetched).resolves.toBe('Ben');
  });

  it('resolves with the answer when the entry is made stale while it is asked', async () => {
    const store = makeTestStore();
    const fetched = fetchFresh(store.dispatch(probe.endpoints.crew.initiate(undefined, { forceRefetch: true })));
    await tick();
    store.dispatch(api.util.invalidateTags(['Matches']));
    asked[0]!.answer('Ben');
    await expect(fetched).resolves.toBe('Ben');
  });

  it('rejects with the error, and holds the entry only while it is asked', async () => {
    const store = makeTestStore();
    const request = store.dispatch(probe.endpoints.crew.initiate(undefined, { forceRefetch: true }));
    const failed = fetchFresh(request);
    await tick();
    expect(holders(store, request.queryCacheKey)).toBe(1);
    asked[0]!.fail();
    await expect(failed).rejects.toMatchObject({ status: 500 });
    expect(holders(store, request.queryCacheKey)).toBe(0);
    const fetched = fetchFresh(store.dispatch(probe.endpoints.crew.initiate(undefined, { forceRefetch: true })));
    await tick();
    asked[1]!.answer('Ben');
    await fetched;
    expect(holders(store, request.queryCacheKey)).toBe(0);
  });
});
