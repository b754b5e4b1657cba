import { chromium, type Browser, type BrowserContext, type Locator, type Page, type WebSocketRoute } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiClient, eventually, repoRoot, type RunningProcess, startApp, verificationCode } from '@aero/testing';

// Shared helpers for the browser journeys: Debian Chromium, a phone viewport, screenshots.
export const SCREENSHOT_DIR = join(repoRoot, 'test-results', 'web');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // a fake microphone (a tone) that needs no permission prompt: voice clips in the chat journeys
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** Content-Security-Policy violations Chromium reported on pages of a context (must stay empty). */
const cspViolations = new WeakMap<BrowserContext, string[]>();
export const cspViolationsOf = (context: BrowserContext) => cspViolations.get(context) ?? [];

/** a smaller phone (`viewport`) or another browser language (`locale`) than the usual */
export interface PhoneOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  /** 'block': no service worker (a test that holds back a file of the app: the worker's precache would serve it) */
  serviceWorkers?: 'allow' | 'block';
}

export async function newPhone(browser: Browser, baseURL: string, options: PhoneOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US', ...options });
  const violations: string[] = [];
  cspViolations.set(context, violations);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const page = await context.newPage();
  return { context, page };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations (every
 * screen a journey visits: `screenshot` calls it, and so does the check after each test).
 */
export async function expectAccessible(page: Page, where = page.url()) {
  if (page.isClosed()) return;
  // the screen as it settles, not a frame of a transition (a toast sliding or fading in over the
  // page has its colours half-mixed with what is under it)
  await animationsEnded(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  })) as AxeViolation[];
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect({ where, violations: report }).toEqual({ where, violations: [] });
  expect({ where, smallTargets: await page.evaluate(smallTapTargets, TAP_TARGET_PX) }).toEqual({ where, smallTargets: [] });
}

/** issue 11: tap targets at least 44 CSS px (WCAG 2.5.5) */
const TAP_TARGET_PX = 44;

/**
 * The controls in the window whose tap target is smaller than `size` square: a square of that size
 * around a control's centre must reach it everywhere (its own box, or a hit area drawn around it,
 * as a switch's is). An input's target is the label it is in, a visually hidden input's its label.
 * Not checked: a link inside a sentence (WCAG's inline exception), a control partly outside the
 * window or covered at its centre. Runs in the page.
 */
