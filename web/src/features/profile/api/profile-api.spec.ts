import { persistCurrentUser, selectCurrentUser, setCurrentUser, USER_CACHE_KEY } from '../../../lib/current-user';
import { aCurrentUser, disposeTestStores, makeTestStore, memoryStorage, scriptServer, settled } from '../../../lib/current-user/testing';
import { profileApi } from './profile-api';

// A profile edit changes the one current user: the session's user, the profile screen and the
// stored copy all show the saved profile, without a second copy to keep in step.
describe('profile update (spec §4 Profile edit)', () => {
  let local: ReturnType<typeof memoryStorage>;
  beforeEach(() => (local = memoryStorage()));
  afterEach(() => {
    local.restore();
    disposeTestStores();
  });

  it('leaves no reader with the old profile: the saved user is the current user at once, and stored', async () => {
    const store = makeTestStore();
    persistCurrentUser(store);
    store.dispatch(setCurrentUser(aCurrentUser({ firstName: 'Ana', bio: 'Old bio', photos: ['/a.jpg'], mainPhoto: '/a.jpg' })));
    const calls = scriptServer(({ method, body }) =>
      method === 'PATCH' ? { status: 200, body: aCurrentUser({ firstName: 'Ana', ...(body as object), photos: ['/a.jpg', '/b.jpg'], mainPhoto: '/b.jpg' }) } : { status: 500 },
    );

    await store.dispatch(profileApi.endpoints.updateProfile.initiate({ id: 'u1', patch: { bio: 'New bio' } })).unwrap();

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/users/u1']); // no second fetch needed
    expect(selectCurrentUser(store.getState())).toMatchObject({ bio: 'New bio', mainPhoto: '/b.jpg' });
    await settled();
    expect(JSON.parse(local.storage.get(USER_CACHE_KEY)!)).toMatchObject({ bio: 'New bio', mainPhoto: '/b.jpg' });
  });

  it('keeps the current user when the save is refused', async () => {
    const store = makeTestStore();
    store.dispatch(setCurrentUser(aCurrentUser({ bio: 'Old bio' })));
    scriptServer(() => ({ status: 400, body: { message: 'Bio is required' } }));
    await expect(store.dispatch(profileApi.endpoints.updateProfile.initiate({ id: 'u1', patch: { bio: '' } })).unwrap()).rejects.toMatchObject({ status: 400 });
    expect(selectCurrentUser(store.getState())?.bio).toBe('Old bio');
  });
});
