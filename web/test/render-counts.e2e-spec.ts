import type { Locator, Page } from 'playwright-core';
import type { RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, mainNav, newMember, signIn, uniqueEmail, usePhoneApp } from './browser';

// Issue 11 (Total Blocking Time): after My Profile shows, each render of its view is work on a
// phone's main thread. A load asks the current user, the matches and the verification status (and
// the real-time connection's resync asks them again once it has authenticated): their fetching
// states, and answers that bring the same data, change nothing the page shows and must not render
// it again. Counted in the built app through React's DevTools hook (the one a browser extension
// uses): the renders of the component that owns the Stats region, from its first.

/** Installed before the app: counts, per component type, the renders each commit holds. */
function countRenders() {
  const renders = new Map<unknown, number>();
  const seen = new WeakSet<object>();
  type Fiber = { tag: number; type: unknown; flags: number; memoizedState: unknown; memoizedProps: unknown; child: Fiber | null; sibling: Fiber | null };
  const walk = (fiber: Fiber | null) => {
    for (let f = fiber; f; f = f.sibling) {
      // a function component that performed work in this commit: its hooks' list (or its props) is new
      const marker = (f.memoizedState ?? f.memoizedProps) as object | null;
      // function components, and memo ones without a comparison (SimpleMemoComponent: their own fiber)
      if ((f.tag === 0 || f.tag === 15) && f.flags & 1 && marker && typeof marker === 'object' && !seen.has(marker)) {
        seen.add(marker);
        renders.set(f.type, (renders.get(f.type) ?? 0) + 1);
      }
      walk(f.child);
    }
  };
  const w = window as unknown as Record<string, unknown>;
  w.__renders = renders;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    setStrictMode: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current.child),
  };
}

/**
 * How many times the nearest function component above `selector`'s element has rendered (with
 * `memo`, a memo one too: counted for all the components of its type).
 */
const rendersOfOwner = (page: Page, selector: string, memo = false) =>
  page.evaluate(
    ([sel, withMemo]) => {
      type Fiber = { tag: number; type: unknown; return: Fiber | null };
      const el = document.querySelector(sel) as unknown as Record<string, Fiber> | null;
      const key = el && Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
      let f: Fiber | null = key ? el[key] : null;
      while (f && f.tag !== 0 && !(withMemo && f.tag === 15)) f = f.return;
      return f ? ((window as unknown as { __renders: Map<unknown, number> }).__renders.get(f.type) ?? 0) : -1;
    },
    [selector, memo] as const,
  );

/**
 * How many times RealtimeToasts rendered: of the two renderless components the session provider
 * puts before the screens (SocketLifecycle, RealtimeToasts: app/providers.tsx), the second.
 */
const rendersOfRealtimeToasts = (page: Page) =>
  page.evaluate(() => {
    type Fiber = { tag: number; type: unknown; return: Fiber | null; child: Fiber | null; sibling: Fiber | null };
    const el = document.querySelector('nav') as unknown as Record<string, Fiber> | null;
    const key = el && Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
    const renderless = (f: Fiber | null) => f?.tag === 0 && f.child === null;
    for (let f: Fiber | null = key ? el[key] : null; f; f = f.return) {
      if (renderless(f.child) && renderless(f.child!.sibling) && f.child!.sibling!.sibling) {
        return (window as unknown as { __renders: Map<unknown, number> }).__renders.get(f.child!.sibling!.type) ?? 0;
      }
    }
    return -1;
  });

describe('renders while a screen loads (browser)', () => {
  const password = 'Quiet-Render-11';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  /**
   * A member with a complete profile signs in, then loads `path` afresh on a phone's CPU (as
   * Lighthouse's mobile run), counting renders: until `shown` shows, and 6 s more (the first
   * screen settles, the real-time connection opens and its resync asks the calls again).
   */
  async function loadSignedIn(path: string, shown: () => Locator) {
    const email = uniqueEmail('renders');
    await airlineMember(app.url, email, password);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.context().addInitScript(countRenders);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path);
    await expectVisible(shown());
    await page.waitForTimeout(6_000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }

  it('renders My Profile again only when what it shows changes, not for its calls’ fetching states or the resync', async () => {
    await loadSignedIn('/profile', () => page.getByRole('region', { name: 'Stats' }));
    // its first render, and at most one for the matches (the stats' counts) arriving after it
    expect(await rendersOfOwner(page, '[aria-label="Stats"]')).toBeGreaterThan(0);
    expect(await rendersOfOwner(page, '[aria-label="Stats"]')).toBeLessThanOrEqual(2);
  });

  it('renders the faces of the top card and the card behind it once each, and the connection’s toasts not for each status and presence change, while /swipe loads', async () => {
    await loadSignedIn('/swipe', () => page.getByRole('group').first());
    // a card behind the top one (the deck has more than one card)
    expect(await page.locator('[aria-hidden="true"] ~ [data-card-id]').count()).toBe(1);
    // the connection's toasts: once, for their first render; not for each status and presence change (3 times without)
    expect(await rendersOfRealtimeToasts(page)).toBe(1);
    // CardFace, for both cards together: 2 (9 without memo: the stack's renders as the screen settles)
    expect(await rendersOfOwner(page, '[data-card-id] h2', true)).toBe(2);
  });

  it('renders the badges, not the swipe screen nor the whole navigation, when a view and a like come in', async () => {
    const email = uniqueEmail('renders');
    const me = await airlineMember(app.url, email, password);
    const myId = (await me.get('/api/users/me')).body.id as string;
    const admirer = await newMember(app.url, password, 'Ben', { gender: 'male', interestedIn: 'woman' });
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.context().addInitScript(countRenders);
    await page.goto('/swipe');
    await expectVisible(page.getByRole('group').first());
    await expectVisible(page.getByRole('button', { name: /^Who viewed you: \d+$/ }));
    // the connection is up (it opens once the first screen has settled): the pushes reach the page
    await page.waitForTimeout(3_000);
    const screenBefore = await rendersOfOwner(page, 'h1');
    const navBefore = await rendersOfOwner(page, 'nav[aria-label="Main navigation"]');
    expect(screenBefore).toBeGreaterThan(0);
    expect(navBefore).toBeGreaterThan(0);

    // a member views the profile and likes it: the push brings both badges' new counts
    expect((await admirer.api.post('/api/profile-views', { viewedUserId: myId })).status).toBeLessThan(300);
    expect((await admirer.api.patch('/api/likes', { toUserId: myId, isSuper: false })).status).toBeLessThan(300);
    await expectVisible(page.getByRole('button', { name: /^Who viewed you: [1-9]/ }));
    await expectVisible(mainNav(page).getByRole('link', { name: /^Activity \d+ unread/ }));
    await page.waitForTimeout(1_000);
    expect(await rendersOfOwner(page, 'h1')).toBe(screenBefore);
    expect(await rendersOfOwner(page, 'nav[aria-label="Main navigation"]')).toBe(navBefore);
  });
});
