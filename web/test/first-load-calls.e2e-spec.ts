import type { Page } from 'playwright-core';
import type { RunningProcess } from '@aero/testing';
import { airlineMember, mainNav, signIn, uniqueEmail, usePhoneApp } from './browser';

// Issue 11: a page's load asks each badge's count once. The counts wait for the real-time
// connection's first attempt (each authentication fetches again what was fetched before it, the
// pushes of the gap being lost): asked before it, each was asked twice within a few hundred
// milliseconds, and the screen drew twice. The badges still show the server's counts.
describe('the calls of a page load (browser)', () => {
  const password = 'Single-Ask-11';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  it('asks the unread count, the profile views count and the match list (the Messages badge) once on /swipe, and the unread count once on /profile', async () => {
    const email = uniqueEmail('once');
    const api = await airlineMember(app.url, email, password);
    const unreadNow = async () => ((await api.get('/api/notifications/unread-count')).body as { count: number }).count;
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);

    for (const path of ['/swipe', '/profile']) {
      // the page before (its calls end with it)
      await page.goto('about:blank');
      // what is asked before any push (a push that makes a count stale has it asked again, rightly)
      const asked: string[] = [];
      let pushed = false;
      page.on('websocket', (ws) => ws.on('framereceived', (f) => (pushed ||= /^42\["(notification|notifications_\w+)"/.test(String(f.payload)))));
      const listen = (request: { url(): string }) => {
        const { pathname } = new URL(request.url());
        // (the match list: the Messages badge's on /swipe; My Profile asks it for its counts with its first data)
        const counted = ['/api/notifications/unread-count', '/api/profile-views/count', ...(path === '/swipe' ? ['/api/matches'] : [])];
        if (!pushed && counted.includes(pathname)) asked.push(pathname);
      };
      page.on('request', listen);
      const counted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications/unread-count', { timeout: 15_000 });
      await page.goto(path);
      await counted;
      // the connection has authenticated (the count waits for it): whatever its resync asks is asked by now
      await page.waitForTimeout(2_000);
      page.off('request', listen);
      page.removeAllListeners('websocket');
      // the badge says the server's count
      const unread = await unreadNow();
      await mainNav(page).getByRole('link', { name: unread === 0 ? 'Activity' : `Activity ${unread} unread notification${unread === 1 ? '' : 's'}`, exact: true }).waitFor({ state: 'visible', timeout: 5_000 });
      const expected = path === '/swipe' ? ['/api/matches', '/api/notifications/unread-count', '/api/profile-views/count'] : ['/api/notifications/unread-count'];
      expect({ path, asked: asked.sort() }).toEqual({ path, asked: expected });
    }
  });

  it('asks the first deck once on /swipe, whether this browser remembers the member or only their session', async () => {
    const email = uniqueEmail('deck-once');
    await airlineMember(app.url, email, password);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    for (const storage of ['kept', 'cleared']) {
      await page.goto('about:blank');
      // cleared: the app's storage is gone, the session's cookie is not (the deck is then asked for once the session check shows a member)
      if (storage === 'cleared') await page.goto(`${app.url}/offline.html`).then(() => page.evaluate(() => localStorage.clear()));
      const asked: string[] = [];
      const listen = (request: { url(): string }) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/discovery' || pathname === '/api/users/filter-preferences/load') asked.push(pathname);
      };
      page.on('request', listen);
      await page.goto(`${app.url}/swipe`);
      await page.getByRole('button', { name: 'Like', exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForTimeout(1_000);
      page.off('request', listen);
      expect({ storage, asked: asked.sort() }).toEqual({ storage, asked: ['/api/discovery', '/api/users/filter-preferences/load'] });
    }
  });

  // (a connection that neither opens nor fails, as behind a proxy that holds websockets, is not
  // waited for longer than a few seconds)
  it('shows the unread count when the real-time connection cannot open', async () => {
    const email = uniqueEmail('offgrid');
    const api = await airlineMember(app.url, email, password);
    await page.routeWebSocket(/\/ws\//, (ws) => void ws.close());
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    const unread = ((await api.get('/api/notifications/unread-count')).body as { count: number }).count;
    expect(unread).toBeGreaterThan(0);
    await mainNav(page).getByRole('link', { name: `Activity ${unread} unread notification${unread === 1 ? '' : 's'}`, exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
  });
});
