import { selectCurrentUser, setCurrentUser } from '../../../lib/current-user';
import { aCurrentUser, disposeTestStores, makeTestStore, scriptServer } from '../../../lib/current-user/testing';
import { registrationApi } from './registration-api';

describe('registration (spec §4: success logs the user in)', () => {
  afterEach(disposeTestStores);

  it('the registered user of POST /api/users becomes the current user', async () => {
    const store = makeTestStore();
    store.dispatch(setCurrentUser(aCurrentUser({ userType: null, profileCompleted: false })));
    scriptServer(() => ({ status: 201, body: aCurrentUser({ userType: 'general', firstName: 'Ana', profileCompleted: true, mustSubscribe: true }) }));
    await store.dispatch(registrationApi.endpoints.createProfile.initiate({ firstName: 'Ana' })).unwrap();
    expect(selectCurrentUser(store.getState())).toMatchObject({ userType: 'general', firstName: 'Ana', profileCompleted: true, mustSubscribe: true });
  });
});
