import { type Clock, testPaymentsWebhookSecret } from '@aero/common';
import { type CurrentUserView, Messages, Rpc, type SubscriptionSetupReply, type SubscriptionView, TEST_CARDS } from '@aero/contracts';
import { ApiClient, eventually, testEmail, verificationCode } from '@aero/testing';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createMember, inDeck, type Member, memberProfile } from './support/members.js';
import { forMember, holdRpc } from './support/rpc-calls.js';
import { StripeStandIn } from './support/stripe-stand-in.js';
import { type GatewayMode, startTestGateway, type TestGateway } from './support/test-gateway.js';

const DAY_MS = 24 * 3600 * 1000;

/** a signed-up, verified general member with a complete profile (spec §4: they register after paying, but may register first) */
async function generalMember(base: string, firstName = 'Gwen'): Promise<Member & { email: string }> {
  const api = new ApiClient(base);
  const email = testEmail('general');
  await api.post('/api/auth/signup', { email, password: 'secret-pass' });
  const verified = await api.post('/api/auth/verify', { email, code: await verificationCode(base, email) });
  const id = verified.body.user.id as string;
  const created = await api.post('/api/users', { ...memberProfile(id, firstName, 'female'), userType: 'general', airline: undefined, position: undefined });
  if (created.status !== 201) throw new Error(`profile: ${created.status} ${JSON.stringify(created.body)}`);
  return { api, id, email };
}

const me = async (m: Member) => (await m.api.get('/api/users/me')).body as CurrentUserView;
const setup = async (m: Member) => {
  const res = await m.api.post('/api/get-or-create-subscription');
  expect(res.status).toBe(200);
  return res.body as SubscriptionSetupReply;
};

/** a webhook event in Stripe's shape, signed with `secret` (Stripe's scheme) */
function signedEvent(secret: string, type: string, object: object, timestamp?: number) {
  const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}
const invoice = (subscriptionId: string, status: 'paid' | 'open') => ({ id: `in_${randomUUID().slice(0, 8)}`, object: 'invoice', status, parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } } });
const invoicePaid = (subscriptionId: string) => invoice(subscriptionId, 'paid');

