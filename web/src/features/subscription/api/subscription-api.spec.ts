import { selectCurrentUser, setCurrentUser } from '../../../lib/current-user';
import { aCurrentUser, type Answer, disposeTestStores, makeTestStore, scriptServer } from '../../../lib/current-user/testing';
import { subscriptionApi } from './subscription-api';

// What get-or-create says about the member goes into the one current user (the account's own
// subscriptionStatus follows the payment later, by an event).
describe('get-or-create subscription and the current user', () => {
  afterEach(disposeTestStores);

  async function ask(answer: Answer) {
    const store = makeTestStore();
    store.dispatch(setCurrentUser(aCurrentUser({ subscriptionStatus: 'inactive', mustSubscribe: true })));
    scriptServer(() => answer);
    await store.dispatch(subscriptionApi.endpoints.getOrCreateSubscription.initiate()).unwrap().catch(() => undefined);
    return selectCurrentUser(store.getState());
  }

  it('an active subscription (or the refusal "Subscription already active") makes the member a payer who passes', async () => {
    expect(await ask({ status: 200, body: { status: 'active' } })).toMatchObject({ subscriptionStatus: 'active', mustSubscribe: false });
    expect(await ask({ status: 400, body: { message: 'Subscription already active' } })).toMatchObject({ subscriptionStatus: 'active', mustSubscribe: false });
  });

  it('nothing to pay clears mustSubscribe only', async () => {
    expect(await ask({ status: 200, body: { status: 'not_required' } })).toMatchObject({ subscriptionStatus: 'inactive', mustSubscribe: false });
  });

  it('a payment still due, or a failure, leaves the user as it was', async () => {
    expect(await ask({ status: 200, body: { status: 'incomplete', clientSecret: 'pi_secret' } })).toMatchObject({ subscriptionStatus: 'inactive', mustSubscribe: true });
    expect(await ask('network')).toMatchObject({ subscriptionStatus: 'inactive', mustSubscribe: true });
  });
});
