import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningProcess } from '@aero/testing';
import { launchBrowser, newPhone, screenshot, uniqueEmail } from './browser';

// The app shell in a phone-sized Chromium against the real built product (gateway + web/dist).
describe('web app shell (browser)', () => {
  let app: RunningProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    ({ context, page } = await newPhone(browser, app.url));
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows the login screen at / when signed out', async () => {
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    await expectVisible(page.getByLabel('Email'));
    await expectVisible(page.getByLabel('Password'));
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await screenshot(page, 'shell-root-signed-out');
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
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert');
    await expectVisible(toast.getByText('Login failed'));
    await screenshot(page, 'auth-login-failed-toast');
    expect(page.url()).toBe(`${app.url}/auth`);
  });
});

async function expectVisible(locator: ReturnType<Page['locator']>) {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 });
}