/** posted as the provider posts it: no Origin, its own content type, the signature header */
const deliver = (base: string, { payload, signature }: { payload: string; signature: string }) =>
  fetch(`${base}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });

/** what differs between the two payment providers; everything else is one contract */
interface ProviderUnderTest {
  name: 'test' | 'stripe';
  env(): Record<string, string>;
  webhookSecret(gw: TestGateway): string;
  /** the member pays the subscription whose payment has `clientSecret` */
  pay(gw: TestGateway, m: Member, clientSecret: string): Promise<void>;
  /** the provider's own records of the member */
  customers(gw: TestGateway, userId: string): Promise<number>;
  subscriptions(gw: TestGateway, userId: string): Promise<{ id: string; status: string }[]>;
  /** whether the provider will end the subscription with its paid period (not renew it) */
  cancelsAtPeriodEnd(gw: TestGateway, subscriptionId: string): Promise<boolean>;
  /** a renewal's payment failed: the next period started, its invoice open (Stripe's `past_due`, retried) */
  failRenewal(gw: TestGateway, subscriptionId: string): Promise<void>;
  /** the provider gave up on renewing it (Stripe's `unpaid`: its open invoice can still be paid) */
  markUnpaid(gw: TestGateway, subscriptionId: string): Promise<void>;
  /** the subscription is deleted on the provider's side: it answers 'No such subscription' */
  deleteSubscription(gw: TestGateway, subscriptionId: string): Promise<void>;
  /** the member's customer is deleted on the provider's side (its dashboard, say) */
  deleteCustomer(gw: TestGateway, userId: string): Promise<void>;
}

const testProvider: ProviderUnderTest = {
  name: 'test',
  env: () => ({}),
  webhookSecret: (gw) => testPaymentsWebhookSecret(gw.settings),
  async pay(_gw, m, clientSecret) {
    const res = await m.api.post('/api/billing/test-payments', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(res.body).toEqual({ status: 'active' });
  },
  customers: async (gw, userId) => (await gw.query('billing', 'SELECT id FROM billing.test_customers WHERE user_id = $1', [userId])).length,
  subscriptions: (gw, userId) => gw.query<{ id: string; status: string }>('billing', 'SELECT id, status FROM billing.test_subscriptions WHERE user_id = $1 ORDER BY created_at', [userId]),
  cancelsAtPeriodEnd: async (gw, subscriptionId) =>
    (await gw.query<{ cancel_at_period_end: boolean }>('billing', 'SELECT cancel_at_period_end FROM billing.test_subscriptions WHERE id = $1', [subscriptionId]))[0].cancel_at_period_end,
  async failRenewal(gw, subscriptionId) {
    await gw.query('billing', `UPDATE billing.test_subscriptions SET status = 'past_due', current_period_end = current_period_end + interval '1 month' WHERE id = $1`, [subscriptionId]);
  },
  async markUnpaid(gw, subscriptionId) {
    await gw.query('billing', `UPDATE billing.test_subscriptions SET status = 'unpaid' WHERE id = $1`, [subscriptionId]);
  },
  async deleteSubscription(gw, subscriptionId) {
    await gw.query('billing', 'DELETE FROM billing.test_subscriptions WHERE id = $1', [subscriptionId]);
  },
  async deleteCustomer(gw, userId) {
    await gw.query('billing', 'DELETE FROM billing.test_subscriptions WHERE user_id = $1', [userId]);
    await gw.query('billing', 'DELETE FROM billing.test_customers WHERE user_id = $1', [userId]);
  },
};

const standIn = new StripeStandIn();
const STRIPE_WEBHOOK_SECRET = 'whsec_contract_suite';
const stripeProvider: ProviderUnderTest = {
  name: 'stripe',
  env: () => ({ STRIPE_SECRET_KEY: 'sk_test_contract', STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID: 'price_aeromatch_monthly', STRIPE_PUBLISHABLE_KEY: 'pk_test_contract', STRIPE_API_URL: standIn.url }),
  webhookSecret: () => STRIPE_WEBHOOK_SECRET,
  async pay(gw, _m, clientSecret) {
    // what Stripe does when Elements confirms the payment: the invoice is paid and Stripe says so by webhook
    const subscription = [...standIn.subscriptions.values()].find((s) => typeof s.latest_invoice === 'object' && s.latest_invoice.confirmation_secret?.client_secret === clientSecret)!;
    standIn.pay(subscription.id);
    expect((await deliver(gw.base, signedEvent(STRIPE_WEBHOOK_SECRET, 'invoice.paid', invoicePaid(subscription.id)))).status).toBe(200);
  },
  customers: async (_gw, userId) => [...standIn.customers.values()].filter((c) => c.metadata.userId === userId).length,
  subscriptions: async (_gw, userId) => [...standIn.subscriptions.values()].filter((s) => s.metadata.userId === userId).map((s) => ({ id: s.id, status: s.status })),
  cancelsAtPeriodEnd: async (_gw, subscriptionId) => standIn.subscriptions.get(subscriptionId)!.cancel_at_period_end,
  async failRenewal(_gw, subscriptionId) {
    standIn.failRenewal(subscriptionId);
  },
  async markUnpaid(_gw, subscriptionId) {
    standIn.subscriptions.get(subscriptionId)!.status = 'unpaid';
  },
  async deleteSubscription(_gw, subscriptionId) {
    standIn.subscriptions.delete(subscriptionId);
  },
  async deleteCustomer(_gw, userId) {
    for (const c of standIn.customers.values()) if (c.metadata.userId === userId) standIn.customers.delete(c.id);
  },
};

beforeAll(() => standIn.start());
afterAll(() => standIn.stop());

/** billing keeps nothing of the member */
const forgotten = async (gw: TestGateway, userId: string) => (await gw.query('billing', 'SELECT 1 FROM billing.subscriptions WHERE user_id = $1', [userId])).length === 0;

/**
 * The subscription contract, run against both payment providers (the test provider, and the
 * `stripe` SDK adapter against a local stand-in of Stripe's API), the test provider in both
 * runtime modes: get-or-create is idempotent, only a payment activates, webhooks are verified and
 * handled once, whatever their order, and identity, the gate and the deck follow.
 */
describe.each([
  { provider: testProvider, mode: 'single-node' },
  { provider: testProvider, mode: 'distributed' },
  { provider: stripeProvider, mode: 'single-node' },
] as { provider: ProviderUnderTest; mode: GatewayMode }[])('subscriptions with the $provider.name provider ($mode)', ({ provider, mode }) => {
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway(mode, provider.env());
    base = gw.base;
  });
  afterAll(() => gw?.close());

  /** a general member who paid: their subscription, as the provider has it */
  async function paidMember(firstName?: string) {
    const member = await generalMember(base, firstName);
    await provider.pay(gw, member, (await setup(member)).clientSecret!);
    const [subscription] = await provider.subscriptions(gw, member.id);
    return { member, subscription };
  }

  it('tells the payment form which provider takes the payment', async () => {
    const gwen = await generalMember(base);
    expect((await gwen.api.get('/api/billing/config')).body).toEqual(provider.name === 'stripe' ? { provider: 'stripe', publishableKey: 'pk_test_contract' } : { provider: 'test', publishableKey: null });
    expect((await new ApiClient(base).get('/api/billing/config')).status).toBe(401);
    // with Stripe, the test provider's card form does not exist
    if (provider.name === 'stripe') {
      const { clientSecret } = await setup(gwen);
      expect((await gwen.api.post('/api/billing/test-payments', { clientSecret, cardNumber: TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' })).status).toBe(404);
      expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
    }
  });

  it('creates one customer and one incomplete subscription however often, and at once, it is asked', async () => {
    const gwen = await generalMember(base);
    expect(await me(gwen)).toMatchObject({ userType: 'general', subscriptionStatus: 'inactive', subscriptionExpiresAt: null, mustSubscribe: true });
    const first = await setup(gwen);
    expect(first).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    const again = await Promise.all([setup(gwen), setup(gwen), setup(gwen)]);
    for (const reply of again) expect(reply.clientSecret).toBe(first.clientSecret);
    expect(await provider.customers(gw, gwen.id)).toBe(1);
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([expect.objectContaining({ status: 'incomplete' })]);
    if (provider.name === 'stripe') {
      const create = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.form.get('metadata[userId]') === gwen.id)!;
      expect(Object.fromEntries(create.form)).toMatchObject({ 'items[0][price]': 'price_aeromatch_monthly', payment_behavior: 'default_incomplete', 'expand[0]': 'latest_invoice.confirmation_secret' });
    }
    // never active without a payment
    expect(await me(gwen)).toMatchObject({ subscriptionStatus: 'inactive', mustSubscribe: true });
    expect((await gwen.api.get('/api/subscription')).body).toEqual({ status: 'inactive', currentPeriodEnd: null, cancelAtPeriodEnd: false, renewalFailed: false });
    expect((await new ApiClient(base).post('/api/get-or-create-subscription')).status).toBe(401);
  });

  it('activates on payment: identity, the gate and the deck follow, and a second call says it is active', async () => {
    const gwen = await generalMember(base, 'Gwen');
    const pilot = await createMember(base, 'Paul', 'male');
    const { clientSecret } = await setup(gwen);
    // a member who must pay is in nobody's deck, and has none to use until she pays
    expect(((await pilot.api.get('/api/discovery')).body as { id: string }[]).some((c) => c.id === gwen.id)).toBe(false);
    expect((await gwen.api.get('/api/discovery')).body).toEqual([]);
    const unpaidLike = await gwen.api.patch('/api/likes', { toUserId: pilot.id });
    expect([unpaidLike.status, unpaidLike.body.code]).toEqual([402, 'subscription_required']);
    expect((await gwen.api.post('/api/boost', {})).status).toBe(402);
    await provider.pay(gw, gwen, clientSecret!);
    expect(await setup(gwen)).toEqual({ status: 'active', message: Messages.subscriptionAlreadyActive });
    const user = await eventually(async () => {
      const u = await me(gwen);
      return u.subscriptionStatus === 'active' && u;
    }, 10_000, 'identity mirrors the subscription');
    expect(user.mustSubscribe).toBe(false);
    expect(Date.parse(user.subscriptionExpiresAt!)).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    const view = (await gwen.api.get('/api/subscription')).body as SubscriptionView;
    expect(view).toEqual({ status: 'active', currentPeriodEnd: user.subscriptionExpiresAt, cancelAtPeriodEnd: false, renewalFailed: false });
    // her own deck at once, as the app opens it right after paying (discovery catches up on her)
    expect(((await gwen.api.get('/api/discovery')).body as { id: string }[]).some((c) => c.id === pilot.id)).toBe(true);
    await inDeck(pilot, gwen);
    expect((await gwen.api.patch('/api/likes', { toUserId: pilot.id })).body).toEqual({ isMatch: false });
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([expect.objectContaining({ status: 'active' })]);
  });

  it('refuses a webhook whose signature does not hold, is stale, or is missing, and changes nothing', async () => {
    const gwen = await generalMember(base);
    const { clientSecret } = await setup(gwen);
    const [subscription] = await provider.subscriptions(gw, gwen.id);
    if (provider.name === 'stripe') standIn.pay(subscription.id);
    const forged = signedEvent('whsec_someone_else', 'invoice.paid', invoicePaid(subscription.id));
    expect((await deliver(base, forged)).status).toBe(400);
    const stale = signedEvent(provider.webhookSecret(gw), 'invoice.paid', invoicePaid(subscription.id), Math.floor(Date.now() / 1000) - 3600);
    const refused = await deliver(base, stale);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(Messages.webhookSignature);
    const tampered = signedEvent(provider.webhookSecret(gw), 'invoice.paid', invoicePaid(subscription.id));
    expect((await deliver(base, { payload: tampered.payload.replace('"paid"', '"PAID"'), signature: tampered.signature })).status).toBe(400);
    const unsigned = await fetch(`${base}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: tampered.payload });
    expect({ status: unsigned.status, body: await unsigned.json() }).toEqual({ status: 400, body: { statusCode: 400, code: 'webhook_signature', message: Messages.webhookSignature } });
    // not JSON: refused before its body is read (an upload's worth of bytes from anyone, else)
    for (const type of ['text/plain', 'application/octet-stream', undefined]) {
      const other = await fetch(`${base}/api/billing/webhook`, { method: 'POST', headers: type ? { 'content-type': type, 'stripe-signature': tampered.signature } : { 'stripe-signature': tampered.signature }, body: 'x'.repeat(2 * 1024 * 1024) });
      expect([type, other.status, ((await other.json()) as { code: string }).code]).toEqual([type, 415, 'json_required']);
    }
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
    if (provider.name === 'test') expect((await setup(gwen)).clientSecret).toBe(clientSecret);
  });

  it('handles an event id once, and events out of order cannot move a subscription backwards', async () => {
    const gwen = await generalMember(base);
    const { clientSecret } = await setup(gwen);
    const [subscription] = await provider.subscriptions(gw, gwen.id);
    await provider.pay(gw, gwen, clientSecret!);
    const secret = provider.webhookSecret(gw);
    const paid = signedEvent(secret, 'invoice.paid', invoicePaid(subscription.id));
    expect(await (await deliver(base, paid)).json()).toEqual({ received: true, duplicate: false });
    expect(await (await deliver(base, paid)).json()).toEqual({ received: true, duplicate: true });
    // the same event delivered several times at once (the provider retries): handled exactly once
    const retried = signedEvent(secret, 'customer.subscription.updated', { id: subscription.id, object: 'subscription', status: 'active' });
    const answers = (await Promise.all(Array.from({ length: 5 }, async () => (await deliver(base, retried)).json()))) as { duplicate: boolean }[];
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    // an older "incomplete" update delivered late: the provider's current state (active) stands
    const late = signedEvent(secret, 'customer.subscription.updated', { id: subscription.id, object: 'subscription', status: 'incomplete' });
    expect((await deliver(base, late)).status).toBe(200);
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'active' });
    // an event about a subscription that is not ours is acknowledged and ignored
    expect((await deliver(base, signedEvent(secret, 'customer.subscription.deleted', { id: 'sub_elsewhere', object: 'subscription' }))).status).toBe(200);
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'active', 10_000, 'identity');
  });

  /** the provider keeps nothing of the member that could be charged or names them: no customer, no subscription alive */
  const providerForgot = async (userId: string) => (await provider.customers(gw, userId)) === 0 && (await provider.subscriptions(gw, userId)).every((s) => s.status === 'canceled');

  it('cancels at the end of the paid period, and cancels at once and deletes the customer when the account is deleted', async () => {
    const gwen = await generalMember(base);
    expect((await gwen.api.post('/api/subscription/cancel')).status).toBe(404);
    const { clientSecret } = await setup(gwen);
    await provider.pay(gw, gwen, clientSecret!);
    const cancelled = await gwen.api.post('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: expect.any(String) });
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([expect.objectContaining({ status: 'active' })]);

    expect(await provider.customers(gw, gwen.id)).toBe(1);

    expect((await gwen.api.delete(`/api/users/${gwen.id}`)).status).toBe(200);
    await eventually(() => providerForgot(gwen.id), 10_000, 'the subscription cancelled and the customer deleted with the account');
  });

  it('resumes a cancelled subscription while its paid period lasts: it renews again; not one that is not active', async () => {
    const gwen = await generalMember(base);
    expect((await gwen.api.post('/api/subscription/resume')).status).toBe(404);
    const { clientSecret } = await setup(gwen);
    expect((await gwen.api.post('/api/subscription/resume')).status).toBe(404); // created, not paid
    await provider.pay(gw, gwen, clientSecret!);
    const [paid] = await provider.subscriptions(gw, gwen.id);
    // resuming one that renews anyway changes nothing
    expect((await gwen.api.post('/api/subscription/resume')).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await gwen.api.post('/api/subscription/cancel')).body).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await provider.cancelsAtPeriodEnd(gw, paid.id)).toBe(true);

    const resumed = await gwen.api.post('/api/subscription/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: expect.any(String) });
    expect(await provider.cancelsAtPeriodEnd(gw, paid.id)).toBe(false);
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // the same subscription, not a new one
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([{ id: paid.id, status: 'active' }]);
    // a second resume: the same answer
    expect((await gwen.api.post('/api/subscription/resume')).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // signed out: refused
    expect((await new ApiClient(base).post('/api/subscription/resume')).status).toBe(401);
  });

  it('answers 404 to cancel and resume of a subscription the provider ended meanwhile (its webhook late or lost), and the member is inactive', async () => {
    const { member: gwen, subscription: paid } = await paidMember();
    // ended at the provider (its dashboard, say); no webhook has told billing yet
    await provider.deleteSubscription(gw, paid.id);
    for (const action of ['cancel', 'resume']) {
      const res = await gwen.api.post(`/api/subscription/${action}`);
      expect([action, res.status, res.body.message]).toEqual([action, 404, Messages.notSubscribed]);
    }
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'inactive', 10_000, 'identity to follow');
  });

  it('ends at once, when asked, a subscription whose renewal failed, so its open invoice is never charged; also before billing heard of the failure', async () => {
    const { member: gwen, subscription: renewing } = await paidMember();
    await provider.failRenewal(gw, renewing.id);
    expect((await deliver(base, signedEvent(provider.webhookSecret(gw), 'invoice.payment_failed', invoice(renewing.id, 'open')))).status).toBe(200);
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive', renewalFailed: true, cancelAtPeriodEnd: false });
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'inactive', 10_000, 'identity to follow');
    // nothing to resume: it was never cancelled
    expect((await gwen.api.post('/api/subscription/resume')).status).toBe(404);
    const cancelled = await gwen.api.post('/api/subscription/cancel');
    expect([cancelled.status, cancelled.body]).toEqual([200, expect.objectContaining({ status: 'inactive', renewalFailed: false })]);
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([{ id: renewing.id, status: 'canceled' }]);
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive', renewalFailed: false });
    expect((await gwen.api.post('/api/subscription/cancel')).status).toBe(404);

    // its webhook late: billing still thinks it active
    const { member: hugo, subscription: unheard } = await paidMember('Hugo');
    await provider.failRenewal(gw, unheard.id);
    expect((await hugo.api.post('/api/subscription/cancel')).body).toMatchObject({ status: 'inactive', renewalFailed: false });
    expect(await provider.subscriptions(gw, hugo.id)).toEqual([{ id: unheard.id, status: 'canceled' }]);
    await eventually(async () => (await me(hugo)).subscriptionStatus === 'inactive', 10_000, 'identity to follow');
  });

  it('cancels an unpaid subscription before replacing it, so its open invoice can no longer be paid, and the deletion leaves none alive', async () => {
    const { member: gwen, subscription: unpaid } = await paidMember();
    await provider.markUnpaid(gw, unpaid.id);
    const again = await setup(gwen);
    expect(again).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_/) });
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([{ id: unpaid.id, status: 'canceled' }, expect.objectContaining({ status: 'incomplete' })]);
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });

    expect((await gwen.api.delete(`/api/users/${gwen.id}`)).status).toBe(200);
    await eventually(() => providerForgot(gwen.id), 10_000, 'every subscription cancelled and the customer deleted with the account');
  });

  it('replaces a subscription the provider no longer has', async () => {
    const gwen = await generalMember(base);
    const first = await setup(gwen);
    const [gone] = await provider.subscriptions(gw, gwen.id);
    await provider.deleteSubscription(gw, gone.id);
    const again = await setup(gwen);
    expect(again).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_/) });
    expect(again.clientSecret).not.toBe(first.clientSecret);
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([expect.objectContaining({ status: 'incomplete' })]);
  });

  it("forgets a deleted account's billing even when the provider no longer has its subscription, or its customer", async () => {
    const gwen = await generalMember(base);
    await setup(gwen);
    const [gone] = await provider.subscriptions(gw, gwen.id);
    await provider.deleteSubscription(gw, gone.id);
    expect((await gwen.api.delete(`/api/users/${gwen.id}`)).status).toBe(200);
    await eventually(() => forgotten(gw, gwen.id), 10_000, 'billing to forget the member');
    expect(await provider.customers(gw, gwen.id)).toBe(0);

    const hugo = await generalMember(base, 'Hugo');
    await setup(hugo);
    await provider.deleteCustomer(gw, hugo.id);
    expect((await hugo.api.delete(`/api/users/${hugo.id}`)).status).toBe(200);
    await eventually(() => forgotten(gw, hugo.id), 10_000, 'billing to forget the member');
  });

  it('makes nothing for an account deleted while its get-or-create was on its way (past its session check)', async () => {
    const gwen = await generalMember(base);
    const held = holdRpc(gw, [Rpc.billing.getOrCreateSubscription], forMember(gwen.id));
    try {
      const creating = gwen.api.post('/api/get-or-create-subscription');
      await held.reached;
      expect((await gwen.api.delete(`/api/users/${gwen.id}`)).status).toBe(200);
      await eventually(async () => (await gw.query('billing', 'SELECT 1 FROM billing.departed_members WHERE user_id = $1', [gwen.id])).length === 1, 10_000, 'billing to hear of the deletion');
      held.release();
      expect((await creating).status).toBe(404);
    } finally {
      held.restore();
    }
    expect(await provider.customers(gw, gwen.id)).toBe(0);
    expect(await provider.subscriptions(gw, gwen.id)).toEqual([]);
    expect(await gw.query('billing', 'SELECT 1 FROM billing.subscriptions WHERE user_id = $1', [gwen.id])).toEqual([]);
  });

  it('asks airline staff for nothing', async () => {
    const crew = await createMember(base, 'Cora', 'female');
    expect(await me(crew)).toMatchObject({ userType: 'airline', mustSubscribe: false });
    expect(await setup(crew)).toEqual({ status: 'not_required', message: Messages.subscriptionNotRequired });
    expect(await provider.customers(gw, crew.id)).toBe(0);
  });
});

