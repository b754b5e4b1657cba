import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { ApiClient, eventually, verificationCode, type RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, launchBrowser, mainNav, newPhone, screenshot, settle, uniqueEmail, usePhoneApp } from './browser';

// Issue 4 as a person does it: an airline employee creates a profile with two photos and a
// paystub, sees it on /profile, edits the bio and the main photo; an admin (signed in on another
// phone) approves the paystub and the verified badge appears on the employee's profile.
describe('profile journey (browser)', () => {
  const adminEmail = uniqueEmail('tower');
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let page: Page;
  let adminBrowser: Browser | undefined;
  usePhoneApp({ ADMIN_EMAILS: adminEmail }, (s) => ({ app, page } = s));
  afterAll(async () => adminBrowser?.close());

  async function verifiedAccount(email: string) {
    const api = new ApiClient(app.url);
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    const code = await verificationCode(app.url, email);
    expect((await api.post('/api/auth/verify', { email, code })).status).toBe(200);
  }

  /** a verified account of an airline member, signed in on the client it resolves with (another device) */
  async function airlineAccount(email: string): Promise<ApiClient> {
    await verifiedAccount(email);
    const api = new ApiClient(app.url);
    await api.post('/api/auth/login', { email, password });
    await api.patch('/api/users/me', { userType: 'airline' });
    return api;
  }

  async function signIn(p: Page, email: string) {
    await p.goto('/auth');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password', { exact: true }).fill(password);
    await p.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  /** a new airline member named `firstName`, signed in on the phone and on My Profile */
  async function onMyProfile(email: string, firstName: string) {
    await airlineMember(app.url, email, password, firstName);
    await signIn(page, email);
    await page.waitForURL('**/swipe');
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  }

  const png = (r: number, g: number, b: number) => sharp({ create: { width: 120, height: 160, channels: 3, background: { r, g, b } } }).png().toBuffer();
  const toasts = (p: Page) => p.getByRole('region', { name: 'Notifications (F8)' });
  const me = (p: Page) => p.evaluate(async () => (await fetch('/api/users/me')).json() as Promise<{ id: string; photos: string[]; mainPhoto: string; bio: string; verified: boolean; baseAirport: string | null }>);

  it('creates an airline profile, edits it, and shows the verified badge once an admin approves the paystub', async () => {
    const email = uniqueEmail('amelia');
    await verifiedAccount(email);
    await verifiedAccount(adminEmail);

    // sign in → the gate asks for a profile type → airline → Create Profile
    await signIn(page, email);
    await page.waitForURL(`${app.url}/welcome`);
    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    await expectVisible(page.getByRole('heading', { name: 'Create Profile' }));
    expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe('25');

    // nothing filled: the spec's messages
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expectVisible(page.getByText('Gender is required'));
    await expectVisible(page.getByText("Please specify who you're interested in"));

    // a text file named like a photo (the browser's type, from its name: image/jpeg) is refused as
    // it is picked, by its bytes as the server decides, not at submit: no tile, the spec's message
    await page.getByLabel('Add photos').setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Crew schedule, not a photo.\n') });
    await toasts(page).getByText('fake.jpg is not an image file').waitFor({ state: 'visible', timeout: 5_000 });
    await expectVisible(toasts(page).getByText('Some files were skipped'));
    await expectVisible(page.getByText('Photos (0/6)'));
    expect(await page.getByRole('img', { name: /^Photo \d/ }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'profile-register-not-an-image');
    // a small file that holds more pixels than the server takes is refused as it is picked too, not at submit
    const huge = await sharp({ create: { width: 9000, height: 7000, channels: 3, background: { r: 200, g: 200, b: 200 } } }).jpeg({ quality: 30 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    await page.getByLabel('Add photos').setInputFiles({ name: 'huge-dims.jpg', mimeType: 'image/jpeg', buffer: huge });
    await expectVisible(toasts(page).getByText('huge-dims.jpg has too many pixels (max 60 megapixels)'));
    await expectVisible(page.getByText('Photos (0/6)'));

    await page.getByLabel('Add photos').setInputFiles([
      { name: 'cockpit.png', mimeType: 'image/png', buffer: await png(30, 90, 200) },
      { name: 'layover.png', mimeType: 'image/png', buffer: await png(240, 120, 60) },
    ]);
    await expectVisible(page.getByRole('img', { name: 'Photo 1 (main)' }));
    await expectVisible(page.getByRole('img', { name: 'Photo 2', exact: true }));

    await page.getByLabel('First Name').fill('Amelia');
    await page.getByLabel('Age', { exact: true }).fill('29');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Interested In').selectOption('man');
    await page.getByLabel('Bio').fill('A320 captain based at DFW. Coffee before every pushback.');
    await page.getByLabel('Location').pressSequentially('Dall', { delay: 30 });
    const suggestions = page.getByRole('listbox', { name: 'Location suggestions' });
    const suggestion = suggestions.getByRole('option', { name: /^Dallas, / }).first();
    await expectVisible(suggestion);
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(5);
    await screenshot(page, 'profile-register-location');
    await suggestion.click();
    expect(await page.getByLabel('Location').inputValue()).toMatch(/^Dallas, /);
    await page.getByLabel('Airline').selectOption('Delta Air Lines');
    await page.getByLabel('Position').selectOption('Pilot');
    await page.getByLabel('Employment document').setInputFiles({ name: 'paystub.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await expectVisible(page.getByText('paystub.pdf'));
    await page.getByText('paystub.pdf').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'profile-register-document');
    await page.getByLabel('Drinking').selectOption('socially');
    await page.getByLabel('Languages Spoken').fill('English, Spanish');
    await screenshot(page, 'profile-register-filled');

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expectVisible(toasts(page).getByText('Profile created successfully!'));
    await expectVisible(toasts(page).getByText('Your employment verification is being processed.'));
    await page.waitForURL(`${app.url}/swipe`);

    const created = await me(page);
    expect(created.photos).toHaveLength(2);
    expect(created.mainPhoto).toBe(created.photos[0]);

    // My Profile, view mode
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${app.url}/profile`);
    await expectVisible(page.getByRole('heading', { name: 'Amelia' }));
    await expectVisible(page.getByText('29', { exact: true }));
    await expectVisible(page.getByText('Airline Employee'));
    await expectVisible(page.getByText('Delta Air Lines'));
    await expectVisible(page.getByRole('img', { name: 'Photo 1 (main)' }));
    expect(await page.getByText('✓ Verified').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'profile-view');
    await page.getByRole('heading', { name: 'About' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'profile-view-details');

    // edit: a new bio, photo 2 as main
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    // the bar of Cancel and Save stays over the fields scrolling under it, which do not show through
    const bar = page.getByRole('button', { name: 'Save', exact: true }).locator('..');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(/);
    await page.getByLabel('Bio').fill('Captain by day, amateur baker by layover.');
    // her base airport, typed as its code without tapping the suggestion: it is what she meant
    await page.getByLabel('Base airport').fill('den');
    await expectVisible(page.getByRole('option', { name: /DEN · Denver/ }));
    await page.getByRole('button', { name: 'Set photo 2 as main' }).click();
    await expectVisible(page.getByRole('img', { name: 'Photo 2 (main)' }));
    await screenshot(page, 'profile-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toasts(page).getByText('Profile updated'));
    await expectVisible(page.getByText('Captain by day, amateur baker by layover.'));
    const edited = await me(page);
    expect(edited.bio).toBe('Captain by day, amateur baker by layover.');
    expect(edited.baseAirport).toBe('DEN');
    expect(edited.mainPhoto).toBe(created.photos[1]);
    expect(edited.photos).toEqual(created.photos);

    // the admin approves the paystub on another phone
    adminBrowser = await launchBrowser();
    const admin = await newPhone(adminBrowser, app.url);
    await signIn(admin.page, adminEmail);
    await admin.page.waitForURL(`${app.url}/admin`);
    await expectVisible(admin.page.getByRole('heading', { name: 'Pending Verifications' }));
    const item = admin.page.getByRole('listitem', { name: 'Verification from Amelia' });
    await expectVisible(item);
    await expectVisible(item.getByText(email));
    await expectVisible(item.getByText('Pilot'));
    expect(await item.getByRole('link', { name: /paystub\.pdf/ }).getAttribute('target')).toBe('_blank');
    await screenshot(admin.page, 'profile-admin-queue');
    await item.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(toasts(admin.page).getByText('Verification approved'));
    await expectVisible(admin.page.getByText('No pending verifications'));
    await settle(admin.page);
    await screenshot(admin.page, 'profile-admin-approved');
    await admin.context.close();

    // the employee sees the verified badge
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Amelia' }));
    await expectVisible(page.getByText('✓ Verified'));
    expect((await me(page)).verified).toBe(true);
    await settle(page);
    await screenshot(page, 'profile-verified');

    // changing the position would cost the badge: the edit form says so before saving (and not once it is back)
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const warning = page.getByText('Changing your airline or position removes your verified badge');
    expect(await warning.count()).toBe(0);
    await page.getByLabel('Position').selectOption('Flight Attendant');
    await expectVisible(warning);
    await warning.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'profile-edit-badge-warning');
    await page.getByLabel('Position').selectOption('Pilot');
    expect(await warning.count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // and settings shows the approved verification read-only
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.waitForURL(`${app.url}/settings`);
    await expectVisible(page.getByRole('heading', { name: 'Employment Verification' }));
    await expectVisible(page.getByText('Your employment is verified.', { exact: false }));
    expect(await page.getByLabel('Upload employment document').count()).toBe(0);
    await screenshot(page, 'profile-settings');
  });

  // (a rejected member sees the same as one without a document, with 'Verification rejected': they reach
  // My Profile only once subscribed, see verification-badge.spec.ts)
  it("shows an airline member's verification status on My Profile: without a document it uploads one there, then reads 'Under Review'", async () => {
    const email = uniqueEmail('nora');
    await onMyProfile(email, 'Nora');
    const status = page.getByRole('region', { name: 'Employment Verification' });
    // no document yet: what to do about it, and the way to do it
    await expectVisible(status.getByText('Upload a recent paystub (image or PDF, max 10MB) to get your verified badge.'));
    await expectVisible(status.getByText('Upload Document', { exact: true }));
    await settle(page);
    await screenshot(page, 'profile-verification-none');

    // a file that is no document: refused before it is sent, and nothing changes
    await status.getByLabel('Upload employment document').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a paystub') });
    await expectVisible(toasts(page).getByText('Upload failed'));
    await expectVisible(toasts(page).getByText('Invalid file'));
    expect(await status.getByText('Under Review', { exact: true }).count()).toBe(0);

    // a paystub, picked on My Profile itself: sent, and the card reads 'Under Review' in place
    const paystub = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await status.getByLabel('Upload employment document').setInputFiles({ name: 'paystub.pdf', mimeType: 'application/pdf', buffer: paystub });
    await expectVisible(toasts(page).getByText('Document uploaded'));
    await expectVisible(status.getByText('Under Review', { exact: true }));
    await expectVisible(status.getByText("We'll review your document within 24 to 48 hours."));
    expect(await status.getByText('Upload Document', { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect((await page.evaluate(async () => (await fetch('/api/verification/status')).json())) as unknown).toMatchObject({ status: 'pending' });
    await settle(page);
    await screenshot(page, 'profile-verification-pending');

    // and so it stays after a reload
    await page.reload();
    await expectVisible(status.getByText('Under Review', { exact: true }));
  });

  it('sends an added photo once: Save tried again after the profile was refused takes the photo uploaded the first time', async () => {
    const email = uniqueEmail('retry');
    await onMyProfile(email, 'Rita');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Add photos').setInputFiles({ name: 'galley.png', mimeType: 'image/png', buffer: await png(200, 120, 40) });
    await expectVisible(page.getByRole('img', { name: 'Photo 2' }));
    const uploads: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && new URL(r.url()).pathname === '/api/photos' && uploads.push(r.url())));
    let refused = false;
    await page.route(/\/api\/users\/[^/]+$/, (route) => (route.request().method() === 'PATCH' && !refused ? ((refused = true), route.fulfill({ status: 503, json: { message: 'Service Unavailable' } })) : route.fallback()));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toasts(page).getByText('Update failed'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toasts(page).getByText('Profile updated'));
    expect(uploads).toHaveLength(1);
    expect((await me(page)).photos).toHaveLength(2);
  });

  it('replaces a photo of a profile of six: one removed and one added in the same edit', async () => {
    const email = uniqueEmail('sixto');
    await onMyProfile(email, 'Sixto');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Add photos').setInputFiles(await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ name: `crew-${i}.png`, mimeType: 'image/png', buffer: await png(40 * i, 90, 120) }))));
    await expectVisible(page.getByRole('img', { name: 'Photo 6' }));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toasts(page).getByText('Profile updated'));
    const six = (await me(page)).photos;
    expect(six).toHaveLength(6);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Remove photo 6' }).click();
    await page.getByLabel('Add photos').setInputFiles({ name: 'new-base.png', mimeType: 'image/png', buffer: await png(10, 200, 60) });
    await page.getByRole('button', { name: 'Save' }).click();
    // (the first save's 'Profile updated' may still be showing: the profile itself says when this one is saved)
    const edited = await eventually(async () => {
      const { photos } = await me(page);
      return photos.includes(six[5]!) ? undefined : photos;
    }, 15_000, 'the edit saved');
    await expectVisible(toasts(page).getByText('Profile updated'));
    expect(edited).toHaveLength(6);
    expect(edited.slice(0, 5)).toEqual(six.slice(0, 5));
    expect(edited).not.toContain(six[5]);
  });

  it('says an upload failed when the checks of the picked document cannot load (offline, or replaced by a new version)', async () => {
    const email = uniqueEmail('ines');
    await airlineMember(app.url, email, password, 'Ines');
    // no service worker: its precache would serve the checks' chunk, which the page cannot stop
    const { context, page: phone } = await newPhone(page.context().browser()!, app.url, { serviceWorkers: 'block' });
    try {
      await phone.route(/\/assets\/document-rules-[^/]+\.js$/, (route) => route.abort());
      await signIn(phone, email);
      await phone.waitForURL('**/swipe');
      await mainNav(phone).getByRole('link', { name: 'Profile' }).click();
      const status = phone.getByRole('region', { name: 'Employment Verification' });
      const paystub = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
      await status.getByLabel('Upload employment document').setInputFiles({ name: 'paystub.pdf', mimeType: 'application/pdf', buffer: paystub });
      await expectVisible(toasts(phone).getByText('Upload failed'));
      await expectVisible(toasts(phone).getByText('Failed to upload document. Please try again.'));
    } finally {
      await context.close();
    }
  });

  it('fits the longest first name and a bio with a 70-letter word on a phone: My Profile, the deck card, the match list and the chat header', async () => {
    // the longest first name the contract allows (50 characters: one more is refused below), and a
    // bio with a word longer than any line
    const name = 'Wilhelminaanastasiafeatherstonehaughmontgomerybray';
    const word = 'Supercalifragilisticexpialidocious' + 'airplanespottingenthusiast' + 'withoutspa';
    expect([name.length, word.length]).toEqual([50, 70]);
    const bio = `Spotter at heart. ${word} since the 747 days.`;
    const [longEmail, otherEmail] = [uniqueEmail('wilhelmina'), uniqueEmail('olivia')];
    const long = await airlineMember(app.url, longEmail, password, name, { gender: 'male', interestedIn: 'woman', bio });
    const other = await airlineMember(app.url, otherEmail, password, 'Olivia', { gender: 'female', interestedIn: 'man' });
    const [longId, otherId] = [(await long.get('/api/users/me')).body.id as string, (await other.get('/api/users/me')).body.id as string];
    expect((await long.patch(`/api/users/${longId}`, { firstName: `${name}s` })).status).toBe(400);
    // he likes her first (so her like is a match) and boosts himself to the top of her deck
    await eventually(async () => (await long.patch('/api/likes', { toUserId: otherId, isSuper: false })).status === 200, 30_000, 'his like');
    expect((await long.post('/api/boost', { duration: 30 })).status).toBe(200);

    /** the page is no wider than the phone, and every tab of the bottom navigation is on screen */
    async function expectFits(p: Page, where: string) {
      await settle(p);
      const { scrollWidth, innerWidth } = await p.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      // a phone zooms out to show a page wider than itself (innerWidth grows with it): both stay at its 390 px
      expect({ where, innerWidth, fits: scrollWidth <= innerWidth }).toEqual({ where, innerWidth: 390, fits: true });
      const tabs = await mainNav(p).getByRole('link').evaluateAll((links) => links.map((a) => ({ tab: a.textContent, left: a.getBoundingClientRect().left, right: a.getBoundingClientRect().right })));
      expect(tabs).toHaveLength(4);
      for (const { tab, left, right } of tabs) expect({ where, tab, onScreen: left >= 0 && right <= 390 }).toEqual({ where, tab, onScreen: true });
    }
    /** `text` stays inside `box` (a long word wraps, a one-line name is cut) */
    async function expectInside(text: Locator, box: Locator) {
      const [inner, outer] = [(await text.boundingBox())!, (await box.boundingBox())!];
      expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    }
    /** a name kept on one line: cut inside `box` with an ellipsis (its whole text is still what a screen reader reads) */
    async function expectCutName(text: Locator, box: Locator) {
      await expectInside(text, box);
      expect(await text.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, ending: getComputedStyle(el).textOverflow }))).toEqual({ cut: true, ending: 'ellipsis' });
    }

    // his own profile: the name cut with an ellipsis in the photo's caption, the bio wrapped in its card
    await signIn(page, longEmail);
    await page.waitForURL(`${app.url}/swipe`);
    await page.getByRole('link', { name: 'Profile' }).click();
    const hero = page.getByRole('region', { name: 'Profile summary' });
    await expectVisible(hero.getByRole('heading', { name, exact: true }));
    await expectFits(page, '/profile');
    await expectCutName(hero.getByRole('heading', { name, exact: true }), hero);
    await screenshot(page, 'profile-long-name');
    const about = page.getByRole('region', { name: 'About' });
    await about.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expectInside(about.getByText(bio), about);
    await expectFits(page, '/profile, About');
    await screenshot(page, 'profile-long-bio');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${app.url}/`);

    // she finds him on top of her deck
    await eventually(async () => ((await other.get('/api/discovery')).body as { id: string }[]).some((c) => c.id === longId), 30_000, 'him in her deck');
    await signIn(page, otherEmail);
    await page.waitForURL(`${app.url}/swipe`);
    const card = page.locator(`[data-card-id="${longId}"]`);
    await expectVisible(card);
    expect(await page.locator('[data-card-id]').first().getAttribute('data-card-id')).toBe(longId);
    await expectFits(page, 'the deck');
    await expectCutName(card.getByText(name, { exact: true }), card);
    await screenshot(page, 'discovery-deck-long-name');
    // his profile: the whole name wraps in the sheet's title, its close button stays on screen
    await page.getByRole('button', { name: `View ${name}'s profile` }).click();
    const detail = page.getByRole('dialog', { name: `${name}, 31` });
    await expectVisible(detail.getByText(bio));
    await settle(page);
    await expectInside(detail.getByRole('heading', { name: `${name}, 31` }), detail);
    await expectInside(detail.getByRole('button', { name: 'Close profile' }), detail);
    await detail.getByText(bio).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectInside(detail.getByText(bio), detail);
    expect((await detail.boundingBox())!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'discovery-detail-long-name');
    await detail.getByRole('button', { name: 'Like', exact: true }).click();

    // a match: its screen, then the chat's header and the match list
    await page.waitForURL((url) => url.pathname === '/match');
    await expectVisible(page.getByText(`You and ${name} like each other.`));
    await settle(page);
    await screenshot(page, 'match-long-name');
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.has('matchId'));
    const header = page.locator('main header');
    await expectVisible(header.getByRole('heading', { name, exact: true }));
    await expectFits(page, 'the chat');
    await expectCutName(header.getByRole('heading', { name, exact: true }), header);
    await expectInside(header.getByRole('button', { name: 'More options' }), header);
    await screenshot(page, 'chat-header-long-name');
    await page.goto('/messages');
    const row = page.getByRole('list', { name: 'Your matches' }).getByRole('link').filter({ hasText: name });
    await expectVisible(row);
    await expectFits(page, 'the match list');
    await expectCutName(row.getByText(name, { exact: true }), row);
    await screenshot(page, 'match-list-long-name');
  });

  it("centres the photo picker's 'Add photos' inside its dashed border in each of the four languages", async () => {
    const email = uniqueEmail('polyglot');
    await airlineMember(app.url, email, password, 'Greta');
    await signIn(page, email);
    await page.waitForURL(`${app.url}/swipe`);
    const texts = {
      english: ['Edit Profile', 'Add photos'],
      spanish: ['Editar perfil', 'Añadir fotos'],
      french: ['Modifier le profil', 'Ajouter des photos'],
      german: ['Profil bearbeiten', 'Fotos hinzufügen'],
    };
    for (const [language, [edit, add]] of Object.entries(texts)) {
      await page.evaluate((l) => localStorage.setItem('aero.settings', JSON.stringify({ preferences: { language: l } })), language);
      await page.goto('/profile');
      await page.getByRole('button', { name: edit, exact: true }).click();
      const tile = page.locator('label').filter({ hasText: add });
      await expectVisible(tile);
      await tile.scrollIntoViewIfNeeded();
      await settle(page);
      // each line of the words (a long one wraps): as far from the left border as from the right, and clear of both
      const lines = await tile.evaluate((label, words) => {
        const box = label.getBoundingClientRect();
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        const rects: DOMRect[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!words.includes(node.textContent!.trim()) || !node.textContent!.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...Array.from(range.getClientRects()));
        }
        return rects.map((r) => ({ left: r.left - box.left, right: box.right - r.right }));
      }, add);
      expect(lines.length).toBeGreaterThan(0);
      for (const { left, right } of lines) expect({ language, clear: Math.min(left, right) >= 6, centred: Math.abs(left - right) <= 2 }).toEqual({ language, clear: true, centred: true });
      await screenshot(page, `profile-add-photos-${language}`);
    }
  });

  it('keeps My Profile on screen when asking for the member again fails: no error page over the profile it has', async () => {
    const email = uniqueEmail('steady');
    await airlineMember(app.url, email, password, 'Steady');
    await page.clock.install();
    await signIn(page, email);
    await page.waitForURL(`${app.url}/swipe`);
    const toProfile = () => mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await toProfile();
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await mainNav(page).getByRole('link', { name: 'Discover' }).click();
    await page.waitForURL(`${app.url}/swipe`);
    // the member is asked for again on the next visit (after 30 s), and that fails
    let asked = 0;
    await page.route('**/api/users/me', (route) => (asked++, route.fulfill({ status: 503, json: { message: 'Service Unavailable' } })));
    await page.clock.fastForward('00:31');
    await toProfile();
    // the call and its two retries (1 s apart) fail, and the page has taken the last answer in
    const lastAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me' && asked >= 3);
    await eventually(async () => asked >= 3 || void (await page.clock.fastForward(1_000)), 15_000, 'the retries');
    await lastAnswer;
    await settle(page);
    expect(await page.getByText('Error loading profile. Please try refreshing the page.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
  });

  it('changes the password from Settings: the other device is signed out, this one stays', async () => {
    const email = uniqueEmail('rotating');
    const laptop = await airlineAccount(email);

    await signIn(page, email);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Password & Devices' });
    await section.getByLabel('Current password').fill('not-my-password');
    await section.getByLabel('New password', { exact: true }).fill('Descending-Now-8');
    await section.getByLabel('Confirm new password').fill('Descending-Now-8');
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expectVisible(toasts(page).getByText('Current password is incorrect'));
    expect((await laptop.get('/api/users/me')).status).toBe(200);

    await section.getByLabel('Current password').fill(password);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expectVisible(toasts(page).getByText('Password changed'));
    await settle(page);
    await screenshot(page, 'settings-password-changed');
    expect((await laptop.get('/api/users/me')).status).toBe(404);
    expect(await page.evaluate(async () => (await fetch('/api/users/me')).status)).toBe(200);
    expect((await new ApiClient(app.url).post('/api/auth/login', { email, password: 'Descending-Now-8' })).status).toBe(200);
  });

  it("shows each member their own privacy choices: one who used this browser before does not decide them", async () => {
    const [first, second] = [uniqueEmail('first-officer'), uniqueEmail('second-officer')];
    for (const email of [first, second]) await airlineAccount(email);
    const settingsOf = async (email: string) => {
      const api = new ApiClient(app.url);
      await api.post('/api/auth/login', { email, password });
      return (await api.get('/api/users/me/settings')).body as { privacy: { profileVisibility: string } };
    };

    // the first member hides their profile on this phone, and signs out
    await signIn(page, first);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/settings');
    await page.getByLabel('Profile visibility').selectOption('hidden');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectVisible(toasts(page).getByText('Settings saved'));
    expect((await settingsOf(first)).privacy.profileVisibility).toBe('hidden');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/profile'));

    // the second sees their own choice, and saving another setting keeps it
    await signIn(page, second);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/settings');
    await expectVisible(page.getByLabel('Profile visibility'));
    expect(await page.getByLabel('Profile visibility').inputValue()).toBe('everyone');
    await page.getByLabel('Distance unit').selectOption('kilometers');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectVisible(toasts(page).getByText('Settings saved'));
    expect((await settingsOf(second)).privacy.profileVisibility).toBe('everyone');

    // a choice saved on another device is what this one shows
    const laptop = new ApiClient(app.url);
    await laptop.post('/api/auth/login', { email: second, password });
    expect((await laptop.put('/api/users/me/settings', { privacy: { profileVisibility: 'verified-only' } })).status).toBe(200);
    await page.reload();
    await expectVisible(page.getByLabel('Profile visibility'));
    expect(await page.getByLabel('Profile visibility').inputValue()).toBe('verified-only');
  });

  it('keeps what was changed in Settings when the member leaves without pressing Save Settings (Back, or the browser back)', async () => {
    const email = uniqueEmail('hasty');
    const api = await airlineAccount(email);
    const privacy = async () => ((await api.get('/api/users/me/settings')).body as { privacy: { profileVisibility: string } }).privacy.profileVisibility;

    await signIn(page, email);
    await page.waitForURL(`${app.url}/swipe`);
    const openSettings = async () => {
      await mainNav(page).getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await expectVisible(page.getByLabel('Profile visibility'));
    };
    await openSettings();
    await page.getByLabel('Profile visibility').selectOption('hidden');
    await page.getByLabel('Distance unit').selectOption('kilometers');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/profile`);
    await expectVisible(toasts(page).getByText('Settings saved'));
    expect(await privacy()).toBe('hidden');
    await openSettings();
    expect([await page.getByLabel('Profile visibility').inputValue(), await page.getByLabel('Distance unit').inputValue()]).toEqual(['hidden', 'kilometers']);

    // the browser's back, after a change
    await page.getByLabel('Profile visibility').selectOption('verified-only');
    await page.goBack();
    await page.waitForURL(`${app.url}/profile`);
    await eventually(async () => (await privacy()) === 'verified-only', 5_000, 'the choice saved on leaving');

    // nothing changed: leaving saves nothing and says nothing
    await toasts(page).getByRole('button', { name: 'Close' }).click().catch(() => undefined);
    await openSettings();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/profile`);
    await page.waitForTimeout(500);
    expect(await toasts(page).getByText('Settings saved').count()).toBe(0);

    // the page itself goes: a reload, then a closed tab
    await openSettings();
    await page.getByLabel('Profile visibility').selectOption('everyone');
    await page.reload();
    await eventually(async () => (await privacy()) === 'everyone', 5_000, 'the choice saved as the page reloaded');
    await expectVisible(page.getByLabel('Profile visibility'));
    expect(await page.getByLabel('Profile visibility').inputValue()).toBe('everyone');
    const tab = await page.context().newPage();
    await tab.goto('/settings');
    await expectVisible(tab.getByLabel('Profile visibility'));
    await tab.getByLabel('Profile visibility').selectOption('hidden');
    await tab.close();
    await eventually(async () => (await privacy()) === 'hidden', 5_000, 'the choice saved as the tab closed');

    // the page is hidden (the member went to another app, where a phone may end the page unannounced)
    await page.reload();
    await expectVisible(page.getByLabel('Profile visibility'));
    await page.getByLabel('Profile visibility').selectOption('verified-only');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await eventually(async () => (await privacy()) === 'verified-only', 5_000, 'the choice saved as the page was hidden');
  });

  it('deletes the account from Settings after confirmation: signed out, at /, and the account is gone', async () => {
    const email = uniqueEmail('leaving');
    await airlineAccount(email);

    await signIn(page, email);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await settle(page);
    await screenshot(page, 'settings-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expectVisible(toasts(page).getByText('Account deleted'));
    await page.waitForURL(`${app.url}/`);
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect((await new ApiClient(app.url).post('/api/auth/login', { email, password })).status).toBe(401);
  });
});