function smallTapTargets(size: number): string[] {
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=switch], [role=tab], [role=checkbox], [role=radio], [role=menuitem], [role=option], [role=slider]';
  const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  const small: string[] = [];
  for (const control of document.querySelectorAll<HTMLElement>(controls)) {
    if (control.closest('[aria-hidden="true"], [inert]')) continue;
    const style = getComputedStyle(control);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const own = control.getBoundingClientRect();
    if (own.width === 0 || own.height === 0) continue;
    // an input inside its label: the label is what is tapped (a checkbox beside its text); a visually
    // hidden one's label likewise
    const hidden = parseFloat(style.opacity) === 0 || (own.width <= 1 && own.height <= 1);
    const label = control instanceof HTMLInputElement ? control.labels?.[0] : undefined;
    if (hidden && !label) continue;
    const target: HTMLElement = label && (hidden || label.contains(control)) ? label : control;
    const box = target.getBoundingClientRect();
    // (a box laid out at sub-pixel sizes, a card mid-animation, is as big as it shows rounded: 43.99 is 44)
    if (box.width >= size - 0.5 && box.height >= size - 0.5) continue;
    const inSentence = getComputedStyle(target).display === 'inline' && [...(target.parentElement?.childNodes ?? [])].some((n) => n !== target && n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (inSentence) continue;
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight) continue;
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const reaches = (px: number, py: number) => {
      const hit = document.elementFromPoint(px, py);
      return hit !== null && target.contains(hit);
    };
    if (!reaches(x, y)) continue;
    const r = size / 2 - 0.5;
    const points = [[-r, -r], [0, -r], [r, -r], [-r, 0], [r, 0], [-r, r], [0, r], [r, r]].map(([dx, dy]) => [x + dx, y + dy]);
    const inWindow = points.filter(([px, py]) => px >= 0 && py >= 0 && px < window.innerWidth && py < window.innerHeight);
    if (inWindow.some(([px, py]) => !reaches(px, py))) small.push(`${name(control)} ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return small;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  await expectAccessible(page, name);
  return path;
}

export const uniqueEmail = (prefix = 'pilot') => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * The app of a browser suite: the built product, single-node, from the data of one started before
 * the suites with its demo crew (global-setup.ts), unless the suite has no crew (DEMO_SEED 'false')
 * or runs without that set-up.
 */
const startSuiteApp = (env: NodeJS.ProcessEnv) => startApp({ env, from: env.DEMO_SEED === 'false' ? undefined : process.env.SEEDED_DATA_DIR });

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
    app = await startSuiteApp(env);
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
    // the screen a test ends on is checked too
    for (const p of context?.pages() ?? []) if (p.url().startsWith(app.url)) await expectAccessible(p);
    await context?.close();
    // every screen a journey visits runs under the gateway's Content-Security-Policy
    expect(violations).toEqual([]);
  });
}

/** A verified account with an airline profile and one photo, made through the API (set-up, not a journey). */
export async function airlineMember(baseUrl: string, email: string, password: string, firstName = 'Amelia', profile: Record<string, unknown> = {}) {
  const api = new ApiClient(baseUrl);
  expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
  const code = await verificationCode(baseUrl, email);
  expect((await api.post('/api/auth/verify', { email, code })).status).toBe(200);
  const photo = await sharp({ create: { width: 120, height: 160, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'cockpit.png');
  const uploaded = await fetch(`${baseUrl}/api/photos`, { method: 'POST', headers: { origin: baseUrl, cookie: api.cookie }, body: form });
  expect(uploaded.status).toBeLessThan(300);
  const { photos } = (await uploaded.json()) as { photos: string[] };
  const created = await api.post('/api/users', {
    userType: 'airline',
    gender: 'female',
    interestedIn: 'man',
    firstName,
    age: 31,
    bio: 'A320 first officer, coffee before every pushback.',
    location: 'Dallas, Texas',
    airline: 'Delta Air Lines',
    position: 'Pilot',
    drinkingHabits: 'socially',
    photos,
    mainPhoto: photos[0],
    ...profile,
  });
  expect(created.status).toBeLessThan(300);
  return api;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The member sends an employment document and an admin approves it: the member is verified (set-up through the API). */
export async function verifiedByAdmin(baseUrl: string, member: ApiClient, admin: ApiClient) {
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'badge.pdf');
  expect((await fetch(`${baseUrl}/api/verification`, { method: 'POST', body: form, headers: { origin: baseUrl, cookie: member.cookie } })).status).toBe(201);
  const me = (await member.get('/api/users/me')).body.id as string;
  const pending = (await admin.get('/api/admin/verifications')).body as { id: string; userId: string }[];
  expect((await admin.post(`/api/admin/verifications/${pending.find((d) => d.userId === me)!.id}/approve`)).status).toBe(200);
}

/** Signs in through the login screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function expectVisible(locator: Locator) {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** lets entrance animations finish so a screenshot shows what a person sees */
export const settle = (page: Page) => page.waitForTimeout(400);

/**
 * Waits until the page's running animations that end have ended, 2 s at most (a spinner's endless
 * one is not waited for): a screen checked or measured mid-animation is a moving, half-mixed one.
 */
export const animationsEnded = (page: Page) =>
  page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([Promise.allSettled(ending.map((a) => a.finished)), new Promise((r) => setTimeout(r, 2_000))]);
  });

/**
 * Moves the page's clock (installed with `page.clock.install()`) on `stepMs` at a time, the page
 * running between steps, until `locator` shows: what waits for the app's own timers (a reconnection's
 * backoff, a check made every 30 s) without waiting in real time. Fails once `atMostMs` are skipped.
 */
export async function skipClockUntilVisible(page: Page, locator: Locator, stepMs: number, atMostMs: number) {
  for (let skipped = 0; !(await locator.isVisible()); skipped += stepMs) {
    expect(skipped).toBeLessThanOrEqual(atMostMs);
    await page.clock.fastForward(stepMs);
    await page.waitForTimeout(100);
  }
}

/** A member made through the API (an airline profile with a photo), with the id the server gave. */
export interface Member {
  api: ApiClient;
  email: string;
  id: string;
  firstName: string;
}

/** the member pays the subscription with the test provider's card (set-up through the API), and it is active */
export async function pays(api: ApiClient): Promise<void> {
  const { clientSecret } = (await api.post('/api/get-or-create-subscription', {})).body as { clientSecret: string };
  expect((await api.post('/api/billing/test-payments', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).body).toEqual({ status: 'active' });
  await eventually(async () => (await api.get('/api/users/me')).body.subscriptionStatus === 'active', 30_000, 'the subscription active');
}

/** `profile` may set other fields of the profile too (a general member: `userType`, no `airline` or `position`) */
export async function newMember(baseUrl: string, password: string, firstName: string, profile: { gender: 'male' | 'female'; interestedIn: 'man' | 'woman' } & Record<string, unknown>): Promise<Member> {
  const email = uniqueEmail(firstName.toLowerCase());
  const api = await airlineMember(baseUrl, email, password, firstName, profile);
  const id = (await api.get('/api/users/me')).body.id as string;
  return { api, email, id, firstName };
}

/**
 * The page's real-time connection, routed through the test: `drop()` closes it and refuses new
 * ones until `restore()`; `miss(event)` loses the server's pushes of an event; `connected()`
 * resolves once one is open.
 */
export async function controlledConnection(page: Page) {
  const state: { live: WebSocketRoute | null; down: boolean; opened: number; refused: number; missed: Set<string> } = { live: null, down: false, opened: 0, refused: 0, missed: new Set() };
  await page.routeWebSocket(/\/ws\//, (ws) => {
    if (state.down) {
      state.refused++;
      return void ws.close();
    }
    state.opened++;
    const server = ws.connectToServer();
    // the server's frames reach the page but for the events it is to miss (a socket.io event frame: 42["event",…])
    server.onMessage((frame) => {
      const event = typeof frame === 'string' ? /^42\["([^"]+)"/.exec(frame)?.[1] : undefined;
      if (!event || !state.missed.has(event)) ws.send(frame);
    });
    state.live = ws;
  });
  const connected = (timeoutMs = 15_000) => eventually(async () => state.live, timeoutMs, 'the real-time connection');
  return {
    connected,
    async drop() {
      const live = await connected();
      state.down = true;
      state.live = null;
      await live.close();
    },
    restore() {
      state.down = false;
    },
    /** the page no longer hears the server's pushes of `event` (a push lost on its way) */
    miss(event: string) {
      state.missed.add(event);
    },
    /** what became of the page's connections so far (for a failure's message) */
    describe: () => `${state.opened} connected, ${state.refused} refused while down`,
    /** the server pushes `event` with `payload` over the connection (a socket.io event frame) */
    async push(event: string, payload: unknown) {
      const live = await connected();
      live.send(`42${JSON.stringify([event, payload])}`);
    },
  };
}

/** the bottom navigation */
export const mainNav = (p: Page) => p.getByRole('navigation', { name: 'Main navigation' });
export const unreadOf = async (m: Member) => ((await m.api.get('/api/notifications/unread-count')).body as { count: number }).count;
const badgeName = (count: number) => (count === 0 ? 'Activity' : `Activity ${count} unread notification${count === 1 ? '' : 's'}`);

/**
 * The Activity entry agrees with the server's unread count (which the demo crew's likes may move
 * meanwhile): its name says the count, and the badge shows it (hidden at 0, 9+ above 9).
 * Returns the count.
 */
export async function expectBadge(p: Page, m: Member): Promise<number> {
  const agreed = await eventually(async () => {
    const count = await unreadOf(m);
    const link = mainNav(p).getByRole('link', { name: badgeName(count), exact: true });
    if ((await link.count()) === 0) return false;
    const shown = await link.locator('span[aria-hidden="true"]').allInnerTexts();
    return shown.join() === (count === 0 ? '' : count > 9 ? '9+' : String(count)) && { count };
  }, 15_000, 'the Activity entry to say the unread count');
  return agreed.count;
}

/**
 * The hooks of suites where members each use a phone of their own: the real product
 * (single-node) and Chromium once per suite. `use` receives the app once it runs, and
 * `openPhone`, which opens a phone (a browser context) for the current test; every phone opened
 * is checked after the test (axe on the screen it ends on, no CSP violation) and closed.
 */
export function useMemberPhones(env: NodeJS.ProcessEnv, use: (s: { app: RunningProcess; openPhone: (options?: PhoneOptions) => Promise<{ context: BrowserContext; page: Page }> }) => void) {
  let app: RunningProcess;
  let browser: Browser;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startSuiteApp(env);
    browser = await launchBrowser();
    use({
      app,
      openPhone: async (options?: PhoneOptions) => {
        const phone = await newPhone(browser, app.url, options);
        contexts.push(phone.context);
        return phone;
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  afterEach(async () => {
    for (const context of contexts) {
      for (const p of context.pages()) if (p.url().startsWith(app.url)) await expectAccessible(p);
      expect(cspViolationsOf(context)).toEqual([]);
      await context.close();
    }
    contexts = [];
  });
}

/** Two members who liked each other (through the API): their match id, once its conversation exists. */
export async function matchMembers(a: Member, b: Member): Promise<string> {
  // each new profile reaches discovery through an event: like once the other is known there
  await eventually(async () => (await a.api.patch('/api/likes', { toUserId: b.id, isSuper: false })).status === 200, 30_000, 'the first like');
  const liked = await eventually(async () => {
    const res = await b.api.patch('/api/likes', { toUserId: a.id, isSuper: false });
    return res.status === 200 && res;
  }, 30_000, 'the like back');
  expect(liked.body).toMatchObject({ isMatch: true });
  const matchId = liked.body.match.id as string;
  await eventually(async () => (await a.api.get(`/api/matches/${matchId}/messages`)).status === 200, 30_000, 'the conversation');
  return matchId;
}

/**
 * A toast on screen stands clear of `controls`: their boxes do not overlap it, and a tap at the
 * middle of each reaches the control itself (not the toast's Close).
 */
export async function expectToastClearOf(p: Page, toast: Locator, controls: Locator[]) {
  const box = (await toast.boundingBox())!;
  expect(box).not.toBeNull();
  for (const control of controls) {
    const c = (await control.boundingBox())!;
    const overlap = box.x < c.x + c.width && c.x < box.x + box.width && box.y < c.y + c.height && c.y < box.y + box.height;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect({ control: name, overlap }).toEqual({ control: name, overlap: false });
    const reached = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(reached).toBe(true);
  }
}