/** The test provider's cards, as Stripe's test mode answers them. */
describe('the test provider’s card form', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('single-node');
  });
  afterAll(() => gw?.close());

  const pay = (m: Member, clientSecret: string, cardNumber: string, expiry = '12/34') => m.api.post('/api/billing/test-payments', { clientSecret, cardNumber, expiry, cvc: '123' });

  it('declines, refuses authentication and unknown cards with the provider’s message, and the member stays inactive', async () => {
    const gwen = await generalMember(gw.base);
    const { clientSecret } = await setup(gwen);
    for (const [card, message] of [
      [TEST_CARDS.declined, Messages.cardDeclined],
      [TEST_CARDS.requiresAuthentication, Messages.cardAuthenticationRequired],
      ['4111111111111111', Messages.cardUnknownTest],
    ]) {
      const res = await pay(gwen, clientSecret!, card);
      expect(res.status).toBe(402);
      expect(res.body.message).toBe(message);
    }
    expect((await pay(gwen, clientSecret!, TEST_CARDS.succeeds, '01/20')).body.message).toBe('Your card has expired.');
    expect((await pay(gwen, clientSecret!, 'not a card')).body).toMatchObject({ message: Messages.cardNumberInvalid });
    expect((await pay(gwen, clientSecret!, TEST_CARDS.succeeds, '13/30')).body).toMatchObject({ message: Messages.cardExpiryInvalid });
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
    expect(await me(gwen)).toMatchObject({ subscriptionStatus: 'inactive', mustSubscribe: true });
  });

  it('pays the open invoice of a renewal that failed: the same subscription and period, active again', async () => {
    const gwen = await generalMember(gw.base);
    await testProvider.pay(gw, gwen, (await setup(gwen)).clientSecret!);
    const [renewing] = await testProvider.subscriptions(gw, gwen.id);
    await testProvider.failRenewal(gw, renewing.id);
    const due = await setup(gwen);
    expect(due).toEqual({ status: 'past_due', clientSecret: expect.stringMatching(/^pi_/) });
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive', renewalFailed: true });
    const [{ current_period_end: periodEnd }] = await gw.query<{ current_period_end: Date }>('billing', 'SELECT current_period_end FROM billing.test_subscriptions WHERE id = $1', [renewing.id]);

    expect((await pay(gwen, due.clientSecret!, TEST_CARDS.declined)).status).toBe(402);
    expect((await pay(gwen, due.clientSecret!, TEST_CARDS.succeeds)).body).toEqual({ status: 'active' });
    expect((await gwen.api.get('/api/subscription')).body).toEqual({ status: 'active', currentPeriodEnd: periodEnd.toISOString(), cancelAtPeriodEnd: false, renewalFailed: false });
    expect(await testProvider.subscriptions(gw, gwen.id)).toEqual([{ id: renewing.id, status: 'active' }]);
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'active', 10_000, 'identity to follow');
  });

  it('pays only the caller’s own subscription, and a second confirmation changes nothing', async () => {
    const gwen = await generalMember(gw.base);
    const mallory = await generalMember(gw.base, 'Mallory');
    const { clientSecret } = await setup(gwen);
    expect((await pay(mallory, clientSecret!, TEST_CARDS.succeeds)).status).toBe(404);
    expect((await pay(gwen, `${clientSecret}x`, TEST_CARDS.succeeds)).status).toBe(404);
    expect((await pay(gwen, clientSecret!, TEST_CARDS.succeeds)).body).toEqual({ status: 'active' });
    expect((await pay(gwen, clientSecret!, TEST_CARDS.succeeds)).body).toEqual({ status: 'active' });
    expect((await mallory.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'active' });
  });
});

