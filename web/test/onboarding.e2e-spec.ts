import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { Messages } from '@aero/contracts/shared';
import { OtherNotifications } from '@aero/contracts/notification-texts';
import { ApiClient, eventually, verificationCode, type RunningProcess } from '@aero/testing';
import { expectVisible, mainNav, pays, screenshot, settle, signIn, uniqueEmail, usePhoneApp } from './browser';

// Onboarding as a new member does it, and once it is done: the account type is chosen at
// /welcome, and changed by going back, until the profile is complete; after that /welcome and
// /register are no longer offered (the member goes to their place, /swipe), the type stays, and
// nobody is welcomed twice.
describe('onboarding (browser)', () => {
  const password = 'Final-Approach-Flaps-30';
  let app: RunningProcess;
  let page: Page;
  // without the demo crew, whose likes would come into Activity too
  usePhoneApp({ DEMO_SEED: 'false' }, (s) => ({ app, page } = s));

  const toasts = () => page.getByRole('region', { name: 'Notifications (F8)' });
  const png = (r: number, g: number, b: number) => sharp({ create: { width: 120, height: 160, channels: 3, background: { r, g, b } } }).png().toBuffer();
  const me = () => page.evaluate(async () => (await fetch('/api/users/me')).json() as Promise<{ userType: string | null; profileCompleted: boolean; mustSubscribe: boolean }>);
  const welcomes = async () =>
    (await page.evaluate(async () => (await fetch('/api/notifications')).json() as Promise<{ type: string; title: string; message: string }[]>)).filter(
      (n) => n.type === 'other' && n.title === OtherNotifications.welcomeGeneral.title,
    );

  async function verifiedAccount(email: string) {
    const api = new ApiClient(app.url);
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
    return api;
  }

  /** the Create Profile form of an airline employee, filled as a person does it, and sent */
  async function createAirlineProfile(firstName: string) {
    await page.getByLabel('Add photos').setInputFiles([{ name: 'cockpit.png', mimeType: 'image/png', buffer: await png(30, 90, 200) }]);
    await page.getByLabel('First Name').fill(firstName);
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Interested In').selectOption('man');
    await page.getByLabel('Bio').fill('Purser on the long hauls, always up for a layover dinner.');
    await page.getByLabel('Location').pressSequentially('Dall', { delay: 30 });
    await page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option', { name: /^Dallas, / }).first().click();
    await page.getByLabel('Airline').selectOption('Delta Air Lines');
    await page.getByLabel('Position').selectOption('Flight Attendant');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
  }

  it('lets a new member change the type by going back until the profile is complete, welcomed once', async () => {
    const email = uniqueEmail('iris');
    await verifiedAccount(email);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/welcome`);

    // airline, then back from Create Profile to /welcome, and the other choice
    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/welcome`);
    await page.getByRole('button', { name: 'I want to meet Aviation Pros' }).click();
    await page.waitForURL(`${app.url}/subscribe`);
    expect(await me()).toMatchObject({ userType: 'general', mustSubscribe: true, profileCompleted: false });

    // changed her mind once more: to /welcome by its address, airline after all
    await page.goto('/welcome');
    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    expect(await me()).toMatchObject({ userType: 'airline', mustSubscribe: false });
    await createAirlineProfile('Iris');

    // one welcome, in the words for airline staff
    await eventually(async () => {
      const list = await welcomes();
      return list.length === 1 && list[0]!.message === OtherNotifications.welcomeAirline.message;
    }, 10_000, 'the one welcome');
    await expectVisible(mainNav(page).getByRole('link', { name: 'Activity 1 unread notification', exact: true }));

    // the back button, from the deck: Create Profile was replaced by it, /welcome is before it
    await page.goBack();
    await page.waitForURL(`${app.url}/swipe`);
    await expectVisible(mainNav(page));
    expect(await page.getByRole('button', { name: "I'm an Airline Employee" }).count()).toBe(0);
    expect(await me()).toMatchObject({ userType: 'airline', profileCompleted: true });
  });

  it('leads airline staff who went Back from Create Profile to create it from the deck, as airline staff', async () => {
    const email = uniqueEmail('aria');
    await verifiedAccount(email);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/welcome`);
    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${app.url}/welcome`);

    await page.goto('/swipe');
    await expectVisible(page.getByRole('heading', { name: 'Create your profile' }));
    expect(await page.getByText('No more profiles').count()).toBe(0);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    await expectVisible(page.getByLabel('Airline', { exact: true }));
  });

  it('sends a member whose profile is complete from /welcome and /register to the deck, and keeps the type', async () => {
    // a general member who paid, then registered
    const email = uniqueEmail('gwen');
    const api = await verifiedAccount(email);
    await api.patch('/api/users/me', { userType: 'general' });
    await pays(api);
    await airlineProfileAs(api, 'general');
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);

    for (const address of ['/welcome', '/register', '/register?type=airline']) {
      await page.goto(address);
      await page.waitForURL(`${app.url}/swipe`);
      await expectVisible(mainNav(page));
      expect(await page.getByRole('heading', { name: 'Create Profile' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: "I'm an Airline Employee" }).count()).toBe(0);
    }
    await settle(page);
    await screenshot(page, 'onboarding-finished-welcome-goes-to-deck');
    expect(await me()).toMatchObject({ userType: 'general', profileCompleted: true, mustSubscribe: false });

    // returning from paying (from=subscription) is still checked and sent on
    await page.goto('/register?type=general&from=subscription');
    await page.waitForURL(`${app.url}/swipe`);

    // /profile: no Airline Employee badge
    await page.goto('/profile');
    await expectVisible(page.getByRole('heading', { name: 'Gwen' }));
    expect(await page.getByText('Airline Employee').count()).toBe(0);
    expect(await welcomes()).toHaveLength(1);
  });

  it('a /welcome left open while the profile was completed elsewhere says so, and goes on to the deck', async () => {
    const email = uniqueEmail('tess');
    const api = await verifiedAccount(email);
    // the tab is left open once it has its real-time connection and has fetched again what it asks
    // after connecting (the current user among it): done later, that fetch would learn of the
    // profile completed below and leave /welcome by itself, as a tab that connects does
    let connectedAt = 0;
    let fetchedSince = false;
    await page.routeWebSocket(/\/ws\//, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((frame) => {
        if (String(frame).includes('"auth_success"')) connectedAt ||= Date.now();
        ws.send(frame);
      });
    });
    const askedSince = new Set<Request>();
    page.on('request', (r) => {
      if (connectedAt && new URL(r.url()).pathname === '/api/users/me') askedSince.add(r);
    });
    page.on('requestfinished', (r) => {
      if (askedSince.has(r)) fetchedSince = true;
    });
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/welcome`);
    await eventually(() => fetchedSince, 20_000, 'the current user fetched again once connected');
    // the profile is completed on another device (the airline type with it)
    await api.post('/api/auth/login', { email, password });
    await airlineProfileAs(api, 'airline', 'Tess');

    await page.getByRole('button', { name: 'I want to meet Aviation Pros' }).click();
    await expectVisible(toasts().getByText(Messages.userTypeLocked));
    await page.waitForURL(`${app.url}/swipe`);
    await settle(page);
    await screenshot(page, 'onboarding-welcome-refused');
    expect(await me()).toMatchObject({ userType: 'airline', profileCompleted: true });
  });

  /** the profile, created through the API with a photo (set-up), as `userType` */
  async function airlineProfileAs(api: ApiClient, userType: 'airline' | 'general', firstName = 'Gwen') {
    const id = (await api.get('/api/users/me')).body.id as string;
    const photo = await png(220, 120, 60);
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${app.url}/api/photos`, { method: 'POST', headers: { origin: app.url, cookie: api.cookie }, body: form });
    expect(uploaded.status).toBeLessThan(300);
    const own = ((await uploaded.json()) as { photos: string[] }).photos;
    const created = await api.post('/api/users', {
      userType,
      gender: 'female',
      interestedIn: 'man',
      firstName,
      age: 31,
      bio: 'Window seat, always.',
      location: 'Dallas, Texas',
      ...(userType === 'airline' ? { airline: 'Delta Air Lines', position: 'Pilot' } : {}),
      photos: own,
      mainPhoto: own[0],
    });
    expect([created.status, id]).toEqual([201, created.body.id]);
  }
});
