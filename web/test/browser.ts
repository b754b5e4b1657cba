import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@aero/testing';

// Shared helpers for the browser journeys: Debian Chromium, a phone viewport, screenshots.
export const SCREENSHOT_DIR = join(repoRoot, 'test-results', 'web');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPhone(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
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
 * A data folder for startApp that the embedded PostgreSQL can enter: run as root, it initialises
 * the cluster as the `postgres` user, which cannot open mkdtemp's 0700 folder. The caller removes it.
 */
export function appDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aero-web-e2e-'));
  chmodSync(dir, 0o755);
  return dir;
}