/** Paid periods end: with the clock moved, a cancelled subscription lapses and the gate asks again; a kept one renews. */
describe('renewal and lapse (injected clock)', () => {
  let gw: TestGateway;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  beforeAll(async () => {
    // one paid period a sweep: the failing one, the oldest, must not hold up the others
    gw = await startTestGateway('single-node', { BILLING_SWEEP_SECONDS: '1', BILLING_SWEEP_BATCH: '1' }, { clock });
  });
  afterAll(() => gw?.close());

  it('a cancelled subscription lapses at the end of its period; a kept one renews for another month', async () => {
    const leaving = await generalMember(gw.base, 'Lena');
    const staying = await generalMember(gw.base, 'Stella');
    for (const m of [leaving, staying]) await testProvider.pay(gw, m, (await setup(m)).clientSecret!);
    expect((await leaving.api.post('/api/subscription/cancel')).body).toMatchObject({ cancelAtPeriodEnd: true });
    const paidUntil = Date.parse(((await staying.api.get('/api/subscription')).body as SubscriptionView).currentPeriodEnd!);

    offsetMs += 32 * DAY_MS;
    const lapsed = await eventually(async () => {
      const u = await me(leaving);
      return u.subscriptionStatus === 'inactive' && u;
    }, 15_000, 'the lapse reaches identity');
    expect(lapsed.mustSubscribe).toBe(true);
    expect((await leaving.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
    // the gate asks again: a new subscription to pay
    const again = await setup(leaving);
    expect(again).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_/) });
    expect((await testProvider.subscriptions(gw, leaving.id)).map((s) => s.status)).toEqual(['canceled', 'incomplete']);

    const renewed = await eventually(async () => {
      const view = (await staying.api.get('/api/subscription')).body as SubscriptionView;
      return Date.parse(view.currentPeriodEnd!) > paidUntil && view;
    }, 15_000, 'the renewal');
    expect(renewed.status).toBe('active');
    await eventually(async () => (await me(staying)).subscriptionExpiresAt === renewed.currentPeriodEnd, 10_000, 'identity mirrors the renewal');
    expect((await me(staying)).subscriptionStatus).toBe('active');
  });

  it('one subscription whose check keeps failing holds up no other, even when a sweep checks one (BILLING_SWEEP_BATCH=1); one the provider no longer has lapses', async () => {
    const [failing, missing, leaving, staying] = await Promise.all(['Fay', 'Mia', 'Lea', 'Sia'].map((name) => generalMember(gw.base, name)));
    // the failing one first, so its period ends first: the oldest of the batch
    for (const m of [failing, missing, leaving, staying]) await testProvider.pay(gw, m, (await setup(m)).clientSecret!);
    expect((await leaving.api.post('/api/subscription/cancel')).body).toMatchObject({ cancelAtPeriodEnd: true });
    const [[failingSub], [missingSub]] = await Promise.all([testProvider.subscriptions(gw, failing.id), testProvider.subscriptions(gw, missing.id)]);
    const paidUntil = async (m: Member) => Date.parse(((await m.api.get('/api/subscription')).body as SubscriptionView).currentPeriodEnd!);
    const [failingUntil, stayingUntil] = [await paidUntil(failing), await paidUntil(staying)];
    // the provider's look at one subscription fails every time (its renewal cannot be written); another was deleted there
    await gw.query('billing', `CREATE FUNCTION billing.refuse_renewal() RETURNS trigger AS $$ BEGIN
        IF NEW.id = '${failingSub.id}' THEN RAISE EXCEPTION 'provider unavailable'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await gw.query('billing', 'CREATE TRIGGER refuse_renewal BEFORE UPDATE ON billing.test_subscriptions FOR EACH ROW EXECUTE FUNCTION billing.refuse_renewal()');
    try {
      await testProvider.deleteSubscription(gw, missingSub.id);
      offsetMs += 32 * DAY_MS;
      await eventually(async () => (await paidUntil(staying)) > stayingUntil, 15_000, 'the renewal');
      for (const m of [leaving, missing]) await eventually(async () => (await me(m)).subscriptionStatus === 'inactive', 15_000, 'the lapse');
      expect((await missing.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });
      // the failing one is as it was, and tried again
      expect(await paidUntil(failing)).toBe(failingUntil);
    } finally {
      await gw.query('billing', 'DROP TRIGGER refuse_renewal ON billing.test_subscriptions');
      await gw.query('billing', 'DROP FUNCTION billing.refuse_renewal()');
    }
    await eventually(async () => (await paidUntil(failing)) > failingUntil, 15_000, 'the failing one renews once its check succeeds');
  });
});

/**
 * A renewal Stripe never confirms: the subscription stays `active` there with its ended period
 * (its renewal invoice never came). It lapses once the grace is over, and stays lapsed whatever
 * looks at it again, until a payment.
 */
describe('an unconfirmed renewal (injected clock, Stripe stand-in)', () => {
  let gw: TestGateway;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  beforeAll(async () => {
    gw = await startTestGateway('single-node', { ...stripeProvider.env(), BILLING_SWEEP_SECONDS: '1' }, { clock });
  });
  afterAll(() => gw?.close());

  const stored = async (m: Member) => (await gw.query<{ status: string }>('billing', 'SELECT status FROM billing.subscriptions WHERE user_id = $1', [m.id]))[0]?.status;

  it('lapses after the grace; a webhook about it and the gate’s call leave it lapsed, and the gate asks for a new payment', async () => {
    const gwen = await generalMember(gw.base);
    await stripeProvider.pay(gw, gwen, (await setup(gwen)).clientSecret!);
    const [stale] = await stripeProvider.subscriptions(gw, gwen.id);
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'active', 10_000, 'the payment reaches identity');

    // a day into the grace: still active (the renewal may yet come)
    offsetMs += 30 * DAY_MS + 12 * 3600 * 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await stored(gwen)).toBe('active');

    offsetMs += DAY_MS;
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'inactive', 15_000, 'the lapse reaches identity');
    expect(standIn.subscriptions.get(stale.id)!.status).toBe('active');

    // a webhook about it (a change of its metadata in the dashboard, say): read back from Stripe, still lapsed
    expect((await deliver(gw.base, signedEvent(STRIPE_WEBHOOK_SECRET, 'customer.subscription.updated', { ...standIn.subscriptions.get(stale.id)! }))).status).toBe(200);
    expect(await stored(gwen)).toBe('inactive');
    expect((await gwen.api.get('/api/subscription')).body).toMatchObject({ status: 'inactive' });

    // the gate's call: not 'already active', but a new subscription to pay; the stale one ends first, never charged
    const again = await setup(gwen);
    expect(again).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/_secret_/) });
    expect(await stored(gwen)).toBe('inactive');
    expect((await stripeProvider.subscriptions(gw, gwen.id)).map((s) => [s.id === stale.id, s.status])).toEqual([
      [true, 'canceled'],
      [false, 'incomplete'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await me(gwen)).subscriptionStatus).toBe('inactive');

    // paying the new one (a month from the moved clock) opens the app again
    const [renewed] = (await stripeProvider.subscriptions(gw, gwen.id)).filter((sub) => sub.id !== stale.id);
    standIn.pay(renewed.id, Math.floor(clock.now().getTime() / 1000) + 30 * 24 * 3600);
    expect((await deliver(gw.base, signedEvent(STRIPE_WEBHOOK_SECRET, 'invoice.paid', invoicePaid(renewed.id)))).status).toBe(200);
    expect(await stored(gwen)).toBe('active');
    await eventually(async () => (await me(gwen)).subscriptionStatus === 'active', 10_000, 'the new payment reaches identity');
  });
});

/** Billing against a Stripe that is slow to answer: the stand-in holds a call while another runs. */
describe('a slow Stripe (single-node)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('single-node', stripeProvider.env());
  });
  afterAll(() => gw?.close());

  it('cancels a first subscription that Stripe was still creating when the account was deleted', async () => {
    const gwen = await generalMember(gw.base);
    const slow = standIn.holdNextSubscription();
    const creating = setup(gwen);
    await slow.reached;
    // billing holds the member's new row in its unit of work, waiting for Stripe, as the deletion comes
    expect((await gwen.api.delete(`/api/users/${gwen.id}`)).status).toBe(200);
    // (billing hears of it meanwhile: well within a second in single-node mode)
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    slow.release();
    await creating.catch(() => undefined);
    // (billing forgets the member once Stripe answered: waited for too, as its transaction ends after the calls)
    await eventually(async () => {
      const subscriptions = await stripeProvider.subscriptions(gw, gwen.id);
      return subscriptions.length === 1 && subscriptions[0].status === 'canceled' && (await forgotten(gw, gwen.id));
    }, 10_000, 'the subscription created meanwhile cancelled with the account, and the member forgotten');
  });

  it("cancels a deleted member's subscription once Stripe is back, however long it was away: billing never gives up on it", async () => {
    const gwen = await generalMember(gw.base);
    await stripeProvider.pay(gw, gwen, (await setup(gwen)).clientSecret!);
    const [paid] = await stripeProvider.subscriptions(gw, gwen.id);
    const asked = () => standIn.requests.filter((r) => r.path === `/v1/subscriptions/${paid.id}`).length;
    const before = asked();
    standIn.down = true;
    try {
      expect((await gwen.api.delete(`/api/users/${gwen.id}`)).status).toBe(200);
      // more deliveries of the deletion than a consumer's budget ever allowed before (5), each refused
      await eventually(async () => asked() - before >= 7, 30_000, 'billing to keep trying');
      expect(standIn.subscriptions.get(paid.id)!.status).toBe('active');
    } finally {
      standIn.down = false;
    }
    await eventually(
      async () => standIn.subscriptions.get(paid.id)!.status === 'canceled' && (await stripeProvider.customers(gw, gwen.id)) === 0 && (await forgotten(gw, gwen.id)),
      30_000,
      'the subscription cancelled, the customer deleted and the member forgotten once Stripe is back',
    );
  }, 90_000);
});
