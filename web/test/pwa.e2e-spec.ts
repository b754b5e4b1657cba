import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Limits } from '@aero/contracts/shared';
import { eventually, repoRoot, type RunningProcess } from '@aero/testing';
import { expectVisible, mainNav, newMember, screenshot, settle, signIn, skipClockUntilVisible, usePhoneApp } from './browser';

// The Workbox service worker (vite-plugin-pwa, inject-manifest) at /sw.js: the app shell opens
// offline after one visit, and a new version is offered with 'New version available'.
describe('installable app (browser)', () => {
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  /** the page is controlled by the active service worker (Workbox claims clients on activation) */
  const controlled = (p: Page) =>
    p.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });

  it('precaches the app shell with Workbox and opens it offline after one visit', async () => {
    const res = await fetch(`${app.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const source = await res.text();
    expect(source).toContain('workbox');
    expect(source).toMatch(/index\.html/);
    // the icon a push notification shows, which may arrive while offline
    expect(source).toMatch(/icons\/icon-192\.png/);

    await page.goto('/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await controlled(page);

    await page.context().setOffline(true);
    try {
      await page.reload();
      await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
      // any route of the app is the same shell
      await page.goto('/help');
      await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
      await screenshot(page, 'pwa-offline-shell');
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('opened offline, a member finds the sign-in screen, and the screen they opened once back online, without a reload', async () => {
    const password = 'secret-pass';
    const member = await newMember(app.url, password, 'Nadia', { gender: 'female', interestedIn: 'man' });
    // the page's clock runs as usual; the wait for the app's next check is skipped through below
    await page.clock.install();
    await signIn(page, member.email, password);
    await expectVisible(mainNav(page));
    await controlled(page);

    await page.context().setOffline(true);
    try {
      await page.goto('/notifications');
      // spec §4: a network error on load clears the user (and / shows the sign-in screen, spec §6)
      await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
      expect(new URL(page.url()).pathname).toBe('/');
      // which says why, instead of its welcome
      await expectVisible(page.getByRole('status').getByText("You're offline. If you were signed in, you'll be taken back in as soon as there's a connection."));
      await screenshot(page, 'pwa-opened-offline');
      // back online before the server can be reached (a plane's Wi-Fi): the check fails once more...
      let refused = 0;
      await page.route('**/api/users/me', (route) => {
        refused += 1;
        return route.abort('internetdisconnected');
      });
      await page.context().setOffline(false);
      // (the check's every try, spec §7: the first and its retries)
      await eventually(async () => refused > Limits.currentUserRetries, 15_000, 'the check made again once online, and given up');
      await page.waitForTimeout(500);
      await page.unroute('**/api/users/me');
    } finally {
      await page.context().setOffline(false);
    }
    // ...and is made again a while later (the app checks every 30 s), without a reload
    await skipClockUntilVisible(page, mainNav(page).first(), 5_000, 45_000);
    expect(new URL(page.url()).pathname).toBe('/notifications');
    await expectVisible(page.getByRole('heading', { name: 'Activity' }));
    await screenshot(page, 'pwa-back-online');
  });

  it("offers 'New version available' when a new worker waits, and Reload hands over to it, in every open tab", async () => {
    await page.goto('/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await controlled(page);
    const otherTab = await page.context().newPage();
    await otherTab.goto('/auth');
    await controlled(otherTab);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(firstWorker).toBe(`${app.url}/sw.js`);

    // a new deployment: the worker's bytes change
    const file = join(repoRoot, 'web/dist/sw.js');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\n// deployment ${Date.now()}\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('complementary', { name: 'New version available' });
      await expectVisible(prompt);
      await settle(page);
      await screenshot(page, 'pwa-update-prompt');
      // the old version keeps serving until the person chooses
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
      expect(await page.getByRole('complementary', { name: 'New version available' }).count()).toBe(0);

      // the other tab was offered it too, and is not reloaded under its person; its Reload, after
      // the first tab's made the new version take over, reloads it onto that version
      const otherPrompt = otherTab.getByRole('complementary', { name: 'New version available' });
      await expectVisible(otherPrompt);
      const otherReloaded = otherTab.waitForEvent('load', { timeout: 10_000 });
      await otherPrompt.getByRole('button', { name: 'Reload' }).click();
      await otherReloaded;
      await expectVisible(otherTab.getByRole('button', { name: 'Sign In', exact: true }));
      expect(await otherPrompt.count()).toBe(0);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("closes the member's notifications in the tray when they sign out: the next person holding the phone sees none", async () => {
    const password = 'secret-pass';
    const member = await newMember(app.url, password, 'Nadia', { gender: 'female', interestedIn: 'man' });
    await page.context().grantPermissions(['notifications'], { origin: app.url });
    await signIn(page, member.email, password);
    await expectVisible(mainNav(page));
    await controlled(page);
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title));
    await page.evaluate(async () => (await navigator.serviceWorker.ready).showNotification('New message from Sam', { body: 'See you at gate B12', tag: 'n-1' }));
    await eventually(async () => (await shown()).length === 1, 10_000, 'the notification shown');
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await eventually(async () => (await shown()).length === 0, 10_000, 'the tray emptied');
  });

  it("shows a web push in the app's language (Spanish), kept for the worker when the language changes and when the app starts", async () => {
    const password = 'secret-pass';
    const member = await newMember(app.url, password, 'Paula', { gender: 'female', interestedIn: 'man' });
    await page.context().grantPermissions(['notifications'], { origin: app.url });
    await signIn(page, member.email, password);
    await expectVisible(mainNav(page));
    await controlled(page);
    await page.goto('/settings');
    await page.getByLabel('Language').selectOption('spanish');
    await expectVisible(page.getByRole('heading', { name: 'Ajustes', exact: true }));
    // the worker's texts in Spanish (Cache Storage)
    const kept = () => page.evaluate(async () => (await (await caches.open('aeromatch-push-texts')).match('/push-texts.json'))?.json() as Promise<Record<string, string>> | undefined);
    await eventually(async () => (await kept())?.['activity.like.title']?.startsWith('A '), 10_000, 'the Spanish texts kept for the worker');

    // a push as the server sends it (English), delivered to the worker
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
    await cdp.send('ServiceWorker.enable');
    const registrationId = await eventually(async () => registrations.find((r) => r.scopeURL === `${app.url}/`)?.registrationId, 10_000, "the worker's registration");
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.tag]));
    const deliver = (payload: Record<string, string | boolean>) => cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId, data: JSON.stringify(payload) });
    await deliver({ id: 'n-like', type: 'like', title: 'Julian liked you', message: 'Swipe right on Julian to match.', url: '/swipe' });
    await deliver({ id: 'n-message', type: 'message', title: 'New message from Julian', message: 'Wheels up in ten!', url: '/messages' });
    // one that names no one stays as the server wrote it
    await deliver({ id: 'n-someone', type: 'like', title: 'Someone liked you', message: 'Swipe right on Someone to match.', url: '/swipe' });
    // with previews off, the server says only that there is something new
    await deliver({ id: 'n-discreet', type: 'message', title: 'AeroMatch', message: 'You have a new notification.', url: '/messages', discreet: true });
    const all = await eventually(async () => ((await shown()).length === 4 ? shown() : undefined), 10_000, 'the four notifications');
    expect(all.sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      ['AeroMatch', 'Tienes una notificación nueva.', 'n-discreet'],
      ['A Julian le gustas', 'Desliza a la derecha sobre Julian para hacer match.', 'n-like'],
      ['Nuevo mensaje de Julian', 'Wheels up in ten!', 'n-message'],
      ['Someone liked you', 'Swipe right on Someone to match.', 'n-someone'],
    ]);

    // the member turns previews off in Settings (no kind of push is switched on by it): the server holds it
    const previews = page.getByRole('switch', { name: 'Mostrar vistas previas' });
    expect(await previews.getAttribute('aria-checked')).toBe('true');
    await expectVisible(page.getByText('Nombres y texto de los mensajes en las notificaciones de tu pantalla de bloqueo'));
    await previews.click();
    await previews.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'settings-previews-off');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expectVisible(page.getByText('Ajustes guardados'));
    const settings = (await page.request.get('/api/users/me/settings')).json() as Promise<{ notifications: Record<string, boolean> }>;
    expect((await settings).notifications).toEqual({ matches: false, messages: false, likes: false, promotions: false, previews: false });

    // a browser that allowed pushes before its texts were kept (or kept an older version's): the
    // app keeps them when it starts, on any screen
    await page.evaluate(() => caches.delete('aeromatch-push-texts'));
    expect(await kept()).toBeUndefined();
    await page.goto('/swipe');
    await expectVisible(page.getByRole('navigation', { name: 'Navegación principal' }));
    await eventually(async () => (await kept())?.['activity.newMessage.title'] === 'Nuevo mensaje de \u0000', 10_000, 'the Spanish texts kept again at start');
  });
});
