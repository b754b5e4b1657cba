import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, type RunningProcess, startApp } from '@aero/testing';

// Shared helpers for the browser journeys: Debian Chromium, a phone viewport, screenshots.
export const SCREENSHOT_DIR = join(repoRoot, 'test-results', 'web');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Content-Security-Policy violations Chromium reported on pages of a context (must stay empty). */
const cspViolations = new WeakMap<BrowserContext, string[]>();
export const cspViolationsOf = (context: BrowserContext) => cspViolations.get(context) ?? [];

export async function newPhone(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  const violations: string[] = [];
  cspViolations.set(context, violations);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

export const uniqueEmail = (prefix = 'pilot') => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * The hooks every browser suite needs: the real built product (startApp, single-node) and
 * Chromium once per suite, a fresh phone-sized page per test. `use` receives the app once it
 * runs and the page before each test.
 */
export function usePhoneApp(env: NodeJS.ProcessEnv, use: (s: { app: RunningProcess; page: Page }) => void) {
  let app: RunningProcess;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    app = await startApp({ env });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    let page: Page;
    ({ context, page } = await newPhone(browser, app.url));
    use({ app, page });
  });

  afterEach(async () => {
    const violations = context ? cspViolationsOf(context) : [];
    await context?.close();
    // every screen a journey visits runs under the gateway's Content-Security-Policy
    expect(violations).toEqual([]);
  });
}
