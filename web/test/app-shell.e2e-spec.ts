import type { Page } from 'playwright-core';
import { eventually, type RunningProcess } from '@aero/testing';
import { airlineMember, cspViolationsOf, expectVisible, screenshot, signIn, uniqueEmail, usePhoneApp } from './browser';

// The app shell in a phone-sized Chromium against the real built product (gateway + web/dist).
describe('web app shell (browser)', () => {
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  it('shows the login screen at / when signed out', async () => {
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await expectVisible(page.getByLabel('Email'));
    await expectVisible(page.getByLabel('Password'));
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await screenshot(page, 'shell-root-signed-out');
  });

  it('draws the splash (the brand on the hero colours) from the HTML alone, which the first screen replaces', async () => {
    // before any script runs: what index.html shows by itself
    const noScript = await page.context().browser()!.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto('/swipe');
      const splash = bare.locator('.boot-splash');
      await expectVisible(splash.getByText('AeroMatch', { exact: true }));
      expect(await splash.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^linear-gradient/);
    } finally {
      await noScript.close();
    }
    // with the app running, the first screen takes its place
    await page.goto('/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await page.locator('.boot-splash').count()).toBe(0);
  });

  it('runs under a Content-Security-Policy that blocks injected inline script (and the suite sees violations)', async () => {
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    const violations = cspViolationsOf(page.context());
    for (let i = 0; i < 50 && violations.length === 0; i++) await page.waitForTimeout(50);
    expect(violations.join('\n')).toMatch(/script-src/);
    // this violation was the test's own doing: the suite's check after each test must not see it
    violations.length = 0;
  });

  it('says so, with a reload, when a screen’s code cannot be fetched (offline, replaced by a release), instead of a blank page', async () => {
    const context = await page.context().browser()!.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const cut = await context.newPage();
      let failing = true;
      await cut.route(/\/assets\/account-screens-[^/]+\.js$/, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
      await cut.goto('/auth');
      const alert = cut.getByRole('alert').filter({ hasText: 'This screen could not be loaded. Check your connection.' });
      await expectVisible(alert);
      expect(await cut.locator('.boot-splash').count()).toBe(0);
      failing = false;
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await expectVisible(cut.getByRole('button', { name: 'Sign In', exact: true }));
    } finally {
      await context.close();
    }
  });

  it('connects in real time when the connection’s code failed to load at first: it is asked for again', async () => {
    const email = uniqueEmail('remy');
    const password = 'Holding-Short-12';
    await airlineMember(app.url, email, password, 'Remy');
    // no service worker: its precache would serve the code
    const context = await page.context().browser()!.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const cut = await context.newPage();
      let asked = 0;
      await cut.route(/\/assets\/socket-client-[^/]+\.js$/, (route) => (++asked === 1 ? route.abort('internetdisconnected') : route.continue()));
      const sockets: string[] = [];
      cut.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
      await signIn(cut, email, password);
      await cut.waitForURL('**/swipe');
      await eventually(() => asked >= 2 && sockets.some((path) => path.startsWith('/ws')), 15_000, 'the connection');
    } finally {
      await context.close();
    }
  });

  // issue 11: the app is usable with the keyboard, and focus is visible
  it('shows a focus ring on every control reached with Tab (sign-in, swipe with its filters, settings, profile edit)', async () => {
    /** Tabs through the screen once (until focus comes back round): each focused control, and whether its ring (or its label's) shows */
    const tabThrough = async () => {
      const reached: { control: string; ring: boolean }[] = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          if (el.dataset.tabbed) return 'again';
          el.dataset.tabbed = 'yes';
          // the ring is the theme's outline (a shadow some controls always have is not one)
          const drawn = (s: CSSStyleDeclaration) => s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
          const label = el.closest('label');
          return { control: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`, ring: drawn(getComputedStyle(el)) || (!!label && drawn(getComputedStyle(label))) };
        });
        if (focused === 'again') break;
        if (focused) reached.push(focused);
      }
      return reached;
    };
    const password = 'Focus-Ring-11';
    const email = uniqueEmail('focus');
    await airlineMember(app.url, email, password);
    const screens: Record<string, { control: string; ring: boolean }[]> = {};
    await page.goto('/auth');
    await expectVisible(page.getByLabel('Email'));
    screens['/auth'] = await tabThrough();
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await expectVisible(page.getByRole('button', { name: 'Filters' }));
    screens['/swipe'] = await tabThrough();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Filters' }));
    screens['filters'] = await tabThrough();
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
    screens['/settings'] = await tabThrough();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expectVisible(page.getByRole('button', { name: 'Save', exact: true }));
    screens['profile edit'] = await tabThrough();
    for (const [where, reached] of Object.entries(screens)) {
      // the whole screen, not a stop at its first control
      expect({ where, many: reached.length >= 4 }).toEqual({ where, many: true });
      expect({ where, withoutRing: reached.filter((r) => !r.ring).map((r) => r.control) }).toEqual({ where, withoutRing: [] });
    }
  });

  it('honours prefers-reduced-motion: the splash spins slowly, the app\'s transitions end at once', async () => {
    const spin = () => page.locator('.boot-splash span').evaluate((el) => getComputedStyle(el).animationDuration);
    const signInTransition = () => page.getByRole('button', { name: 'Sign In', exact: true }).evaluate((el) => getComputedStyle(el).transitionDuration);
    // the splash as the HTML draws it (the app's scripts held back, so that it stays)
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/');
    expect(await spin()).toBe('0.9s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await spin()).toBe('3s');
    await page.unroute('**/assets/**');
    await page.goto('/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await signInTransition()).toBe('1e-05s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await signInTransition()).toBe('0.15s, 0.08s, 0.15s');
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto('/no/such/runway');
    await expectVisible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${app.url}/`);
    await screenshot(page, 'shell-404');
  });

  it('sends a signed-out visitor from /swipe to /auth', async () => {
    await page.goto('/swipe');
    await page.waitForURL(`${app.url}/auth`);
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await screenshot(page, 'shell-swipe-redirects-to-auth');
  });

  it('serves /sw.js and registers the service worker', async () => {
    const res = await fetch(`${app.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('addEventListener');

    await page.goto('/');
    const scriptURL = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptURL).toBe(`${app.url}/sw.js`);
  });

  it('links a web app manifest with real icons', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await fetch(`${app.url}${href}`)).json()) as { name: string; short_name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ short_name: 'AeroMatch', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await fetch(`${app.url}${icon.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it("shows the 'Login failed' toast for a wrong password", async () => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem').filter({ hasText: 'Login failed' });
    await expectVisible(toast);
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    await screenshot(page, 'auth-login-failed-toast');
    expect(page.url()).toBe(`${app.url}/auth`);

    // F8 moves focus to the toast viewport (inside the 'Notifications (F8)' region).
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'))).toBe('Notifications (F8)');

    // Swiping the toast right past 50 px dismisses it.
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, y, { steps: 4 });
    await page.mouse.move(box.x + 160, y, { steps: 4 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('offers the install card 10 s after the browser allows installation', async () => {
    await page.clock.install();
    await page.addInitScript(() => {
      (window as unknown as { __prompted: number }).__prompted = 0;
    });
    await page.goto('/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
      event.prompt = async () => {
        (window as unknown as { __prompted: number }).__prompted += 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    const card = page.getByRole('complementary', { name: 'Install AeroMatch' });
    await page.clock.runFor(9_000);
    expect(await card.count()).toBe(0);
    await page.clock.runFor(1_500);
    await expectVisible(card);
    await page.waitForTimeout(400); // let the entrance animation finish
    await screenshot(page, 'shell-install-card');
    await card.getByRole('button', { name: 'Install', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
    expect(await card.count()).toBe(0);
  });

  it('offers the install card for an offer the browser made before the app had rendered', async () => {
    await page.clock.install();
    // the first render waits for the session check (up to 1.5 s): held here, so the offer comes first
    await page.route('**/api/users/me', async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await page.addInitScript(() => {
      window.addEventListener('load', () => {
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void> };
        event.prompt = async () => undefined;
        window.dispatchEvent(event);
        (window as unknown as { __offered: boolean }).__offered = !document.querySelector('nav, main, form');
      });
    });
    await page.goto('/auth');
    expect(await page.evaluate(() => (window as unknown as { __offered: boolean }).__offered)).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await page.clock.runFor(10_500);
    await expectVisible(page.getByRole('complementary', { name: 'Install AeroMatch' }));
  });

  it('remembers a dismissed install card for 24 hours', async () => {
    await page.clock.install();
    await page.goto('/auth');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    const offer = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void> };
        event.prompt = async () => undefined;
        window.dispatchEvent(event);
      });
    await offer();
    await page.clock.runFor(10_500);
    const card = page.getByRole('complementary', { name: 'Install AeroMatch' });
    await card.getByRole('button', { name: 'Dismiss install prompt' }).click();
    const dismissedAt = Number(await page.evaluate(() => localStorage.getItem('aero.installPromptDismissedAt')));
    expect(dismissedAt).toBeGreaterThan(0);

    await offer();
    await page.clock.runFor(11_000);
    expect(await card.count()).toBe(0);
  });
});
