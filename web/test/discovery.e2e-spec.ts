import type { Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { Limits } from '@aero/contracts/shared';
import { ApiClient, eventually, type RunningProcess, verificationCode } from '@aero/testing';
import { join } from 'node:path';
import { animationsEnded, expectToastClearOf, expectVisible, mainNav, matchMembers, SCREENSHOT_DIR, screenshot, settle, signIn, uniqueEmail, usePhoneApp } from './browser';

// Issue 10 as a person does it, on a phone, against the demo crew of single-node mode: drag a
// card right to like it and match, the match screen and its way to the chat, the filter dialog,
// undo, super like, boost, double tap, the photo viewer, the zoom overlay, the profile detail and
// who viewed me.
describe('discovery (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  interface Card {
    id: string;
    firstName: string;
    age: number | null;
    location: string | null;
    distanceBand: number | null;
  }

  /** A verified airline member with a complete profile in Dallas (set-up through the API). */
  async function member(firstName: string, profile: { gender: 'male' | 'female'; interestedIn: 'man' | 'woman' }, color = { r: 30, g: 90, b: 200 }, photoCount = 1) {
    const api = new ApiClient(app.url);
    const email = uniqueEmail(firstName.toLowerCase());
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
    const photo = await sharp({ create: { width: 480, height: 600, channels: 3, background: color } }).png().toBuffer();
    const form = new FormData();
    for (let i = 0; i < photoCount; i++) form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `portrait-${i}.png`);
    const uploaded = await fetch(`${app.url}/api/photos`, { method: 'POST', headers: { origin: app.url, cookie: api.cookie }, body: form });
    const { photos } = (await uploaded.json()) as { photos: string[] };
    const created = await api.post('/api/users', {
      userType: 'airline',
      ...profile,
      firstName,
      age: 31,
      bio: 'A320 first officer, coffee before every pushback.',
      location: 'Dallas, Texas',
      latitude: '32.7767',
      longitude: '-96.7970',
      airline: 'Delta Air Lines',
      position: 'Pilot',
      photos,
      mainPhoto: photos[0],
    });
    expect(created.status).toBeLessThan(300);
    const id = (await api.get('/api/users/me')).body.id as string;
    return { api, email, id };
  }

  /** The demo crew is seeded in the background: wait until the member's deck holds it. */
  async function deckOf(api: ApiClient, atLeast = 10): Promise<Card[]> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const cards = (await api.get('/api/discovery')).body as Card[];
      if (cards.length >= atLeast) return cards;
      if (Date.now() > deadline) throw new Error(`the deck has ${cards.length} cards`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  const toasts = (p: Page) => p.getByRole('region', { name: 'Notifications (F8)' });
  const topCard = (p: Page) => p.locator('[data-card-id]').first();
  const topCardId = (p: Page) => topCard(p).getAttribute('data-card-id');
  const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
  /** when each page's swipe button was last pressed: a press within Limits.doubleTapMs of it is part of a double tap, and ignored */
  const pressedAt = new WeakMap<Page, number>();
  /** presses a swipe button (Pass, Like, Super Like) as a member deciding one card: not within a double tap's window of the last */
  async function press(p: Page, name: string) {
    const wait = (pressedAt.get(p) ?? 0) + Limits.doubleTapMs + 50 - Date.now();
    if (wait > 0) await p.waitForTimeout(wait);
    await button(p, name).click();
    pressedAt.set(p, Date.now());
  }

  async function waitForNewTopCard(p: Page, previous: string | null) {
    await p.waitForFunction((id) => {
      const el = document.querySelector('[data-card-id]');
      return !!el && el.getAttribute('data-card-id') !== id;
    }, previous);
  }

  /** the top card once it moves (its motion loads after the first screen has settled) */
  const cardReady = (p: Page) => p.locator('[data-card-id][data-draggable]').first().waitFor();
  const isMotion = (url: string) => /\/assets\/card-motion-[^/]+\.js$/.test(url);

  const isDeckCall = (request: Request) => ['/api/discovery', '/api/discovery/filtered'].includes(new URL(request.url()).pathname);

  /** the swipe screen's code held back until the first deck (asked for at start-up) has arrived */
  async function holdScreenCodeUntilDeck(p: Page) {
    const deckArrived = p.waitForResponse((response) => isDeckCall(response.request())).then((response) => response.finished());
    await p.route(/\/assets\/discovery-pages-[^/]+\.js$/, async (route) => {
      await deckArrived;
      await route.continue();
    });
  }

  /** holds the card motion's code back until the answer is called */
  async function holdMotion(p: Page): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route((url) => isMotion(url.href), async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  /** `run` on a page of a new context (no service worker) signed in as `page` is */
  async function coldSwipe(run: (cold: Page) => Promise<void>) {
    const context = await page.context().browser()!.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      await context.addCookies(await page.context().cookies());
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** where the top card stands across (px) and how strongly its like stamp shows, two frames on (the last input handled) */
  const cardMotion = (p: Page) =>
    topCard(p).evaluate(async (card) => {
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      const stamp = [...card.querySelectorAll(':scope > span')].find((el) => el.textContent === 'LIKE')!;
      return { x: Math.round(new DOMMatrix(getComputedStyle(card).transform).m41), likeStamp: Number(getComputedStyle(stamp).opacity) };
    });

  /** Drags a card with the mouse, in steps, like a finger would. */
  async function drag(p: Page, card: Locator, dx: number, { release = true, steps = 12 } = {}) {
    await cardReady(p);
    const box = (await card.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await p.mouse.move(x, y);
    await p.mouse.down();
    await p.mouse.move(x + dx, y + dx / 10, { steps });
    if (release) await p.mouse.up();
  }

  async function openSwipe(p: Page, email: string) {
    await signIn(p, email, password);
    await p.waitForURL(`${app.url}/swipe`);
    await expectVisible(topCard(p));
  }

  it('a new member drags a demo card right, matches, and opens the chat from the match screen', async () => {
    const nova = await member('Nova', { gender: 'female', interestedIn: 'man' });
    await deckOf(nova.api);
    await openSwipe(page, nova.email);
    await expectVisible(page.getByRole('heading', { name: 'Discover' }));
    const cardId = (await topCardId(page))!;
    const card = ((await nova.api.get('/api/discovery')).body as Card[]).find((c) => c.id === cardId)!;
    expect(await topCard(page).getAttribute('aria-label')).toBe(`${card.firstName}, ${card.age}`);
    await expectVisible(topCard(page).getByText(card.distanceBand ? `${card.location} · under ${card.distanceBand} miles` : card.location!, { exact: true }));
    if (card.distanceBand) {
      // the band wraps as a whole: never 'under 50' with 'miles' alone on the next line
      const band = topCard(page).getByText(`under ${card.distanceBand} miles`, { exact: true });
      expect(await band.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
    }
    await settle(page);
    await screenshot(page, 'discovery-deck');

    // halfway: the card follows the finger, turns, and shows the like stamp
    await drag(page, topCard(page), 60, { release: false });
    await settle(page);
    await screenshot(page, 'discovery-dragging');
    const turned = await topCard(page).evaluate((el) => getComputedStyle(el).transform);
    expect(turned).not.toBe('none');
    await page.mouse.move(420, 420, { steps: 8 });
    await page.mouse.up();

    // the demo crew member liked the new member first: it's a match
    await page.waitForURL((url) => url.pathname === '/match' && url.searchParams.get('user') === card.firstName && !!url.searchParams.get('matchId'));
    const matchId = new URL(page.url()).searchParams.get('matchId')!;
    await expectVisible(page.getByRole('heading', { name: "It's a Match!" }));
    await expectVisible(page.getByText(`You and ${card.firstName} like each other.`));
    await expectVisible(page.getByRole('img', { name: `${card.firstName}'s photo` }));
    await expectVisible(page.getByRole('img', { name: 'Your photo' }));
    // the screen is a moment: once left for the deck, Back does not show it again
    await button(page, 'Keep Matching').click();
    await page.waitForURL(`${app.url}/swipe`);
    await page.goBack();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).not.toBe('/match');
    expect(await page.getByRole('heading', { name: "It's a Match!" }).count()).toBe(0);
    await page.goto(`/match?user=${encodeURIComponent(card.firstName)}&matchId=${matchId}`);
    await expectVisible(page.getByRole('img', { name: `${card.firstName}'s photo` }));
    await settle(page);
    await screenshot(page, 'discovery-match');
    const matches = (await nova.api.get('/api/matches')).body as { id: string; otherUser: { id: string } }[];
    expect(matches.map((m) => [m.id, m.otherUser.id])).toEqual([[matchId, card.id]]);

    // (the screen leaves for /swipe by itself 4 s after it showed: the screenshot's accessibility
    // check may take that long on a loaded machine, so the button is pressed on a fresh showing)
    await page.goto(`/match?user=${encodeURIComponent(card.firstName)}&matchId=${matchId}`);
    await button(page, 'Send Message').click();
    await page.waitForURL(`${app.url}/messages?matchId=${matchId}`);

    // My Profile counts the match
    await page.getByRole('link', { name: 'Profile' }).click();
    const stats = page.getByRole('region', { name: 'Stats' });
    await expectVisible(stats);
    await expectVisible(stats.getByText('Matches'));
    expect(await stats.locator('dd').allTextContents()).toEqual(['1', '0', '0']);

    // the match screen goes back to /swipe by itself after 4 s
    const shown = Date.now();
    await page.goto(`/match?user=${encodeURIComponent(card.firstName)}&matchId=${matchId}`);
    await expectVisible(page.getByRole('heading', { name: "It's a Match!" }));
    await page.waitForURL(`${app.url}/swipe`, { timeout: 10_000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(3_500);
    await expectVisible(topCard(page));
    expect(await topCardId(page)).not.toBe(card.id);

    // a member at the keyboard is given the time they need: a key pressed keeps the screen until they choose
    await page.goto(`/match?matchId=${matchId}`);
    await expectVisible(page.getByRole('heading', { name: "It's a Match!" }));
    await page.keyboard.press('Tab');
    await page.waitForTimeout(5_000);
    expect(new URL(page.url()).pathname).toBe('/match');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep Matching');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/swipe`);

    // 'Keep Matching' goes back to the deck at once
    await page.goto(`/match?matchId=${matchId}`);
    await expectVisible(page.getByText(`You and ${card.firstName} like each other.`));
    await button(page, 'Keep Matching').click();
    await page.waitForURL(`${app.url}/swipe`);

    // a phone on its side: the card keeps a height its photo shows in (the screen scrolls), and
    // the match screen's photos stay above its heading
    await page.setViewportSize({ width: 844, height: 390 });
    try {
      await expectVisible(topCard(page));
      expect((await topCard(page).boundingBox())!.height).toBeGreaterThanOrEqual(300);
      await screenshot(page, 'discovery-deck-landscape');
      await page.goto(`/match?matchId=${matchId}`);
      const heading = page.getByRole('heading', { name: "It's a Match!" });
      await expectVisible(heading);
      // measured once the heading's pop (it grows past its size, then back) has ended
      await animationsEnded(page);
      const photo = (await page.getByRole('img', { name: 'Your photo' }).boundingBox())!;
      expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(photo.y + photo.height);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'discovery-match-landscape.png') });
      // the 404 page, scrolled to its foot, is not covered by the navigation (a rail at the window's
      // left edge in a short, wide window)
      await page.goto('/no/such/runway');
      const home = page.getByRole('link', { name: 'Back to home' });
      await expectVisible(home);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [foot, nav] = [(await home.boundingBox())!, (await mainNav(page).boundingBox())!];
      const apart = foot.y + foot.height <= nav.y || foot.x >= nav.x + nav.width || foot.x + foot.width <= nav.x;
      expect({ foot, nav, apart }).toMatchObject({ apart: true });
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it("the match screen's top edge is its gradient: no thin white bar at the top left", async () => {
    const iris = { ...(await member('Iris', { gender: 'female', interestedIn: 'man' })), firstName: 'Iris' };
    const owen = { ...(await member('Owen', { gender: 'male', interestedIn: 'woman' })), firstName: 'Owen' };
    const matchId = await matchMembers(iris, owen);
    const { email } = iris;
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto(`/match?user=Owen&matchId=${matchId}`);
    await expectVisible(page.getByRole('heading', { name: "It's a Match!" }));
    // at the start and half way through its 4 s: the top 6 px of the left half hold no light pixel
    for (const at of ['start', 'half way']) {
      if (at === 'half way') await page.waitForTimeout(1_600);
      const strip = await page.screenshot({ clip: { x: 0, y: 0, width: 195, height: 6 } });
      const { data, info } = await sharp(strip).raw().toBuffer({ resolveWithObject: true });
      let light = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 120 && data[i + 1]! > 120 && data[i + 2]! > 120) light++;
      expect({ at, light }).toEqual({ at, light: 0 });
    }
    await screenshot(page, 'discovery-match-top');
  });

  it('the filter dialog changes the deck, Clear brings everyone back, and an empty deck offers View Messages', async () => {
    const iris = await member('Iris', { gender: 'female', interestedIn: 'man' });
    await deckOf(iris.api);
    await openSwipe(page, iris.email);

    // from the keyboard: Escape closes it and gives focus back to the button that opened it
    await button(page, 'Filters').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expectVisible(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Filters', 5_000, 'focus back on Filters');

    await button(page, 'Filters').click();
    await expectVisible(dialog);
    expect(await dialog.getByLabel('Minimum age').getAttribute('placeholder')).toBe('18');
    expect(await dialog.getByLabel('Maximum age').getAttribute('placeholder')).toBe('65');
    for (const airline of ['American Airlines', 'Delta Air Lines', 'JetBlue', 'Frontier Airlines']) await expectVisible(dialog.getByRole('checkbox', { name: airline }));
    for (const position of ['Pilot', 'Customer Service', 'Operations', 'Management']) await expectVisible(dialog.getByRole('checkbox', { name: position }));
    // who to show, in the plural ('Show Me: Men', not 'Male')
    for (const shown of ['Men', 'Women', 'Everyone']) await expectVisible(dialog.getByRole('radio', { name: shown }));
    await settle(page);
    await screenshot(page, 'discovery-filters');

    await dialog.getByLabel('Minimum age').fill('50');
    await dialog.getByLabel('Maximum age').fill('40');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expectVisible(dialog.getByText('Minimum age must be less than or equal to maximum age'));
    await screenshot(page, 'discovery-filters-invalid');

    // ages 45 to 60: every card is in range, and the filter is saved
    await dialog.getByLabel('Minimum age').fill('45');
    await dialog.getByLabel('Maximum age').fill('60');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expectVisible(button(page, 'Filters (on)'));
    expect((await iris.api.post('/api/users/filter-preferences/load')).body).toMatchObject({ minAge: 45, maxAge: 60, gender: 'everyone' });
    await expectVisible(topCard(page));
    for (let i = 0; i < 3; i++) {
      const label = (await topCard(page).getAttribute('aria-label'))!;
      expect(Number(label.split(', ').pop())).toBeGreaterThanOrEqual(45);
      const id = await topCardId(page);
      await press(page, 'Pass');
      await waitForNewTopCard(page, id);
    }

    // only women (Iris is interested in men): nobody left, and 'View Messages'
    await button(page, 'Filters (on)').click();
    await dialog.getByRole('radio', { name: 'Women' }).check();
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expectVisible(page.getByRole('heading', { name: 'No more profiles' }));
    await settle(page);
    await screenshot(page, 'discovery-empty');

    // Clear: everyone again, from the first card
    await button(page, 'Change Filters').click();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expectVisible(topCard(page));
    await expectVisible(button(page, 'Filters'));
    expect((await iris.api.post('/api/users/filter-preferences/load')).body).toEqual({ minAge: null, maxAge: null, airlines: [], positions: [], baseAirports: [], gender: 'everyone' });

    // a cold start on /swipe whose first deck (asked for at start-up) arrives before the screen's
    // code: the screen shows that deck in its first render, with no second call, and a change of
    // filters afterwards asks again; and the splash gives way to the screen itself, with no loading
    // state in between. (No service worker: the screen's code is held back until the deck has
    // arrived.)
    await coldSwipe(async (coldPage) => {
      const deckCalls: string[] = [];
      coldPage.on('request', (request) => void (isDeckCall(request) && deckCalls.push(request.url())));
      await holdScreenCodeUntilDeck(coldPage);
      await coldPage.addInitScript(() => {
        const shown: string[] = [];
        (window as unknown as { loadingShown: string[] }).loadingShown = shown;
        new MutationObserver(() => {
          const loading = document.querySelector('#root [role="status"]');
          if (loading && !shown.includes(loading.outerHTML)) shown.push(loading.outerHTML);
        }).observe(document, { subtree: true, childList: true });
      });
      await coldPage.goto('/swipe');
      await expectVisible(topCard(coldPage));
      await expectVisible(button(coldPage, 'Filters'));
      await settle(coldPage); // the screen's effects have run: a second call would have left
      expect(deckCalls).toHaveLength(1);
      expect(await coldPage.evaluate(() => (window as unknown as { loadingShown: string[] }).loadingShown)).toEqual([]);
      // a change of filters after such a start asks again
      await button(coldPage, 'Filters').click();
      await coldPage.getByRole('dialog', { name: 'Filters' }).getByRole('radio', { name: 'Women' }).check();
      await coldPage.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Apply Filters' }).click();
      await expectVisible(coldPage.getByRole('heading', { name: 'No more profiles' }));
      expect(deckCalls).toHaveLength(2);
    });

    await button(page, 'Filters').click();
    await dialog.getByRole('radio', { name: 'Women' }).check();
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expectVisible(page.getByRole('heading', { name: 'No more profiles' }));
    // no distance preference: nothing to widen
    expect(await button(page, 'Widen Distance').count()).toBe(0);

    // with one, the empty deck says so and opens the profile's edit form to widen it
    const me = (await iris.api.get('/api/users/me')).body as { id: string };
    expect((await iris.api.patch(`/api/users/${me.id}`, { distancePreference: 50 })).status).toBe(200);
    await page.reload();
    await expectVisible(page.getByText('No one new within your distance preference. Widen it to see more crew.'));
    await button(page, 'Widen Distance').click();
    await page.waitForURL(`${app.url}/profile`);
    await expectVisible(page.getByRole('heading', { name: 'Edit Profile' }));
    await expectVisible(page.getByLabel('Distance Preference'));
    await page.goBack();
    await button(page, 'View Messages').click();
    await page.waitForURL(`${app.url}/messages`);
  });

  /** The demo crew members who liked the member (their like notifications; three welcome likes). */
  async function likersOf(api: ApiClient): Promise<Set<string>> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const notes = (await api.get('/api/notifications')).body as { type: string; data?: { fromUserId?: string } }[];
      const likers = new Set(notes.filter((n) => n.type === 'like' && n.data?.fromUserId).map((n) => n.data!.fromUserId!));
      if (likers.size >= 3 || Date.now() > deadline) return likers;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  it('undo brings the last card back; super like, boost, the photo viewer and the zoom overlay', async () => {
    const ada = await member('Ada', { gender: 'female', interestedIn: 'man' });
    await deckOf(ada.api);
    const likers = await likersOf(ada.api);
    await openSwipe(page, ada.email);

    // pass by dragging left, then undo: the same card is back on top
    const first = await topCardId(page);
    await drag(page, topCard(page), -220);
    await waitForNewTopCard(page, first);
    // the card flies off, and is gone once out of sight
    await page.waitForFunction(() => !document.querySelector('[data-leaving]'));
    // with the keyboard: the focus stays on Undo while it works and after (it is not dropped to the page's start)
    await button(page, 'Undo').focus();
    await page.keyboard.press('Enter');
    await expectVisible(toasts(page).getByText('Last action undone'));
    await page.waitForFunction((id) => document.querySelector('[data-card-id]')?.getAttribute('data-card-id') === id, first);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Undo');
    await settle(page);
    await screenshot(page, 'discovery-undone');
    // the server agrees: the card is in the deck again
    expect(((await ada.api.get('/api/discovery')).body as Card[]).some((c) => c.id === first)).toBe(true);

    // a short drag springs back: same card. Held, the card follows the finger and shows the like
    // stamp; let go, it comes back to rest and the stamp fades
    await drag(page, topCard(page), 30, { release: false });
    const held = await cardMotion(page);
    // (the drag counts from past its few px of tap slop)
    expect(held.x).toBeGreaterThan(20);
    expect(held.likeStamp).toBeGreaterThan(0);
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('[data-card-id]')!.getAnimations({ subtree: true }).length === 0);
    expect(await cardMotion(page)).toEqual({ x: 0, likeStamp: 0 });
    expect(await topCardId(page)).toBe(first);
    // a member who asks for less motion: the card is back at rest as it is let go
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await drag(page, topCard(page), 30);
    expect(await cardMotion(page)).toEqual({ x: 0, likeStamp: 0 });
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // nothing left to undo after undoing: said once, then Undo waits for the next swipe
    await button(page, 'Undo').click();
    await expectVisible(toasts(page).getByText('Undo failed'));
    await expectVisible(toasts(page).getByText('No action to undo'));
    await page.waitForFunction(() => document.querySelector('button[aria-label="Undo"]')?.getAttribute('aria-disabled') === 'true');
    await screenshot(page, 'discovery-nothing-to-undo');

    // a double tap on Undo after one swipe: one undo, no 'Undo failed'
    const undoCalls: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/undo-swipe' && undoCalls.push(r.method()));
    const again = await topCardId(page);
    await press(page, 'Pass');
    await waitForNewTopCard(page, again);
    await toasts(page).getByText('Undo failed').waitFor({ state: 'detached', timeout: 10_000 });
    await button(page, 'Undo').dblclick();
    await expectVisible(toasts(page).getByText('Last action undone'));
    await page.waitForFunction((id) => document.querySelector('[data-card-id]')?.getAttribute('data-card-id') === id, again);
    await page.waitForFunction(() => document.querySelector('button[aria-label="Undo"]')?.getAttribute('aria-disabled') === 'false');
    await settle(page);
    expect(undoCalls).toEqual(['POST']);
    expect(await toasts(page).getByText('Undo failed').count()).toBe(0);

    // pass (with the button) the crew members who liked Ada, so what follows makes no match
    while (likers.has((await topCardId(page))!)) {
      const id = await topCardId(page);
      await press(page, 'Pass');
      await waitForNewTopCard(page, id);
    }
    const plain = await topCardId(page);

    // tap: the full-screen photo viewer
    const name = (await topCard(page).getAttribute('aria-label'))!.split(', ')[0];
    await cardReady(page);
    const box = (await topCard(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    const viewer = page.getByRole('dialog', { name: `Photos of ${name}` });
    await expectVisible(viewer);
    await expectVisible(viewer.getByRole('img', { name: new RegExp(`^${name}, photo 1 of`) }));
    await settle(page);
    await screenshot(page, 'discovery-photo-viewer');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'hidden' });

    // hold 500 ms: the zoom overlay
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.down();
    const zoom = page.getByRole('dialog', { name: `Zoomed photo of ${name}` });
    await expectVisible(zoom);
    await page.mouse.up();
    await settle(page);
    await screenshot(page, 'discovery-zoom');
    await zoom.getByRole('button', { name: 'Close' }).click();
    await zoom.waitFor({ state: 'hidden' });
    expect(await topCardId(page)).toBe(plain);

    // one super like a day
    await press(page, 'Super Like, 1 left');
    await expectVisible(toasts(page).getByText('Super Like sent!'));
    await waitForNewTopCard(page, plain);
    await expectVisible(button(page, 'Super Like, 0 left'));
    await press(page, 'Super Like, 0 left');
    await expectVisible(toasts(page).getByText('No super likes remaining'));
    await expectVisible(toasts(page).getByText("You've used all your super likes for today"));
    // and the server refuses a second one today as well
    const next = (await topCardId(page))!;
    expect((await ada.api.post('/api/super-like', { toUserId: next })).body).toMatchObject({ message: 'No super likes remaining' });

    // boost: the boosted state with its time left
    await button(page, 'Boost').click();
    await expectVisible(toasts(page).getByText('Boost activated!'));
    await expectVisible(toasts(page).getByText('Your profile will be shown to more people for 30 minutes'));
    await expectVisible(page.getByText('Boosted · 30 min left'));
    await expectVisible(button(page, 'Boost active, 30 min left'));
    await page.getByRole('button', { name: 'Close notification' }).click();
    await settle(page);
    await screenshot(page, 'discovery-boosted');
    // tapped again while it lasts: it says so, with the time left (no second boost asked for)
    await button(page, 'Boost active, 30 min left').click();
    await expectVisible(toasts(page).getByText('Your boost is already active'));
    await expectVisible(toasts(page).getByText('Boost active, 30 min left'));
    await page.getByRole('button', { name: 'Close notification' }).click();
    // on another device (this browser forgets it): the boost is found on when tapped, shown as on, not as a failure
    await page.evaluate(() => localStorage.removeItem('aero.discovery'));
    await page.reload();
    await button(page, 'Boost').click();
    // (by the server's clock: a minute may have gone by since it started, on a slow run)
    await expectVisible(toasts(page).getByText('Your boost is already active'));
    await expectVisible(toasts(page).getByText(/^Boost active, (29|30) min left$/));
    await expectVisible(page.getByText(/Boosted · (29|30) min left/));
    await expectVisible(page.getByRole('button', { name: /^Boost active, (29|30) min left$/ }));
    expect(await toasts(page).getByText('Boost failed').count()).toBe(0);
    await page.getByRole('button', { name: 'Close notification' }).click();

    // the same screen in the dark theme (the settings' default follows the system)
    await page.emulateMedia({ colorScheme: 'dark' });
    await settle(page);
    await screenshot(page, 'discovery-dark');
  });

  /** `shown`'s boost puts them first in `viewer`'s deck: the viewer opens their profile detail */
  async function openBoostedDetail(viewer: { api: ApiClient; email: string }, shown: { api: ApiClient; id: string }, name: string) {
    expect((await shown.api.post('/api/boost', { duration: 30 })).status).toBe(200);
    await deckOf(viewer.api);
    await openSwipe(page, viewer.email);
    expect(await topCardId(page)).toBe(shown.id);
    await button(page, `View ${name}'s profile`).click();
    const detail = page.getByRole('dialog', { name: new RegExp(`^${name}, 31`) });
    await expectVisible(detail);
    return detail;
  }

  /** how bright the screen is at each point as painted (0 black … 255 white) */
  async function brightnessAt(p: Page, points: { x: number; y: number }[]) {
    const shot = await p.screenshot({ scale: 'css' });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return points.map(({ x, y }) => {
      const i = (Math.round(y) * info.width + Math.round(x)) * 3;
      return Math.round((data[i] + data[i + 1] + data[i + 2]) / 3);
    });
  }
  const centre = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

  it('the photo viewer opened from the profile detail covers the whole screen, the detail and its Pass and Like included', async () => {
    const iris = await member('Iris', { gender: 'female', interestedIn: 'man' });
    await deckOf(iris.api);
    await openSwipe(page, iris.email);
    await cardReady(page);
    const name = (await topCard(page).getAttribute('aria-label'))!.split(', ')[0];
    await topCard(page).getByRole('button', { name: `View ${name}'s profile` }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(`^${name}, \\d+`) });
    await expectVisible(detail);
    await settle(page);
    // where the detail shows its (light) title bar and its Like button, outside the photo
    const title = centre((await detail.getByRole('heading', { level: 2 }).boundingBox())!);
    const like = centre((await detail.getByRole('button', { name: 'Like', exact: true }).boundingBox())!);
    const spots = [{ x: 8, y: title.y }, { x: like.x, y: like.y }];
    const photo = (await detail.getByRole('img', { name: new RegExp(`^${name}, photo 1 of`) }).boundingBox())!;
    await page.mouse.click(photo.x + photo.width / 2, photo.y + photo.height / 2);
    const viewer = page.getByRole('dialog', { name: `Photos of ${name}` });
    await expectVisible(viewer);
    await settle(page);
    await screenshot(page, 'discovery-viewer-over-detail');
    // the viewer's dark backdrop is painted there: nothing of the detail shows through
    for (const brightness of await brightnessAt(page, spots)) expect(brightness).toBeLessThan(40);
    // and a tap there is the viewer's
    const reached = await page.evaluate((points) => points.map(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="dialog"]')?.textContent?.includes('Photos of') ?? false), spots);
    expect(reached).toEqual([true, true]);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'hidden' });
    await expectVisible(detail);
  });

  it('a toast stands clear of the header’s buttons, the swipe buttons and the navigation', async () => {
    const kai = await member('Kai', { gender: 'male', interestedIn: 'woman' });
    await deckOf(kai.api);
    await openSwipe(page, kai.email);
    await button(page, 'Boost').click();
    const toast = toasts(page).locator('li').filter({ hasText: 'Boost activated!' });
    await expectVisible(toast);
    await settle(page);
    await screenshot(page, 'discovery-toast');
    await expectToastClearOf(page, toast, [
      page.getByRole('button', { name: /^Who viewed you/ }),
      button(page, 'Filters'),
      button(page, 'Pass'),
      button(page, 'Like'),
      mainNav(page),
    ]);
    // and the header's buttons work while it shows
    await button(page, 'Filters').click();
    await expectVisible(page.getByRole('dialog', { name: 'Filters' }));
  });

  it('a failing server is asked for more cards once per swipe, not in a loop; with no card left the deck says so and Try Again brings cards back', async () => {
    const vic = await member('Vic', { gender: 'male', interestedIn: 'woman' });
    await deckOf(vic.api);
    // the first deck holds two cards (few enough to ask for more at once); every later call fails
    let deckCalls = 0;
    let failing = true;
    await page.route(
      (url) => ['/api/discovery', '/api/discovery/filtered'].includes(url.pathname),
      async (route) => {
        deckCalls += 1;
        if (!failing) return route.continue();
        if (deckCalls > 1) return route.fulfill({ status: 503, json: { message: 'Service Unavailable' } });
        const response = await route.fetch();
        return route.fulfill({ response, json: ((await response.json()) as Card[]).slice(0, 2) });
      },
    );
    await openSwipe(page, vic.email);
    await eventually(() => deckCalls >= 2, 10_000, 'the refill');
    await page.waitForTimeout(1000);
    expect(deckCalls).toBe(2);
    await press(page, 'Pass');
    await eventually(() => deckCalls >= 3, 10_000, 'a refill after the swipe');
    await page.waitForTimeout(1000);
    expect(deckCalls).toBe(3);
    await press(page, 'Pass');
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load profiles.' });
    await expectVisible(failed);
    await page.waitForTimeout(1000);
    expect(deckCalls).toBe(4);
    await screenshot(page, 'discovery-refill-failed');
    failing = false;
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await expectVisible(topCard(page));
  });

  it('asks for more cards once while slow swipes are queued, however many cards are swiped meanwhile', async () => {
    const wes = await member('Wes', { gender: 'male', interestedIn: 'woman' });
    await deckOf(wes.api);
    // the first deck holds five cards; the passes wait until released (a slow connection)
    let deckCalls = 0;
    await page.route(
      (url) => ['/api/discovery', '/api/discovery/filtered'].includes(url.pathname),
      async (route) => {
        deckCalls += 1;
        if (deckCalls > 1) return route.continue();
        const response = await route.fetch();
        return route.fulfill({ response, json: ((await response.json()) as Card[]).slice(0, 5) });
      },
    );
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let passes = 0;
    await page.route(
      (url) => url.pathname === '/api/pass',
      async (route) => {
        passes += 1;
        await released;
        await route.continue();
      },
    );
    await openSwipe(page, wes.email);
    await expectVisible(topCard(page));
    expect(deckCalls).toBe(1);
    // three passes: the deck falls to two cards, past the point of asking for more, while the first pass waits
    for (let i = 0; i < 3; i++) await press(page, 'Pass');
    await eventually(() => passes >= 1, 10_000, 'the first pass sent');
    await page.waitForTimeout(500);
    expect(deckCalls).toBe(1);
    release();
    await eventually(() => passes === 3 && deckCalls >= 2, 15_000, 'the passes and the refill');
    await page.waitForTimeout(1500);
    expect(deckCalls).toBe(2);
  });

  it("the photo viewer's photos slide: 'Next photo' brings the second in, a swipe back past 50 px the first; the counter follows", async () => {
    const tess = await member('Tess', { gender: 'female', interestedIn: 'man' }, { r: 200, g: 80, b: 60 }, 2);
    const uma = await member('Uma', { gender: 'male', interestedIn: 'woman' });
    expect((await tess.api.post('/api/boost', { duration: 30 })).status).toBe(200);
    await deckOf(uma.api);
    await openSwipe(page, uma.email);
    expect(await topCardId(page)).toBe(tess.id);
    await cardReady(page);
    const box = (await topCard(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    const viewer = page.getByRole('dialog', { name: 'Photos of Tess' });
    await expectVisible(viewer);
    /** which photo (1-based) stands in the viewer, once it has stopped moving */
    const shownPhoto = async () => {
      await page.waitForFunction(() => [...document.querySelectorAll('[role="dialog"]')].every((d) => d.getAnimations({ subtree: true }).length === 0));
      const lefts = await viewer.locator('img').evaluateAll((imgs) => imgs.map((img) => Math.round(img.getBoundingClientRect().left)));
      return lefts.indexOf(0) + 1;
    };
    expect(await shownPhoto()).toBe(1);
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expectVisible(viewer.getByText('2 / 2'));
    expect(await shownPhoto()).toBe(2);
    const middle = (await viewer.boundingBox())!;
    await page.mouse.move(middle.x + middle.width / 2 - 60, middle.y + middle.height / 2);
    await page.mouse.down();
    await page.mouse.move(middle.x + middle.width / 2 + 60, middle.y + middle.height / 2, { steps: 8 });
    await page.mouse.up();
    await expectVisible(viewer.getByText('1 / 2'));
    expect(await shownPhoto()).toBe(1);
  });

  it('the photo dots of the profile detail read on a white photo: the current one and the others', async () => {
    const wren = await member('Wren', { gender: 'male', interestedIn: 'woman' }, { r: 255, g: 255, b: 255 }, 2);
    const skye = await member('Skye', { gender: 'female', interestedIn: 'man' });
    const detail = await openBoostedDetail(skye, wren, 'Wren');
    await settle(page);
    await screenshot(page, 'discovery-detail-dots-on-white');
    const dots = await detail.locator('[data-active]').evaluateAll((els) => els.map((el) => ({ active: el.getAttribute('data-active') === 'true', box: el.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number } })));
    expect(dots.map((d) => d.active)).toEqual([true, false]);
    // each dot stands apart from the white photo: its middle (the others) or the ring just outside
    // it (the current one, white itself) is clearly darker than the photo
    const [active, other] = dots.map((d) => d.box);
    const [ringAbove, ringBelow, otherMiddle] = await brightnessAt(page, [
      { x: active.x + active.width / 2, y: active.y - 1 },
      { x: active.x + active.width / 2, y: active.y + active.height + 0.5 },
      centre(other),
    ]);
    expect(Math.min(ringAbove, ringBelow)).toBeLessThan(200);
    expect(otherMiddle).toBeLessThan(200);
  });

  /** `first` likes `of` (once her profile reached discovery) and boosts, which puts him on top of her deck; her deck is ready */
  async function likedFirstAndBoosted(of: { id: string; api: ApiClient }, first: { api: ApiClient }, firstName: string) {
    await eventually(async () => (await first.api.patch('/api/likes', { toUserId: of.id, isSuper: false })).status === 200, 10_000, `${firstName}'s like`);
    expect((await first.api.post('/api/boost', { duration: 30 })).status).toBe(200);
    await deckOf(of.api);
  }

  it('a double tap on Like or Pass decides one card, not the unseen one after it; a like back still shows the match', async () => {
    const nina = await member('Nina', { gender: 'female', interestedIn: 'man' });
    const omar = await member('Omar', { gender: 'male', interestedIn: 'woman' }, { r: 40, g: 160, b: 120 });
    await likedFirstAndBoosted(nina, omar, 'Omar');
    const calls: string[] = [];
    page.on('request', (r) => ['/api/likes', '/api/pass'].includes(new URL(r.url()).pathname) && calls.push(`${r.method()} ${new URL(r.url()).pathname} ${(JSON.parse(r.postData() ?? '{}') as { toUserId?: string }).toUserId}`));
    await openSwipe(page, nina.email);
    expect(await topCardId(page)).toBe(omar.id);

    // Like, twice in a double tap's time: one like, Omar's, and their match's screen
    await button(page, 'Like').dblclick();
    await page.waitForURL((url) => url.pathname === '/match');
    await expectVisible(page.getByText('You and Omar like each other.'));
    await page.waitForTimeout(Limits.doubleTapMs + 200);
    expect(calls).toEqual([`PATCH /api/likes ${omar.id}`]);

    // Pass, twice likewise: the top card goes, and only it
    await page.goto('/swipe');
    await expectVisible(topCard(page));
    const first = await topCardId(page);
    await button(page, 'Pass').dblclick();
    await waitForNewTopCard(page, first);
    await page.waitForTimeout(Limits.doubleTapMs + 200);
    expect(calls.slice(1)).toEqual([`POST /api/pass ${first}`]);
    // the next press, once the card under it was seen, decides that card
    const next = await topCardId(page);
    await press(page, 'Pass');
    await waitForNewTopCard(page, next);
    await eventually(async () => calls.length === 3, 5_000, 'the second pass');
    expect(calls[2]).toBe(`POST /api/pass ${next}`);
  });

  it('the arrow keys decide the top card: ← passes, → likes (a like back shows the match); not under a dialog, nor held down, and ↑ spends no super like', async () => {
    const pia = await member('Pia', { gender: 'female', interestedIn: 'man' });
    const quinn = await member('Quinn', { gender: 'male', interestedIn: 'woman' }, { r: 200, g: 60, b: 90 });
    await likedFirstAndBoosted(pia, quinn, 'Quinn');
    const calls: string[] = [];
    page.on('request', (r) => ['/api/likes', '/api/super-like', '/api/pass'].includes(new URL(r.url()).pathname) && calls.push(`${new URL(r.url()).pathname} ${r.postData() ?? ''}`));
    await openSwipe(page, pia.email);
    expect(await topCardId(page)).toBe(quinn.id);
    expect(await button(page, 'Like').getAttribute('aria-keyshortcuts')).toBe('ArrowRight');

    // under the filter dialog an arrow is the dialog's: nothing is decided
    await button(page, 'Filters').click();
    await expectVisible(page.getByRole('dialog', { name: 'Filters' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await topCardId(page)).toBe(quinn.id);

    // → likes Quinn, who liked first: the match
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.pathname === '/match');
    await expectVisible(page.getByText('You and Quinn like each other.'));
    expect(calls).toEqual([`/api/likes ${JSON.stringify({ toUserId: quinn.id, isSuper: false })}`]);

    // ← passes the top card, and a key held down passes only it (its repeat comes after the
    // double tap's guard: the key's own check holds it)
    await page.goto('/swipe');
    await expectVisible(topCard(page));
    const first = await topCardId(page);
    await page.keyboard.down('ArrowLeft');
    await page.waitForTimeout(Limits.doubleTapMs + 200);
    await page.keyboard.down('ArrowLeft'); // (the key's repeat)
    await page.keyboard.up('ArrowLeft');
    await waitForNewTopCard(page, first);
    await page.waitForTimeout(Limits.doubleTapMs + 200);
    expect(calls.slice(1)).toEqual([`/api/pass ${JSON.stringify({ toUserId: first })}`]);

    // ↑ is the page's (it scrolls a short window): no super like is spent by it
    const next = await topCardId(page);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(Limits.doubleTapMs + 200);
    expect(await topCardId(page)).toBe(next);
    expect(calls).toHaveLength(2);
  });

  it('the profile detail records a view, a double tap likes, and the viewed member finds the view under who viewed me', async () => {
    const theo = await member('Theo', { gender: 'male', interestedIn: 'woman' }, { r: 220, g: 120, b: 40 });
    const lena = await member('Lena', { gender: 'female', interestedIn: 'man' }, { r: 120, g: 40, b: 160 });
    const detail = await openBoostedDetail(lena, theo, 'Theo');
    await expectVisible(detail.getByText('A320 first officer, coffee before every pushback.'));
    await expectVisible(detail.getByText('Pilot at Delta Air Lines'));
    await settle(page);
    await screenshot(page, 'discovery-profile-detail');
    await detail.getByRole('button', { name: 'Close profile' }).click();
    await detail.waitFor({ state: 'hidden' });

    // a double tap likes Theo (no match: he has not liked Lena), and Theo hears of it
    await cardReady(page);
    const box = (await topCard(page).boundingBox())!;
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 3);
    await waitForNewTopCard(page, theo.id);
    expect(page.url()).toBe(`${app.url}/swipe`);
    const likes = await eventually(async () => {
      const notes = (await theo.api.get('/api/notifications')).body as { type: string; title: string; data?: { fromUserId?: string } }[];
      return notes.filter((n) => n.type === 'like' && n.data?.fromUserId === lena.id).length ? notes : undefined;
    }, 10_000, "Theo's like notification");
    expect(likes.some((n) => n.title === 'Lena liked you')).toBe(true);

    // Theo sees Lena in who viewed me
    const views = (await theo.api.get('/api/profile-views')).body as { viewer: { id: string } }[];
    expect(views.map((v) => v.viewer.id)).toEqual([lena.id]);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${app.url}/`);
    await openSwipe(page, theo.email);
    await button(page, 'Who viewed you: 1').click();
    const viewers = page.getByRole('dialog', { name: 'Who Viewed You' });
    await expectVisible(viewers.getByText('Lena, 31'));
    await expectVisible(viewers.getByText('Just now'));
    await settle(page);
    await screenshot(page, 'discovery-who-viewed-me');

    // a page opened on /swipe draws its first card before the card's motion: the gestures' code is
    // asked for once the top card's photo is in (the first screen has settled; the photos are held
    // back 1.5 s here), then the card moves (no service worker: its precache would fetch the code)
    await coldSwipe(async (cold) => {
      await cold.route(/\/api\/photos\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      // the first render shows the first deck (as on a phone, where the deck arrives before the
      // app's code), not a loading card that would settle before there is a photo to wait for
      await holdScreenCodeUntilDeck(cold);
      await cold.goto('/swipe');
      await expectVisible(topCard(cold));
      await cardReady(cold);
      // the page's own clock: when the first photo had arrived, when the motion's code was asked for
      const seen = await cold.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const photos = entries.filter((e) => /\/(api|objects)\/photos\//.test(e.name));
        const motion = entries.find((e) => /\/assets\/card-motion-[^/]+\.js$/.test(e.name));
        return { photoIn: photos.length ? Math.min(...photos.map((e) => e.responseEnd)) : null, motionAsked: motion?.startTime ?? null };
      });
      expect(seen.photoIn).not.toBeNull();
      expect(seen.motionAsked).toBeGreaterThanOrEqual(seen.photoIn!);
    });

    // the motion's code arriving while a finger is on the card's info button: the press still
    // opens the profile (the motion attaches once the press has ended)
    await coldSwipe(async (cold) => {
      const release = await holdMotion(cold);
      const asked = cold.waitForRequest((request) => isMotion(request.url()));
      await cold.goto('/swipe');
      await expectVisible(topCard(cold));
      await asked;
      const info = topCard(cold).getByRole('button', { name: /^View .+'s profile$/ });
      const box = (await info.boundingBox())!;
      await cold.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await cold.mouse.down();
      const arrived = cold.waitForEvent('requestfinished', (request) => isMotion(request.url()));
      release();
      await arrived;
      await cold.waitForTimeout(300);
      await cold.mouse.up();
      await expectVisible(cold.getByRole('dialog', { name: /, \d+/ }));
      await cardReady(cold);
    });

    // a drag made before the motion's code is in (a member swiping the moment the deck appears):
    // the card does not follow the finger, but the release past the swipe distance still likes
    await coldSwipe(async (cold) => {
      const release = await holdMotion(cold);
      await cold.goto('/swipe');
      await expectVisible(topCard(cold));
      const top = await topCardId(cold);
      const liked = cold.waitForRequest((request) => new URL(request.url()).pathname === '/api/likes' && request.method() === 'PATCH');
      const box = (await topCard(cold).boundingBox())!;
      await cold.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await cold.mouse.down();
      await cold.mouse.move(box.x + box.width / 2 + 220, box.y + box.height / 2 + 20, { steps: 12 });
      await cold.mouse.up();
      expect((await liked).postDataJSON()).toMatchObject({ toUserId: top });
      release();
      // the card is gone: another on top, or the match screen if that one had liked the member
      await cold.waitForFunction((id) => location.pathname === '/match' || document.querySelector('[data-card-id]')?.getAttribute('data-card-id') !== id, top);
    });

    // the motion's code cannot be fetched: the cards stay still, the screen and its buttons work
    await coldSwipe(async (cold) => {
      await cold.route((url) => isMotion(url.href), (route) => route.abort());
      await cold.goto('/swipe');
      await expectVisible(topCard(cold));
      const top = await topCardId(cold);
      await press(cold, 'Pass');
      await waitForNewTopCard(cold, top);
      await cold.waitForTimeout(3500); // past the first screen's settling, when the motion is asked for
      expect(await cold.getByText('This screen could not be loaded').count()).toBe(0);
      await press(cold, 'Pass');
      await expectVisible(topCard(cold));
    });
  });
});
