import { type CurrentUserView, Messages, type NotificationView, OtherNotifications } from '@aero/contracts';
import { ApiClient, eventually } from '@aero/testing';
import { memberProfile, signedUpAccount } from './support/members.js';
import { GATEWAY_MODES, type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * The account type (spec §2 /welcome, PATCH /api/users/me): chosen, and changed, until the
 * profile is complete, then kept — over HTTP, as an attacker would try it; and one welcome an
 * account, whatever the choices before. Through the real gateway in both runtime modes.
 */
describe.each(GATEWAY_MODES)('account type (%s)', (mode: GatewayMode) => {
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway(mode, { DEMO_SEED: 'false' });
    base = gw.base;
  });
  afterAll(() => gw?.close());

  const newAccount = () => signedUpAccount(base, 'type');

  const me = async (api: ApiClient) => (await api.get('/api/users/me')).body as CurrentUserView;
  const notifications = async (api: ApiClient) => (await api.get('/api/notifications')).body as NotificationView[];
  const stored = async (id: string) => (await gw.query<{ n: number }>('notifications', 'SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = $1', [id]))[0]!.n;
  /** the member's one welcome once it says `text` (the events of every choice heard) */
  const welcomeSays = (api: ApiClient, text: { title: string; message: string }) =>
    eventually(
      async () => {
        const list = await notifications(api);
        return list.length === 1 && list[0]!.title === text.title && list[0]!.message === text.message ? list[0] : undefined;
      },
      10_000,
      'the one welcome',
    );
  const refused = (res: { status: number; body: { code?: string; message?: string } }) => expect([res.status, res.body.code, res.body.message]).toEqual([409, 'user_type_locked', Messages.userTypeLocked]);

  it('is chosen and changed freely before the profile is complete, with one welcome that follows the choice', async () => {
    const { api, id } = await newAccount();
    expect((await api.patch('/api/users/me', { userType: 'airline' })).body).toMatchObject({ userType: 'airline', profileCompleted: false });
    await welcomeSays(api, OtherNotifications.welcomeAirline);
    // back from /register to /welcome, the other choice; and back again, and again
    expect((await api.patch('/api/users/me', { userType: 'general' })).body).toMatchObject({ userType: 'general', mustSubscribe: true });
    expect((await api.patch('/api/users/me', { userType: 'airline_employee' })).body).toMatchObject({ userType: 'airline', mustSubscribe: false });
    expect((await api.patch('/api/users/me', { userType: 'general' })).body).toMatchObject({ userType: 'general' });
    const welcome = await welcomeSays(api, OtherNotifications.welcomeGeneral);
    expect(welcome).toMatchObject({ type: 'other', read: false });
    expect(await stored(id)).toBe(1);
    expect((await api.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });

    // registered as what was chosen last
    const created = await api.post('/api/users', { ...memberProfile(id, 'Gwen', 'female'), userType: 'general', airline: undefined, position: undefined });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userType: 'general', profileCompleted: true, mustSubscribe: true });
    expect(await stored(id)).toBe(1);
  });

  it('is kept once the profile is complete: another type is refused with 409 user_type_locked, the same one answers as it is, and nobody is welcomed twice', async () => {
    // an airline member who registered without a document tries to become a general member, and back
    const { api, id } = await newAccount();
    await api.patch('/api/users/me', { userType: 'airline' });
    expect((await api.post('/api/users', memberProfile(id, 'Ana', 'female'))).status).toBe(201);
    await welcomeSays(api, OtherNotifications.welcomeAirline);

    refused(await api.patch('/api/users/me', { userType: 'general' }));
    expect(await me(api)).toMatchObject({ userType: 'airline', profileCompleted: true, firstName: 'Ana' });
    for (const same of ['airline', 'airline_employee']) {
      const again = await api.patch('/api/users/me', { userType: same });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id, userType: 'airline', profileCompleted: true, firstName: 'Ana', mustSubscribe: false });
    }
    // nor through registration again
    expect((await api.post('/api/users', { ...memberProfile(id, 'Ana', 'female'), userType: 'general' })).status).toBe(409);
    // anything still to be heard would have been by now: the one welcome, as it was
    await welcomeSays(api, OtherNotifications.welcomeAirline);
    expect(await stored(id)).toBe(1);
    expect((await me(api)).userType).toBe('airline');
  });

  it('keeps a general member who has not paid behind the paywall: calling themselves airline staff is refused', async () => {
    const { api, id } = await newAccount();
    await api.patch('/api/users/me', { userType: 'general' });
    expect((await api.post('/api/users', { ...memberProfile(id, 'Gina', 'female'), userType: 'general', airline: undefined, position: undefined })).status).toBe(201);
    expect(await me(api)).toMatchObject({ userType: 'general', mustSubscribe: true });
    for (const airline of ['airline', 'airline_employee']) refused(await api.patch('/api/users/me', { userType: airline }));
    expect(await me(api)).toMatchObject({ userType: 'general', mustSubscribe: true, verified: false });
    expect((await api.post('/api/get-or-create-subscription')).body).toMatchObject({ status: 'incomplete' });
    // the same type again changes nothing
    expect((await api.patch('/api/users/me', { userType: 'general' })).body).toMatchObject({ userType: 'general', mustSubscribe: true });
    await welcomeSays(api, OtherNotifications.welcomeGeneral);
    expect(await stored(id)).toBe(1);
  });

  it('keeps a general member who paid a general member: no airline badge without a document', async () => {
    const { api, id } = await newAccount();
    await api.patch('/api/users/me', { userType: 'general' });
    const { clientSecret } = (await api.post('/api/get-or-create-subscription')).body as { clientSecret: string };
    expect((await api.post('/api/billing/test-payments', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
    await eventually(async () => (await me(api)).subscriptionStatus === 'active', 10_000, 'the subscription active');
    expect((await api.post('/api/users', { ...memberProfile(id, 'Paula', 'female'), userType: 'general', airline: undefined, position: undefined })).status).toBe(201);
    refused(await api.patch('/api/users/me', { userType: 'airline' }));
    expect(await me(api)).toMatchObject({ userType: 'general', subscriptionStatus: 'active', mustSubscribe: false, profileCompleted: true });
    expect(await stored(id)).toBe(1);
  });

  it('refuses a type it does not know before anything else, and one without a session', async () => {
    const { api } = await newAccount();
    const wrong = await api.patch('/api/users/me', { userType: 'pilot' });
    expect([wrong.status, wrong.body.message]).toEqual([400, Messages.userTypeInvalid]);
    expect((await new ApiClient(base).patch('/api/users/me', { userType: 'airline' })).status).toBe(401);
  });
});
