import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { EmbeddedDatabase } from '@aero/persistence';
import { ApiClient, eventually, verificationCode, type RunningProcess } from '@aero/testing';
import pg from 'pg';
import { airlineMember, expectAccessible, expectVisible, mainNav, screenshot, settle, signIn, uniqueEmail, usePhoneApp } from './browser';

// Issue 14 as a person does it, with the test payment provider of a fresh clone: a general member
// chooses to meet aviation pros, is asked to subscribe, cannot leave with the back button, pays
// with Stripe's test card, creates the profile from subscription and reaches /swipe; a declined
// card says 'Payment Failed'; settings show the plan and cancel it at the end of the period.
describe('subscription journey (browser)', () => {
  const password = 'Approach-Minimums-9';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  const toasts = () => page.getByRole('region', { name: 'Notifications (F8)' });
  const png = (r: number, g: number, b: number) => sharp({ create: { width: 120, height: 160, channels: 3, background: { r, g, b } } }).png().toBuffer();

  async function signedInGeneralChoice(email: string) {
    const api = new ApiClient(app.url);
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/welcome`);
    await page.getByRole('button', { name: 'I want to meet Aviation Pros' }).click();
    await page.waitForURL(`${app.url}/subscribe`);
  }

  async function fillCard(number: string) {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
  }

  it('pays with the test card, creates the profile from subscription and reaches the deck', async () => {
    await signedInGeneralChoice(uniqueEmail('gwen'));
    await expectVisible(page.getByText('$9.99'));
    for (const feature of ['Verified airline professionals', 'Advanced matching', 'Unlimited likes and super likes', 'Priority visibility', 'Real-time messaging', 'Location discovery']) {
      await expectVisible(page.getByText(feature, { exact: true }));
    }
    await expectVisible(page.getByText('Cancel anytime. No hidden fees.'));
    await expectVisible(page.getByText(/Test mode: no real card is charged/));
    await settle(page);
    await screenshot(page, 'subscribe-plan');

    // the back button stays here
    await page.goBack();
    await expectVisible(toasts().getByText('Subscription Required'));
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    await expectVisible(page.getByLabel('Card number'));

    // a card that is not one: the provider's own text, before anything is sent
    await page.getByLabel('Card number').fill('4242');
    await page.getByRole('button', { name: /Subscribe for/ }).click();
    await expectVisible(page.getByText('Your card number is invalid.'));

    await fillCard('4242424242424242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/34');
    await screenshot(page, 'subscribe-card-filled');
    await page.getByRole('button', { name: /Subscribe for/ }).click();
    await page.waitForURL(`${app.url}/register?type=general&from=subscription`);
    await expectVisible(toasts().getByText('Payment Successful'));
    await expectVisible(page.getByRole('heading', { name: 'Create Profile' }));

    await page.getByLabel('Add photos').setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: await png(200, 80, 120) }]);
    await page.getByLabel('First Name').fill('Gwen');
    await page.getByLabel('Age', { exact: true }).fill('31');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Interested In').selectOption('man');
    await page.getByLabel('Bio').fill('Love window seats and the people who fly them.');
    await page.getByLabel('Location').pressSequentially('Dall', { delay: 30 });
    await page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option', { name: /^Dallas, / }).first().click();
    const checks: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/get-or-create-subscription') && checks.push(r.method())));
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    await settle(page);
    // the payment is checked once (the page did it a second time as the profile became complete)
    expect(checks).toEqual(['POST']);
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    expect(me).toMatchObject({ userType: 'general', subscriptionStatus: 'active', mustSubscribe: false, profileCompleted: true });
    await expectVisible(page.getByRole('navigation', { name: 'Main navigation' }));

    // a paid member is sent on from /subscribe; settings show the plan, and cancelling keeps it to the end of the period
    await page.goto('/subscribe');
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/settings');
    const plan = page.getByRole('region', { name: 'Subscription' });
    await expectVisible(plan.getByText('Premium · active'));
    await expectVisible(plan.getByText(/^Renews on /));
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expectVisible(dialog.getByText(/You keep Premium until/));
    // the dialog opens on the choice that keeps it
    await eventually(async () => (await page.evaluate(() => document.activeElement?.textContent)) === 'Keep subscription', 5_000, 'the focus on Keep subscription');
    await screenshot(page, 'subscription-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectVisible(toasts().getByText('Subscription cancelled'));
    await expectVisible(plan.getByText(/^Ends on .* It will not renew\.$/));
    await settle(page);
    await screenshot(page, 'subscription-settings-cancelled');

    // cancelled by mistake: Resume, and it renews again (on the server too)
    await plan.getByRole('button', { name: 'Resume subscription' }).click();
    await expectVisible(toasts().getByText('Subscription resumed'));
    await expectVisible(plan.getByText(/^Renews on /));
    await expectVisible(plan.getByRole('button', { name: 'Cancel subscription' }));
    const reply = await page.request.get('/api/subscription');
    expect(reply.ok()).toBe(true);
    expect(await reply.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await expectAccessible(page);
  });

  /** a general member with a profile who paid through the API, and whose first renewal's payment then failed */
  async function memberWhoseRenewalFailed(email: string, firstName: string) {
    const api = await airlineMember(app.url, email, password, firstName, { userType: 'general', airline: undefined, position: undefined });
    const { clientSecret } = (await api.post('/api/get-or-create-subscription')).body as { clientSecret: string };
    expect((await api.post('/api/billing/test-payments', { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
    // the test provider's card is declined at renewal: the next period starts, its invoice open
    const db = new pg.Client({ connectionString: EmbeddedDatabase.runningUrl(app.dataDir) });
    await db.connect();
    try {
      const id = (await api.get('/api/users/me')).body.id as string;
      await db.query(`UPDATE billing.test_subscriptions SET status = 'past_due', current_period_end = current_period_end + interval '1 month' WHERE user_id = $1`, [id]);
    } finally {
      await db.end();
    }
    // billing hears of it (Stripe's webhook in life; here get-or-create, which reads the provider)
    expect((await api.post('/api/get-or-create-subscription')).body).toMatchObject({ status: 'past_due' });
    return api;
  }

  it('asks a member whose renewal payment failed to pay it, or to cancel at once so it is never charged', async () => {
    const payer = uniqueEmail('paula');
    await memberWhoseRenewalFailed(payer, 'Paula');
    await signIn(page, payer, password);
    await page.waitForURL(`${app.url}/subscribe`);
    const note = page.getByRole('note', { name: 'Renewal payment failed' });
    await expectVisible(note.getByText(/^Your last renewal didn't go through/));
    await settle(page);
    await screenshot(page, 'subscribe-renewal-failed');
    // its open invoice is paid: the same subscription, active again
    await fillCard('4242424242424242');
    await page.getByRole('button', { name: /Subscribe for/ }).click();
    await expectVisible(toasts().getByText('Payment Successful'));
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    await page.goto('/settings');
    const plan = page.getByRole('region', { name: 'Subscription' });
    await expectVisible(plan.getByText('Premium · active'));
    await expectVisible(plan.getByText(/^Renews on /));

    const leaver = uniqueEmail('lena');
    const lena = await memberWhoseRenewalFailed(leaver, 'Lena');
    await page.context().clearCookies();
    await signIn(page, leaver, password);
    await page.waitForURL(`${app.url}/subscribe`);
    await note.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expectVisible(dialog.getByText('It ends now, and the unpaid renewal will not be charged.'));
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectVisible(toasts().getByText("You won't be charged again."));
    // a new subscription to pay, if she wants one: the note is gone
    await expectVisible(page.getByLabel('Card number'));
    expect(await note.count()).toBe(0);
    const subscriptions = (await lena.get('/api/subscription')).body;
    expect(subscriptions).toMatchObject({ status: 'inactive', renewalFailed: false });
    await expectAccessible(page);
  });

  it('leads a member who paid and went Back from Create Profile to create it: the deck and My Profile say so', async () => {
    await signedInGeneralChoice(uniqueEmail('rosa'));
    await fillCard('4242424242424242');
    await page.getByRole('button', { name: /Subscribe for/ }).click();
    await page.waitForURL(`${app.url}/register?type=general&from=subscription`);
    await expectVisible(page.getByRole('heading', { name: 'Create Profile' }));
    // no deck is asked for a member without a profile (the server has no cards for her)
    const deckCalls: string[] = [];
    page.on('request', (r) => void (/\/api\/(discovery|users\/filter-preferences)/.test(r.url()) && deckCalls.push(r.url())));

    // Back (spec §2: to /subscribe), which sends a paid member on to /swipe
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${app.url}/swipe`);
    const prompt = async (title: string, text: string) => {
      await expectVisible(page.getByRole('heading', { name: title }));
      await expectVisible(page.getByText(text, { exact: true }));
    };
    await prompt('Create your profile', 'Add your photos and a few words about yourself to start meeting aviation people.');
    await expectVisible(mainNav(page));
    expect(await page.getByText('No more profiles').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Like', exact: true }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'no-profile-swipe');

    // My Profile: the same, instead of an empty profile; her account's ways stay
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${app.url}/profile`);
    await prompt('Create your profile', 'Add your photos and a few words about yourself to start meeting aviation people.');
    expect(await page.getByText('Age not specified').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await settle(page);
    await screenshot(page, 'no-profile-profile');

    // the button opens Create Profile as after paying: its Back still goes by /subscribe to the deck
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${app.url}/register?type=general&from=subscription`);
    await expectVisible(page.getByLabel('First Name'));
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${app.url}/swipe`);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${app.url}/register?type=general&from=subscription`);
    await expectVisible(page.getByLabel('First Name'));

    // opened at / (the deck's place), and in Spanish
    await page.goto('/');
    await prompt('Create your profile', 'Add your photos and a few words about yourself to start meeting aviation people.');
    await page.evaluate(() => localStorage.setItem('aero.settings', JSON.stringify({ preferences: { language: 'spanish' } })));
    await page.goto('/swipe');
    await prompt('Crea tu perfil', 'Añade tus fotos y unas palabras sobre ti para empezar a conocer a gente de la aviación.');
    await settle(page);
    await screenshot(page, 'no-profile-swipe-es');
    await page.goto('/profile');
    await prompt('Crea tu perfil', 'Añade tus fotos y unas palabras sobre ti para empezar a conocer a gente de la aviación.');
    await settle(page);
    await screenshot(page, 'no-profile-profile-es');
    await page.getByRole('button', { name: 'Crear perfil' }).click();
    await page.waitForURL(`${app.url}/register?type=general&from=subscription`);
    expect(deckCalls).toEqual([]);
  });

  it('shows no navigation on /subscribe to a member who must pay first, and the navigation once paid', async () => {
    // registered first, without paying: the gate sends her from the deck to /subscribe
    const email = uniqueEmail('nadia');
    const api = await airlineMember(app.url, email, password, 'Nadia', { userType: 'general', airline: undefined, position: undefined });
    expect((await api.get('/api/users/me')).body).toMatchObject({ userType: 'general', profileCompleted: true, mustSubscribe: true });
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/subscribe`);
    await expectVisible(page.getByText('$9.99'));
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Activity/ }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'subscribe-must-pay-no-navigation');
    // the page itself still has its way out, at its end
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page);
    await screenshot(page, 'subscribe-must-pay-end');

    await fillCard('4242424242424242');
    await page.getByRole('button', { name: /Subscribe for/ }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    await expectVisible(mainNav(page));
    await mainNav(page).getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL(`${app.url}/messages`);
  });

  it("shows 'Payment Failed' with the provider's message for a declined card, and the member stays on /subscribe", async () => {
    await signedInGeneralChoice(uniqueEmail('declined'));
    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: /Subscribe for/ }).click();
    await expectVisible(toasts().getByText('Payment Failed'));
    await expectVisible(toasts().getByText('Your card was declined.'));
    await settle(page);
    await screenshot(page, 'subscribe-declined');
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    expect(me).toMatchObject({ subscriptionStatus: 'inactive', mustSubscribe: true });
    // the gate sends an unpaid member back here
    await page.goto('/swipe');
    await page.waitForURL(`${app.url}/subscribe`);
    // with no navigation: every entry would lead back here
    await expectVisible(page.getByLabel('Card number'));
    expect(await mainNav(page).count()).toBe(0);
    // and the way out, for one who does not want to pay now
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${app.url}/auth`);
    expect(await page.evaluate(async () => (await fetch('/api/users/me')).status)).toBe(404);
  });

  it("shows the setup-error screen with 'Back to Login' when the payment service cannot be reached or fails", async () => {
    // the payment service unreachable: 'Connection Error'
    await page.route('**/api/get-or-create-subscription', (route) => route.abort('connectionrefused'));
    await signedInGeneralChoice(uniqueEmail('offline'));
    await expectVisible(toasts().getByText('Connection Error'));
    await expectVisible(toasts().getByText('Failed to connect to payment service'));
    await expectVisible(page.getByRole('heading', { name: "We couldn't set up your subscription" }));
    await settle(page);
    await screenshot(page, 'subscribe-setup-error');
    // it answers with an error: 'Setup Error'
    await page.unroute('**/api/get-or-create-subscription');
    await page.route('**/api/get-or-create-subscription', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.reload();
    await expectVisible(toasts().getByText('Failed to set up subscription'));
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.waitForURL(`${app.url}/auth`);
  });
});
