import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { Limits, Messages } from '@aero/contracts/shared';
import { ApiClient, eventually, verificationCode, type RunningProcess } from '@aero/testing';
import { expectVisible, mainNav, screenshot, settle, signIn, uniqueEmail, usePhoneApp } from './browser';

// The profile forms' own checks, as a person meets them on a phone: what the server would refuse
// is said under its field on Create Profile and Edit Profile before any call is made.
describe('profile forms (browser)', () => {
  const password = 'Vectors-To-Final-27L';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({ DEMO_SEED: 'false' }, (s) => ({ app, page } = s));

  const png = () => sharp({ create: { width: 120, height: 160, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
  const toasts = () => page.getByRole('region', { name: 'Notifications (F8)' });
  const me = () => page.evaluate(async () => (await fetch('/api/users/me')).json() as Promise<{ firstName: string; location: string; latitude: string | null; longitude: string | null; photos: string[] }>);

  async function verifiedAccount(email: string) {
    const api = new ApiClient(app.url);
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
    return api;
  }

  /** the profile calls the page makes from now on (photo uploads, creating or changing the profile) */
  function profileCalls(p: Page) {
    const calls: string[] = [];
    const isProfileCall = (r: Request) => {
      const path = new URL(r.url()).pathname;
      return (r.method() === 'POST' && (path === '/api/users' || path === '/api/photos')) || (r.method() === 'PATCH' && path.startsWith('/api/users/'));
    };
    p.on('request', (r) => {
      if (isProfileCall(r)) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return calls;
  }

  /** signs in a new verified account and opens Create Profile for airline staff */
  async function openCreateProfile(name: string) {
    const email = uniqueEmail(name);
    const api = await verifiedAccount(email);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/welcome`);
    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    return api;
  }

  const locationField = () => page.getByRole('combobox', { name: 'Location' });
  const suggestion = (name: RegExp) => page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option', { name }).first();

  /** Create Profile filled as a person does it, the location (unless `chooseLocation` is false) chosen from the suggestions */
  async function fillCreateProfile(firstName: string, { chooseLocation = true } = {}) {
    await page.getByLabel('Add photos').setInputFiles([{ name: 'cockpit.png', mimeType: 'image/png', buffer: await png() }]);
    await expectVisible(page.getByRole('img', { name: 'Photo 1 (main)' }));
    await page.getByLabel('First Name').fill(firstName);
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Interested In').selectOption('man');
    await page.getByLabel('Bio').fill('Dispatcher by day, plane spotter by weekend.');
    if (!chooseLocation) return;
    await locationField().pressSequentially('Dall', { delay: 30 });
    await suggestion(/^Dallas, /).click();
  }

  /** the error under a field, by the field's label */
  const errorUnder = (label: string) => page.getByLabel(label, { exact: true }).evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return el.getAttribute('aria-invalid') === 'true' && id ? document.getElementById(id)?.textContent ?? null : null;
  });

  /** sending the form (its button `submit`) shows `text` under the field `label`, and no call is made (so no `failure` toast) */
  async function expectRefusedUnder(label: string, text: string, { submit, failure, shot }: { submit: string; failure: string; shot: string }) {
    const calls = profileCalls(page);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expectVisible(page.getByText(text));
    expect(await errorUnder(label)).toBe(text);
    await page.getByLabel(label, { exact: true }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settle(page);
    await screenshot(page, shot);
    expect(calls).toEqual([]);
    expect(await toasts().getByText(failure).count()).toBe(0);
  }

  it("lines up 'Change document' and 'Remove' of the chosen employment document on Create Profile, in each of the four languages", async () => {
    await openCreateProfile('docs');
    const texts = {
      english: ['Employment document', 'Change document', 'Remove document'],
      spanish: ['Documento laboral', 'Cambiar', 'Quitar documento'],
      french: ["Justificatif d'emploi", 'Remplacer', 'Retirer le document'],
      german: ['Beschäftigungsnachweis', 'Ersetzen', 'Dokument entfernen'],
    };
    for (const [language, [input, change, remove]] of Object.entries(texts)) {
      await page.evaluate((l) => localStorage.setItem('aero.settings', JSON.stringify({ preferences: { language: l } })), language);
      await page.goto('/register?type=airline');
      // a short name and one that takes a line of its own
      for (const name of ['paystub.pdf', 'paystub-march-2026-delta-air-lines.pdf']) {
        await page.getByLabel(input, { exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
        const changeButton = page.locator('label').filter({ hasText: change });
        const removeButton = page.getByRole('button', { name: remove, exact: true });
        await expectVisible(page.getByText(name, { exact: true }));
        await removeButton.scrollIntoViewIfNeeded();
        await settle(page);
        const [a, b] = [(await changeButton.boundingBox())!, (await removeButton.boundingBox())!];
        // side by side on one line, the same height, their tops level
        expect({ language, name, sameTop: Math.abs(a.y - b.y) <= 1, sameHeight: Math.abs(a.height - b.height) <= 1, sideBySide: b.x >= a.x + a.width }).toEqual({ language, name, sameTop: true, sameHeight: true, sideBySide: true });
        await screenshot(page, `profile-register-document-buttons-${language}${name === 'paystub.pdf' ? '' : '-long'}`);
      }
    }
  });

  it('moves focus to the first field a refused Create Profile names, as well as scrolling to it', async () => {
    await openCreateProfile('focus');
    const focused = (label: string) => page.getByLabel(label, { exact: true }).evaluate((el) => el === document.activeElement);
    const submit = page.getByRole('button', { name: 'Create Profile', exact: true });
    // no photo yet: the photo picker
    await submit.click();
    await eventually(() => focused('Add photos'), 5_000, 'focus on the photo picker');
    // a photo, nothing else: the first name
    await page.getByLabel('Add photos').setInputFiles([{ name: 'cockpit.png', mimeType: 'image/png', buffer: await png() }]);
    await expectVisible(page.getByRole('img', { name: 'Photo 1 (main)' }));
    await submit.click();
    await eventually(() => focused('First Name'), 5_000, 'focus on First Name');
    await settle(page);
    await screenshot(page, 'profile-forms-register-focus-first-problem');
    // the first name given: the next field refused
    await page.getByLabel('First Name').fill('Ines');
    await submit.click();
    await eventually(() => focused('Gender'), 5_000, 'focus on Gender');
  });

  it('says a first name over 50 characters is too long under the field, on Create Profile and Edit Profile, before any call; the server says the same', async () => {
    const longName = 'Wilhelminaanastasiafeatherstonehaughmontgomerybrays';
    expect(longName.length).toBe(Limits.firstNameMaxChars + 1);
    const api = await openCreateProfile('wilhelmina');

    // the server refuses it with the same text (which the app shows in the chosen language)
    const refused = await api.post('/api/users', { userType: 'airline', gender: 'female', interestedIn: 'man', firstName: longName, age: 30, bio: 'Hi', location: 'Dallas, Texas', photos: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(Messages.firstNameTooLong);

    await fillCreateProfile(longName);
    await expectRefusedUnder('First Name', 'First name must be at most 50 characters', { submit: 'Create Profile', failure: 'Registration failed', shot: 'profile-forms-register-long-first-name' });

    // one letter less: the profile is created
    await page.getByLabel('First Name').fill(longName.slice(0, Limits.firstNameMaxChars));
    expect(await errorUnder('First Name')).toBeNull();
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    expect((await me()).firstName).toBe(longName.slice(0, Limits.firstNameMaxChars));

    // Edit Profile: the same check, under the field, and no call
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First Name').fill(longName);
    await expectRefusedUnder('First Name', 'First name must be at most 50 characters', { submit: 'Save', failure: 'Update failed', shot: 'profile-forms-edit-long-first-name' });
  });

  it('says a first name is too long once the member leaves the field, and again while they type, with no message on untouched fields', async () => {
    const longName = 'Wilhelminaanastasiafeatherstonehaughmontgomerybrays';
    await openCreateProfile('touched');
    const calls = profileCalls(page);
    const firstName = page.getByLabel('First Name', { exact: true });
    await expectVisible(firstName);
    // nothing is flagged before the member has been in a field
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await firstName.fill(longName);
    await firstName.press('Tab');
    await expectVisible(page.getByText('First name must be at most 50 characters'));
    expect(await errorUnder('First Name')).toBe('First name must be at most 50 characters');
    // only the field left is flagged, not the others not yet touched
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'profile-forms-long-first-name-on-leave');
    // from then on each keystroke checks it again
    await firstName.fill(longName.slice(0, Limits.firstNameMaxChars));
    await eventually(async () => (await errorUnder('First Name')) === null, 5_000, 'the message gone while typing');
    await firstName.pressSequentially('s');
    await eventually(async () => (await errorUnder('First Name')) === 'First name must be at most 50 characters', 5_000, 'the message back while typing');
    expect(calls).toEqual([]);
  });

  it('takes a location only as a suggestion chosen from the list: typed text, or a choice typed over, is refused under the field before any call', async () => {
    await openCreateProfile('denise');
    await fillCreateProfile('Denise', { chooseLocation: false });

    // 'Denv' typed, the suggestions shown but none chosen
    await locationField().pressSequentially('Denv', { delay: 30 });
    await expectVisible(suggestion(/^Denver, /));
    // a search that fails shows no suggestions, not those of the text before it (a tap would put them over the text)
    const failing = /\/api\/places\?q=Denvx/;
    await page.route(failing, async (route) => {
      // the next search ('Denvxy') takes its time: until it answers, the failed one's 'none' stays
      if (route.request().url().includes('Denvxy')) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ statusCode: 400, message: 'Bad Request' }) });
    });
    const options = page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option');
    const refused = page.waitForResponse(failing);
    await locationField().pressSequentially('x', { delay: 30 });
    await refused;
    await eventually(async () => (await options.count()) === 0, 5_000, 'the suggestions of the text before gone');
    const asked = page.waitForRequest(/\/api\/places\?q=Denvxy/);
    const answered = page.waitForResponse(/\/api\/places\?q=Denvxy/);
    await locationField().pressSequentially('y', { delay: 30 });
    await asked;
    await page.waitForTimeout(500);
    expect(await options.count()).toBe(0);
    await answered;
    await page.unroute(failing);
    await locationField().press('Backspace');
    await locationField().press('Backspace');
    await expectVisible(suggestion(/^Denver, /));
    await locationField().press('Escape');
    await expectRefusedUnder('Location', 'Choose a place from the list', { submit: 'Create Profile', failure: 'Registration failed', shot: 'profile-forms-register-location-not-chosen' });

    // chosen: the error goes; typed over: the choice is gone and the error is back
    await locationField().pressSequentially('e', { delay: 30 });
    await expectVisible(suggestion(/^Denver, /));
    await suggestion(/^Denver, /).click();
    expect(await locationField().inputValue()).toMatch(/^Denver, /);
    expect(await errorUnder('Location')).toBeNull();
    await locationField().press('End');
    await locationField().press('Backspace');
    expect(await errorUnder('Location')).toBe('Choose a place from the list');

    // chosen again: the profile has the place and its coordinates
    await expectVisible(suggestion(/^Denver, /));
    await suggestion(/^Denver, /).click();
    await page.getByRole('button', { name: 'Create Profile', exact: true }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    const created = await me();
    expect(created.location).toMatch(/^Denver, /);
    expect([created.latitude, created.longitude].map(Number)).toEqual([expect.closeTo(39.74, 0), expect.closeTo(-104.99, 0)]);

    // Edit Profile: a new location typed without choosing is refused the same way
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await locationField().fill('');
    await locationField().pressSequentially('Aust', { delay: 30 });
    await expectVisible(suggestion(/^Austin, /));
    await locationField().press('Escape');
    await expectRefusedUnder('Location', 'Choose a place from the list', { submit: 'Save', failure: 'Update failed', shot: 'profile-forms-edit-location-not-chosen' });
    expect((await me()).location).toMatch(/^Denver, /);
  });

  it('sends the photos of Create Profile once: tried again after the profile was refused, it takes the photos uploaded the first time', async () => {
    await openCreateProfile('odile');
    await fillCreateProfile('Odile');
    await page.getByLabel('Add photos').setInputFiles([{ name: 'galley.png', mimeType: 'image/png', buffer: await png() }]);
    await expectVisible(page.getByRole('img', { name: 'Photo 2' }));
    const calls = profileCalls(page);
    let refused = false;
    await page.route(
      (url) => url.pathname === '/api/users',
      (route) => (route.request().method() === 'POST' && !refused ? ((refused = true), route.fulfill({ status: 503, json: { message: 'Service Unavailable' } })) : route.fallback()),
    );
    await page.getByRole('button', { name: 'Create Profile', exact: true }).click();
    await expectVisible(toasts().getByText('Registration failed'));
    await page.getByRole('button', { name: 'Create Profile', exact: true }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    expect(calls).toEqual(['POST /api/photos', 'POST /api/users', 'POST /api/users']);
    expect((await me()).photos).toHaveLength(2);
  });

  it('keeps what a member typed on Create Profile through a reload of the tab, for that member only, until the profile is created', async () => {
    await openCreateProfile('rosalind');
    await fillCreateProfile('Rosalind');
    await page.getByLabel('Airline').selectOption('Delta Air Lines');
    await page.getByLabel('Drinking').selectOption('socially');

    // a second photo, made the main one
    await page.getByLabel('Add photos').setInputFiles([{ name: 'galley.png', mimeType: 'image/png', buffer: await png() }]);
    await page.getByRole('button', { name: 'Set photo 2 as main' }).click();
    await expectVisible(page.getByRole('img', { name: 'Photo 2 (main)' }));
    // kept (IndexedDB, written after the render): a reload that comes first aborts the write
    const keptMain = () =>
      page.evaluate(
        () =>
          new Promise<number | null>((resolve, reject) => {
            const open = indexedDB.open('aero-file-drafts');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const all = db.transaction('registration-photos').objectStore('registration-photos').getAll();
              all.onsuccess = () => (db.close(), resolve((all.result as { files: unknown[]; main: number }[]).find((d) => d.files.length === 2)?.main ?? null));
              all.onerror = () => (db.close(), reject(all.error));
            };
          }),
      );
    await eventually(async () => (await keptMain()) === 1, 10_000, 'the two photos kept, the second main');

    // the phone's browser reloads the tab (as after the camera app took the picture): the answers and the photos are back
    await page.reload();
    await expectVisible(page.getByLabel('First Name'));
    expect(await page.getByLabel('First Name').inputValue()).toBe('Rosalind');
    expect(await page.getByLabel('Bio').inputValue()).toBe('Dispatcher by day, plane spotter by weekend.');
    expect(await page.getByLabel('Gender').inputValue()).toBe('female');
    expect(await page.getByLabel('Airline').inputValue()).toBe('Delta Air Lines');
    expect(await page.getByLabel('Drinking').inputValue()).toBe('socially');
    expect(await locationField().inputValue()).toMatch(/^Dallas, /);
    await expectVisible(page.getByRole('img', { name: 'Photo 2 (main)' }));
    expect(await page.getByRole('img', { name: /^Photo \d/ }).count()).toBe(2);
    await settle(page);
    await screenshot(page, 'profile-forms-register-after-reload');

    // another member signing in on this tab after a sign-out starts from an empty form
    const other = uniqueEmail('other-rosalind');
    await verifiedAccount(other);
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await page.goto('/auth');
    await signIn(page, other, password);
    await page.waitForURL(`${app.url}/welcome`);
    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    expect(await page.getByLabel('First Name').inputValue()).toBe('');
    expect(await page.getByLabel('Bio').inputValue()).toBe('');
    expect(await page.getByRole('img', { name: /^Photo \d/ }).count()).toBe(0);

    // created from a restored draft (the location chosen before the reload holds its coordinates): that member's draft goes
    const drafts = () => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('aero.registration-draft.')).length);
    await fillCreateProfile('Maeve');
    await page.reload();
    await expectVisible(page.getByLabel('First Name'));
    expect(await drafts()).toBe(2);
    await expectVisible(page.getByRole('img', { name: 'Photo 1 (main)' }));
    await page.getByRole('button', { name: 'Create Profile', exact: true }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    const created = await me();
    expect(created.firstName).toBe('Maeve');
    expect([created.latitude, created.longitude].map(Number)).toEqual([expect.closeTo(32.78, 0), expect.closeTo(-96.8, 0)]);
    expect(await drafts()).toBe(1);
    expect(created.photos).toHaveLength(1);
    // and the photos kept for that member go with it (Rosalind's stay until her session ends)
    const keptPhotos = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('aero-file-drafts');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const count = db.transaction('registration-photos').objectStore('registration-photos').count();
              // (closed at once: an open connection would hold up the database's deletion)
              count.onsuccess = () => (db.close(), resolve(count.result));
              count.onerror = () => (db.close(), reject(count.error));
            };
          }),
      );
    await eventually(async () => (await keptPhotos()) === 1, 5_000, "only Rosalind's photos kept");
    // signing out in this tab (its connection to them still open from Create Profile) deletes them all
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/profile'));
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
    await eventually(async () => !(await databases()).includes('aero-file-drafts'), 5_000, 'the kept photos deleted at the sign-out');
  });
  it('keeps unsaved Edit Profile changes when the member leaves the page or reloads the tab, until Save or Cancel', async () => {
    await openCreateProfile('beatrix');
    await fillCreateProfile('Beatrix');
    await page.getByRole('button', { name: 'Create Profile', exact: true }).click();
    await page.waitForURL(`${app.url}/swipe`, { timeout: 20_000 });
    const savedBio = 'Dispatcher by day, plane spotter by weekend.';
    const profileTab = () => mainNav(page).getByRole('link', { name: 'Profile' });
    const bio = () => page.getByLabel('Bio');

    await profileTab().click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await bio().fill('Now flying long haul to Tokyo.');
    await page.getByLabel('First Name').fill('Bea');
    // off to Messages and back: the edit form, with the changes
    await mainNav(page).getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL(`${app.url}/messages`);
    await profileTab().click();
    await expectVisible(bio());
    expect(await bio().inputValue()).toBe('Now flying long haul to Tokyo.');
    expect(await page.getByLabel('First Name').inputValue()).toBe('Bea');
    // a reload of the tab keeps them too
    await page.reload();
    await expectVisible(bio());
    expect(await bio().inputValue()).toBe('Now flying long haul to Tokyo.');
    await settle(page);
    await screenshot(page, 'profile-forms-edit-draft-restored');

    // Cancel drops them: the profile as saved, and no edit form on the next visit
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(page.getByText(savedBio));
    await mainNav(page).getByRole('link', { name: 'Messages' }).click();
    await profileTab().click();
    await expectVisible(page.getByRole('button', { name: 'Edit Profile' }));
    expect(await bio().count()).toBe(0);
    expect((await me()).firstName).toBe('Beatrix');

    // saved: the changes are the profile's, and the next visit shows it, not the form
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await bio().inputValue()).toBe(savedBio);
    await bio().fill('Now flying long haul to Tokyo.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: 'Edit Profile' }));
    expect(await me()).toMatchObject({ firstName: 'Beatrix', bio: 'Now flying long haul to Tokyo.' });
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('aero.profile-draft.')))).toEqual([]);
    await page.reload();
    await expectVisible(page.getByText('Now flying long haul to Tokyo.'));
    expect(await bio().count()).toBe(0);
  });
});
