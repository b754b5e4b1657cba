import type { BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { eventually, type RunningProcess } from '@aero/testing';
import { SocketEvents } from '@aero/contracts/shared';
import { controlledConnection, expectBadge, expectToastClearOf, expectVisible, mainNav, matchMembers, type Member, newMember, screenshot, settle, signIn, skipClockUntilVisible, useMemberPhones } from './browser';

// The chat as two people use it, each on a phone of their own, against the real product in
// single-node mode: they match (set up through the API), write, send a photo and a voice clip
// recorded with Chromium's fake microphone, see each other's messages arrive without reloading,
// and one of them blocks the other from the overflow menu.
describe('chat (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let openPhone: () => Promise<{ context: BrowserContext; page: Page }>;
  useMemberPhones({}, (s) => ({ app, openPhone } = s));

  const member = (firstName: string, profile: { gender: 'male' | 'female'; interestedIn: 'man' | 'woman' }) => newMember(app.url, password, firstName, profile);

  const match = matchMembers;

  async function pair() {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const matchId = await match(amelia, ben);
    return { amelia, ben, matchId };
  }

  /** A phone of its own (a browser context) with the member signed in. */
  async function phoneOf(m: Member): Promise<Page> {
    const { context, page } = await openPhone();
    await context.grantPermissions(['microphone']);
    await signIn(page, m.email, password);
    await page.waitForURL(`${app.url}/swipe`);
    return page;
  }

  const toasts = (p: Page) => p.getByRole('region', { name: 'Notifications (F8)' });
  const log = (p: Page, name: string) => p.getByRole('log', { name: `Conversation with ${name}` });
  const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });

  async function openChat(p: Page, matchId: string, name: string) {
    await p.goto(`/messages?matchId=${matchId}`);
    await expectVisible(p.getByRole('heading', { name, exact: true }));
  }

  /** the uploads of chat attachments (the PUT to the signed address) */
  const UPLOADS = '**/objects/attachments/**';
  /** holds `p`'s uploads back (a slow connection) until `release()`, then lets them through */
  async function slowUploads(p: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await p.route(UPLOADS, async (route) => {
      if (route.request().method() === 'PUT') await released;
      await route.continue();
    });
    return { release };
  }

  /** `m` on a new phone with the conversation `matchId` (with `name`) open, its real-time connection going through the test */
  async function chatPhone(m: Member, matchId: string, name: string) {
    const { page } = await openPhone();
    const connection = await controlledConnection(page);
    await signIn(page, m.email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await openChat(page, matchId, name);
    return { page, connection };
  }

  /**
   * Amelia, in her chat with Ben, writes `text` with no way to the server: the real-time connection
   * goes through the test, which drops it, and the HTTP fallback finds no network either. `online()`
   * gives her the network back (the connection comes back by itself).
   */
  async function writeOffline(text: string) {
    const { amelia, ben, matchId } = await pair();
    const { page, connection } = await chatPhone(amelia, matchId, 'Ben');
    await connection.drop();
    let refusedPosts = 0;
    const noSending = (route: Route) => (route.request().method() === 'POST' ? (refusedPosts++, route.abort('internetdisconnected')) : route.continue());
    await page.route('**/api/matches/*/messages', noSending);
    await page.getByPlaceholder('Type a message...').fill(text);
    await button(page, 'Send message').click();
    await expectVisible(log(page, 'Ben').getByText('Waiting for connection…')).catch(async (error: Error) => {
      // (CI once missed it: what the page showed and did, for the next look)
      const shown = await log(page, 'Ben').evaluate((e) => `${e.textContent} (rendered: ${(e as HTMLElement).innerText})`).catch(() => '(no conversation)');
      const kept = await page.evaluate(() => Object.entries(sessionStorage).filter(([key]) => key.startsWith('aero.outbox.')));
      throw new Error(`${error.message}\nconversation: ${shown}\nposts refused: ${refusedPosts}; connections: ${connection.describe()}; outbox kept: ${JSON.stringify(kept)}`);
    });
    const online = async () => {
      await page.unroute('**/api/matches/*/messages', noSending);
      connection.restore();
    };
    return { ben, matchId, page, connection, online };
  }

  it('two members chat by text and photo; each sees the other’s messages arrive without reloading', async () => {
    const { amelia, ben, matchId } = await pair();
    const ameliaPhone = await phoneOf(amelia);
    const benPhone = await phoneOf(ben);

    // the list: Ben with his job, online (his phone is connected)
    await ameliaPhone.getByRole('link', { name: 'Messages' }).click();
    await ameliaPhone.waitForURL(`${app.url}/messages`);
    await expectVisible(ameliaPhone.getByRole('heading', { name: 'Messages' }));
    const row = ameliaPhone.getByRole('list', { name: 'Your matches' }).getByRole('link');
    await expectVisible(row.getByText('Ben', { exact: true }));
    await expectVisible(row.getByText('Pilot at Delta Air Lines'));
    await expectVisible(row.getByText('Online', { exact: true }));
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-list');

    // the chat: header, presence, the empty conversation
    await row.click();
    await ameliaPhone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await expectVisible(ameliaPhone.getByRole('heading', { name: 'Ben', exact: true }));
    await expectVisible(ameliaPhone.getByText('Online now'));
    await expectVisible(ameliaPhone.getByText('Start the conversation!'));
    await expectVisible(ameliaPhone.getByText('Say hello to Ben and break the ice!'));
    const send = button(ameliaPhone, 'Send message');
    expect(await send.isDisabled()).toBe(true);
    await ameliaPhone.getByPlaceholder('Type a message...').fill('   ');
    expect(await send.isDisabled()).toBe(true);

    await openChat(benPhone, matchId, 'Amelia');

    // Enter sends; Ben sees it at once, on the left; Amelia's is on the right
    await ameliaPhone.getByPlaceholder('Type a message...').fill('Hello from the flight deck!');
    await ameliaPhone.getByPlaceholder('Type a message...').press('Enter');
    await expectVisible(log(ameliaPhone, 'Ben').getByText('Hello from the flight deck!'));
    await expectVisible(log(benPhone, 'Amelia').getByText('Hello from the flight deck!'));
    expect(await log(ameliaPhone, 'Ben').locator('[data-own="true"]').count()).toBe(1);
    expect(await log(benPhone, 'Amelia').locator('[data-own="false"]').count()).toBe(1);
    expect(await ameliaPhone.getByPlaceholder('Type a message...').inputValue()).toBe('');

    // Ben reads it (the open chat marks it read) and types: Amelia sees 'typing…'
    await eventually(async () => ((await amelia.api.get(`/api/matches/${matchId}/messages`)).body as { readAt: string | null }[])[0]?.readAt, 10_000, 'the read mark');
    await benPhone.getByPlaceholder('Type a message...').pressSequentially('Hi Amelia!', { delay: 30 });
    await expectVisible(ameliaPhone.getByText('typing…'));
    // Shift+Enter is a new line, not a send
    await benPhone.getByPlaceholder('Type a message...').press('Shift+Enter');
    await benPhone.getByPlaceholder('Type a message...').pressSequentially('Landing at DFW at six.');
    await button(benPhone, 'Send message').click();
    await expectVisible(log(ameliaPhone, 'Ben').getByText('Landing at DFW at six.'));
    expect(await log(ameliaPhone, 'Ben').locator('[data-own="false"]').innerText()).toContain('Hi Amelia!\nLanding at DFW at six.');
    await expectVisible(ameliaPhone.getByText('Online now'));

    // each message shows its time of day
    const times = await log(ameliaPhone, 'Ben').locator('time').allTextContents();
    expect(times).toHaveLength(2);
    for (const t of times) expect(t).toMatch(/^\d{1,2}:\d{2}\s?(AM|PM)$/);

    // 'Are you sure?' before a hurtful message is a question, not an error; it opens on Edit (the
    // safe choice), so the Enter that sent the message, pressed again, keeps the text unsent
    await benPhone.getByPlaceholder('Type a message...').fill('Du bist ein Arschloch');
    await benPhone.getByPlaceholder('Type a message...').press('Enter');
    const nudge = benPhone.getByRole('dialog', { name: 'Are you sure?' });
    await expectVisible(nudge);
    expect(await toasts(benPhone).getByText('Message Error').count()).toBe(0);
    // unanswered, the message is kept: a reload finds it in the box, unsent
    await benPhone.reload();
    await expectVisible(benPhone.getByPlaceholder('Type a message...'));
    expect(await benPhone.getByPlaceholder('Type a message...').inputValue()).toBe('Du bist ein Arschloch');
    await benPhone.getByPlaceholder('Type a message...').press('Enter');
    await expectVisible(nudge);
    await eventually(async () => (await benPhone.evaluate(() => document.activeElement?.textContent)) === 'Edit', 5_000, 'the focus on Edit');
    await benPhone.keyboard.press('Enter');
    await nudge.waitFor({ state: 'hidden' });
    expect(await benPhone.getByPlaceholder('Type a message...').inputValue()).toBe('Du bist ein Arschloch');
    expect(await log(ameliaPhone, 'Ben').getByText('Du bist ein Arschloch').count()).toBe(0);
    await benPhone.getByPlaceholder('Type a message...').fill('');
    expect(await toasts(benPhone).getByText('Message Error').count()).toBe(0);

    // near the 2,000 characters a message may have, the box counts; a longer paste is kept whole
    // (nothing of it is lost), says so, and is not sent until it is shortened
    const box = benPhone.getByPlaceholder('Type a message...');
    await box.focus();
    await benPhone.keyboard.insertText('a'.repeat(1850));
    await expectVisible(benPhone.getByText('1850/2000', { exact: true }));
    await benPhone.keyboard.insertText('b'.repeat(500));
    expect((await box.inputValue()).length).toBe(2350);
    await expectVisible(benPhone.getByText('Messages can be up to 2000 characters · 2350/2000', { exact: true }));
    expect(await benPhone.getByRole('status').filter({ hasText: 'Messages can be up to 2000 characters' }).count()).toBe(1);
    expect(await benPhone.getByRole('button', { name: 'Send message', exact: true }).isDisabled()).toBe(true);
    await box.press('Enter');
    expect((await box.inputValue()).length).toBe(2350);
    await screenshot(benPhone, 'chat-message-full');
    // shortened to the limit, it may go
    await box.fill('a'.repeat(2000));
    await expectVisible(benPhone.getByText('2000/2000', { exact: true }));
    expect(await benPhone.getByRole('button', { name: 'Send message', exact: true }).isDisabled()).toBe(false);
    await box.fill('');
    expect(await benPhone.getByText('Messages can be up to 2000 characters').count()).toBe(0);

    // a longer conversation, so that it scrolls
    for (let i = 1; i <= 12; i++) expect((await amelia.api.post(`/api/matches/${matchId}/messages`, { id: crypto.randomUUID(), content: `Layover plan ${i}`, messageType: 'text' })).status).toBe(201);
    await expectVisible(log(benPhone, 'Amelia').getByText('Layover plan 12'));

    // a photo: not an image is refused; an image is sent, and Ben gets it without reloading
    const picker = ameliaPhone.locator('input[type="file"]');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expectVisible(toasts(ameliaPhone).getByText('Please select an image file'));
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 250, g: 140, b: 40 } } }).jpeg().toBuffer();
    await picker.setInputFiles({ name: 'sunset-over-dfw.jpg', mimeType: 'image/jpeg', buffer: photo });
    // she sees it first, whole, with whom it goes to; it goes once she says so
    const preview = ameliaPhone.getByRole('dialog', { name: 'Send this photo to Ben?' });
    await expectVisible(preview.getByRole('img', { name: 'Your photo' }));
    const shown = await preview.getByRole('img', { name: 'Your photo' }).evaluate((img: HTMLImageElement) => ({ src: img.src, ratio: img.getBoundingClientRect().width / img.getBoundingClientRect().height, natural: img.naturalWidth / img.naturalHeight }));
    expect(shown.src).toMatch(/^blob:/);
    expect(shown.ratio).toBeCloseTo(shown.natural, 1);
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-photo-preview');
    await preview.getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(toasts(ameliaPhone).getByText('Photo sent'));
    const benPhoto = log(benPhone, 'Amelia').getByRole('link', { name: 'Open photo' });
    await expectVisible(benPhoto);
    expect(await benPhoto.getAttribute('target')).toBe('_blank');
    const href = (await benPhoto.getAttribute('href'))!;
    const fetched = await benPhone.request.get(href);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toMatch(/^image\//);
    await benPhone.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[role="log"] img')].some((img) => img.complete && img.naturalWidth > 0));
    // whole, in a box of its own shape (4:3), drawn at that shape before it arrived (the message carries its size)
    const benBox = (await benPhoto.locator('img').boundingBox())!;
    expect(benBox.width / benBox.height).toBeCloseTo(640 / 480, 1);
    expect(parseFloat(await benPhoto.locator('img').evaluate((img) => img.style.aspectRatio))).toBeCloseTo(640 / 480, 3);

    // a message for another match while this chat is open: the toast 'New message'
    const cleo = await member('Cleo', { gender: 'female', interestedIn: 'man' });
    const otherMatch = await match(cleo, ben);
    expect((await cleo.api.post(`/api/matches/${otherMatch}/messages`, { id: crypto.randomUUID(), content: 'Coffee at the crew lounge?', messageType: 'text' })).status).toBe(201);
    await expectVisible(toasts(benPhone).getByText('New message'));

    await settle(benPhone);
    await screenshot(benPhone, 'chat-conversation');

    // nothing doubled after a reload: the server holds each message once, in order
    await benPhone.reload();
    await expectVisible(log(benPhone, 'Amelia').getByRole('link', { name: 'Open photo' }));
    expect(await log(benPhone, 'Amelia').locator('[data-message-id]').count()).toBe(15);
    const stored = (await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string }[];
    expect(stored.map((m) => m.messageType)).toEqual([...Array<string>(14).fill('text'), 'photo']);
    // it opens at the newest message, also once the photo has arrived
    await benPhone.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[role="log"] img')].every((img) => img.complete && img.naturalWidth > 0));
    await benPhone.waitForTimeout(300);
    expect(await log(benPhone, 'Amelia').evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollHeight - el.scrollTop - el.clientHeight < 4)).toBe(true);

    // Amelia's message was read: 'Seen' under it, live (message_read) and after a reload
    await expectVisible(log(ameliaPhone, 'Ben').getByText('Seen', { exact: true }));
    await ameliaPhone.reload();
    await expectVisible(log(ameliaPhone, 'Ben').getByText('Seen', { exact: true }));

    // back goes to the list, and from the list to /swipe
    await button(benPhone, 'Back').click();
    await benPhone.waitForURL(`${app.url}/messages`);
    await expectVisible(benPhone.getByRole('list', { name: 'Your matches' }).getByText('Cleo', { exact: true }));
    await button(benPhone, 'Back').click();
    await benPhone.waitForURL(`${app.url}/swipe`);
  });

  it('the Messages entry counts the conversations with unread messages, live, and leaves out the one being read', async () => {
    const { amelia, ben, matchId } = await pair();
    const carl = await member('Carl', { gender: 'male', interestedIn: 'woman' });
    const carlMatchId = await match(amelia, carl);
    const write = async (from: Member, id: string, content: string) =>
      expect((await from.api.post(`/api/matches/${id}/messages`, { id: crypto.randomUUID(), content, messageType: 'text' })).status).toBe(201);
    const page = await phoneOf(amelia);
    /** the entry's name says the count, and its badge shows it */
    const entry = (count: number) => mainNav(page).getByRole('link', { name: count === 0 ? 'Messages' : `Messages ${count} unread conversation${count === 1 ? '' : 's'}`, exact: true });
    const expectEntry = async (count: number) => {
      await expectVisible(entry(count));
      expect(await entry(count).locator('span[aria-hidden="true"]').allInnerTexts()).toEqual(count === 0 ? [] : [String(count)]);
    };
    await expectEntry(0);

    // Ben writes, then Carl: the entry says so on the deck, without a reload
    await write(ben, matchId, 'Coffee at the crew hotel?');
    await expectEntry(1);
    await write(carl, carlMatchId, 'Landed in Denver, you around?');
    await write(carl, carlMatchId, 'Until Friday.');
    await expectEntry(2);
    await settle(page);
    await screenshot(page, 'chat-messages-entry-unread');

    // reading Ben's conversation: only Carl's is left, and what Ben writes while it is open counts for nothing
    await openChat(page, matchId, 'Ben');
    await expectEntry(1);
    // (every count the entry shows meanwhile, even for a moment)
    await mainNav(page).evaluate((nav) => {
      const shown: string[] = [];
      (window as unknown as { shownCounts: string[] }).shownCounts = shown;
      new MutationObserver(() => shown.push(nav.querySelector('a[href="/messages"] span[aria-hidden="true"]')?.textContent ?? '')).observe(nav, { subtree: true, childList: true, characterData: true });
    });
    await write(ben, matchId, 'Or dinner?');
    await expectVisible(log(page, 'Ben').getByText('Or dinner?'));
    await page.waitForTimeout(1_000);
    await expectEntry(1);
    expect(await page.evaluate(() => (window as unknown as { shownCounts: string[] }).shownCounts.filter((c) => c !== '1'))).toEqual([]);
    // (read on the server too before the page goes: a navigation would cancel the call under way)
    const readOnServer = async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { content: string; readAt: string | null }[]).find((m) => m.content === 'Or dinner?')?.readAt;
    await eventually(readOnServer, 10_000, "Ben's message read on the server");

    // one that comes while the tab is in the background is not read (Ben would see 'Seen'), until it is shown again
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((shown) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => shown });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    const readAtOf = async (content: string) => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { content: string; readAt: string | null }[]).find((m) => m.content === content)?.readAt ?? null;
    await setVisibility('hidden');
    await write(ben, matchId, 'Still there?');
    await expectVisible(log(page, 'Ben').getByText('Still there?'));
    await page.waitForTimeout(1_500);
    expect(await readAtOf('Still there?')).toBeNull();
    await setVisibility('visible');
    await eventually(() => readAtOf('Still there?'), 10_000, 'read once the tab is shown again');

    // on leaving it, and after a reload (the server's word): still one, Carl's
    await page.goto('/swipe');
    await expectEntry(1);
    await page.reload();
    await expectEntry(1);
  });

  it('a photo on a slow connection is in the conversation at once, sending, and becomes the message; one that fails can be tried again or deleted', async () => {
    const { amelia, ben, matchId } = await pair();
    const page = await phoneOf(amelia);
    await openChat(page, matchId, 'Ben');
    const picker = page.locator('input[type="file"]');
    const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 40, g: 120, b: 220 } } }).jpeg().toBuffer();
    const pick = async () => {
      await picker.setInputFiles({ name: 'cockpit-view.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByRole('dialog', { name: 'Send this photo to Ben?' }).getByRole('button', { name: 'Send', exact: true }).click();
    };
    const stored = async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string }[]).filter((m) => m.messageType === 'photo').length;
    const messages = log(page, 'Ben').locator('[data-message-id]');

    // the upload is slow: the photo is there at once, this page's copy in its 4:5 box, sending
    const upload = await slowUploads(page);
    await pick();
    const sending = messages.filter({ hasText: 'Sending…' });
    await expectVisible(sending.getByRole('img', { name: 'Your photo' }));
    expect(await sending.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[role="log"] [role="img"] img')].every((img) => img.complete && img.naturalWidth > 0));
    const box = (await sending.getByRole('img', { name: 'Your photo' }).boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(0.8, 2);
    expect(await button(page, 'Send a photo').isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'chat-photo-sending');
    const id = await sending.getAttribute('data-message-id');

    // it goes: the same bubble is the message
    upload.release();
    await expectVisible(toasts(page).getByText('Photo sent'));
    const sent = log(page, 'Ben').locator(`[data-message-id="${id}"]`);
    await expectVisible(sent.getByRole('link', { name: 'Open photo' }));
    await expectVisible(sent.locator('time'));
    expect(await messages.count()).toBe(1);
    expect(await stored()).toBe(1);

    // the upload fails: the photo stays, says so, and can be tried again
    const refuse = (route: Route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"Service unavailable"}' }) : route.continue());
    await page.route(UPLOADS, refuse);
    await pick();
    const failed = messages.filter({ hasText: 'Failed to send photo' });
    await expectVisible(failed.getByRole('img', { name: 'Your photo' }));
    await expectVisible(failed.getByRole('button', { name: 'Try Again' }));
    await expectVisible(failed.getByRole('button', { name: 'Delete', exact: true }));
    await expectVisible(toasts(page).getByText('Failed to send photo'));
    await settle(page);
    await screenshot(page, 'chat-photo-failed');
    await page.unroute(UPLOADS, refuse);
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await eventually(async () => (await stored()) === 2, 15_000, 'the photo tried again');
    await expectVisible(log(page, 'Ben').getByRole('link', { name: 'Open photo' }).nth(1));
    expect(await failed.count()).toBe(0);

    // failed again and deleted: it is gone, and never sent
    await page.route(UPLOADS, refuse);
    await pick();
    await expectVisible(failed.getByRole('button', { name: 'Delete', exact: true }));
    await failed.getByRole('button', { name: 'Delete', exact: true }).click();
    await failed.waitFor({ state: 'detached' });
    expect(await messages.count()).toBe(2);
    expect(await stored()).toBe(2);
  });

  it('a photo whose upload the server has forgotten since (sent too long after it) goes up again and is sent, not failed', async () => {
    const { amelia, ben, matchId } = await pair();
    const page = await phoneOf(amelia);
    await openChat(page, matchId, 'Ben');
    const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 220, g: 120, b: 40 } } }).jpeg().toBuffer();
    // the first registration is answered as done but never reaches the server: the send that follows
    // meets what it meets once the server has forgotten an upload no message carried in time
    const registrations: string[] = [];
    await page.route('**/api/message-attachments', async (route) => {
      const { attachmentUrl } = route.request().postDataJSON() as { attachmentUrl: string };
      registrations.push(attachmentUrl);
      if (registrations.length > 1) return route.continue();
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, attachmentUrl }) });
    });
    await page.locator('input[type="file"]').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('dialog', { name: 'Send this photo to Ben?' }).getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(toasts(page).getByText('Photo sent'));
    await expectVisible(log(page, 'Ben').getByRole('link', { name: 'Open photo' }));
    // a fresh upload, registered this time, and one message
    expect(registrations).toHaveLength(2);
    expect(registrations[1]).not.toBe(registrations[0]);
    expect(((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string }[]).filter((m) => m.messageType === 'photo')).toHaveLength(1);
    expect(await toasts(page).getByText('Failed to send photo').count()).toBe(0);
    expect(await log(page, 'Ben').getByText('Failed to send photo').count()).toBe(0);
  });

  it('a photo queued while the connection was down, its upload forgotten by the server meanwhile, goes up again in its turn once connected', async () => {
    const { amelia, ben, matchId } = await pair();
    const { page, connection } = await chatPhone(amelia, matchId, 'Ben');
    const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 60, g: 160, b: 90 } } }).jpeg().toBuffer();
    // the first registration is answered as done without reaching the server (which then knows no
    // such upload, as once it forgot it), and the connection drops right after it: the photo waits
    const noSending = (route: Route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue());
    const registrations: string[] = [];
    await page.route('**/api/message-attachments', async (route) => {
      const { attachmentUrl } = route.request().postDataJSON() as { attachmentUrl: string };
      registrations.push(attachmentUrl);
      if (registrations.length > 1) return route.continue();
      await connection.drop();
      await page.route('**/api/matches/*/messages', noSending);
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, attachmentUrl }) });
    });
    await page.locator('input[type="file"]').setInputFiles({ name: 'runway.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('dialog', { name: 'Send this photo to Ben?' }).getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(log(page, 'Ben').getByText('Waiting for connection…'));

    // back: it goes up again and is sent, once
    await page.unroute('**/api/matches/*/messages', noSending);
    connection.restore();
    await eventually(async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string }[]).some((m) => m.messageType === 'photo'), 45_000, 'the photo to arrive');
    await expectVisible(log(page, 'Ben').getByRole('link', { name: 'Open photo' }));
    expect(registrations).toHaveLength(2);
    expect(((await ben.api.get(`/api/matches/${matchId}/messages`)).body as unknown[]).length).toBe(1);
    expect(await log(page, 'Ben').getByText('Failed to send photo').count()).toBe(0);
    expect(await log(page, 'Ben').getByText('Waiting for connection…').count()).toBe(0);
  });

  it('a picked photo is shown first: Cancel (or Escape) sends nothing, and the member is back at the photo button', async () => {
    const { amelia, ben, matchId } = await pair();
    const page = await phoneOf(amelia);
    await openChat(page, matchId, 'Ben');
    const photo = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 200, g: 60, b: 90 } } }).jpeg().toBuffer();
    const pick = () => page.locator('input[type="file"]').setInputFiles({ name: 'wrong-one.jpg', mimeType: 'image/jpeg', buffer: photo });
    const preview = page.getByRole('dialog', { name: 'Send this photo to Ben?' });
    const attachmentPuts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/objects/attachments/')) attachmentPuts.push(request.url());
    });

    await button(page, 'Send a photo').focus();
    await pick();
    await expectVisible(preview.getByRole('img', { name: 'Your photo' }));
    // a landscape photo is shown whole, not cut to the conversation's box
    const shown = await preview.getByRole('img', { name: 'Your photo' }).boundingBox();
    expect(shown!.width / shown!.height).toBeCloseTo(800 / 450, 1);
    await preview.getByRole('button', { name: 'Cancel', exact: true }).click();
    await preview.waitFor({ state: 'detached' });
    await eventually(async () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Send a photo'), 5_000, 'the focus back on the photo button');

    // Escape too; and the same photo may be picked again (then sent)
    await pick();
    await expectVisible(preview);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await page.waitForTimeout(1_000);
    expect(attachmentPuts).toEqual([]);
    expect(await log(page, 'Ben').locator('[data-message-id]').count()).toBe(0);
    expect(((await ben.api.get(`/api/matches/${matchId}/messages`)).body as unknown[]).length).toBe(0);
    await pick();
    await preview.getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(toasts(page).getByText('Photo sent'));
    expect(((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string }[]).map((m) => m.messageType)).toEqual(['photo']);
  });

  it('a voice clip recorded with the microphone is sent, arrives, and plays back', async () => {
    const { amelia, ben, matchId } = await pair();
    const ameliaPhone = await phoneOf(amelia);
    const benPhone = await phoneOf(ben);
    await openChat(ameliaPhone, matchId, 'Ben');
    await openChat(benPhone, matchId, 'Amelia');

    await button(ameliaPhone, 'Record a voice message').click();
    await expectVisible(ameliaPhone.getByRole('status').getByText(/^Recording… 0:0\d$/));
    await ameliaPhone.waitForTimeout(2600);
    // on a slow connection the clip is in the conversation at once, sending
    const upload = await slowUploads(ameliaPhone);
    await button(ameliaPhone, 'Stop recording and send').click();
    const sending = log(ameliaPhone, 'Ben').locator('[data-message-id]', { hasText: 'Sending…' });
    await expectVisible(sending.getByRole('button', { name: 'Play voice message' }));
    await expectVisible(sending.getByLabel(/^Voice message, 0:0\d$/));
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-voice-sending');
    upload.release();
    await expectVisible(toasts(ameliaPhone).getByText('Voice message sent'));
    await expectVisible(log(ameliaPhone, 'Ben').locator('[data-message-id] time'));
    expect(await sending.count()).toBe(0);

    const stored = await eventually(async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string; attachmentDuration: number }[]).find((m) => m.messageType === 'voice'));
    expect(stored.attachmentDuration).toBeGreaterThanOrEqual(2);
    expect(stored.attachmentDuration).toBeLessThanOrEqual(4);
    const shown = `0:0${stored.attachmentDuration}`;

    // Ben plays it: play turns to pause while it plays, and the end of playback resets it
    const benLog = log(benPhone, 'Amelia');
    await expectVisible(benLog.getByText(shown, { exact: true }));
    await benLog.getByRole('button', { name: 'Play voice message' }).click();
    await expectVisible(benLog.getByRole('button', { name: 'Pause voice message' }));
    await benPhone.waitForFunction(() => ((document.querySelector('[role="log"] audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.3);
    await settle(benPhone);
    await screenshot(benPhone, 'chat-voice-playing');
    await expectVisible(benLog.getByRole('button', { name: 'Play voice message' }));
    await expectVisible(benLog.getByText(shown, { exact: true }));
    expect(await benPhone.evaluate(() => (document.querySelector('[role="log"] audio') as HTMLAudioElement).currentTime)).toBe(0);
    expect(await toasts(benPhone).getByText('Playback failed').count()).toBe(0);

    // Amelia's own clip plays on her side too
    await log(ameliaPhone, 'Ben').getByRole('button', { name: 'Play voice message' }).click();
    await expectVisible(log(ameliaPhone, 'Ben').getByRole('button', { name: 'Pause voice message' }));

    // one clip plays at a time: starting another pauses the one playing
    await button(ameliaPhone, 'Record a voice message').click();
    await expectVisible(ameliaPhone.getByRole('status').getByText(/^Recording… 0:0\d$/));
    await ameliaPhone.waitForTimeout(1600);
    await button(ameliaPhone, 'Stop recording and send').click();
    await eventually(async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { messageType: string }[]).filter((m) => m.messageType === 'voice').length === 2, 10_000, 'the second clip');
    const clips = log(ameliaPhone, 'Ben').locator('[data-message-id]');
    await expectVisible(clips.nth(1).locator('time'));
    const playButton = (i: number) => clips.nth(i).getByRole('button', { name: /^(Play|Pause) voice message$/ });
    // the first from its start (it may still be ending from before)
    if ((await playButton(0).getAttribute('aria-pressed')) === 'true') await playButton(0).click();
    await expectVisible(clips.nth(0).getByRole('button', { name: 'Play voice message' }));
    await clips.nth(0).locator('audio').evaluate((el: HTMLAudioElement) => void (el.currentTime = 0));
    await playButton(0).click();
    await expectVisible(clips.nth(0).getByRole('button', { name: 'Pause voice message' }));
    await playButton(1).click();
    await expectVisible(clips.nth(1).getByRole('button', { name: 'Pause voice message' }));
    // paused at once, not ended (it is 2 s long at least)
    expect(await clips.nth(0).locator('audio').evaluate((el: HTMLAudioElement) => [el.paused, el.ended])).toEqual([true, false]);
    await eventually(async () => (await playButton(0).getAttribute('aria-pressed')) === 'false', 1_000, 'the first clip shown paused');
  });

  it('the microphone is asked for once however often the button is pressed, and given back when the chat is left before it came', async () => {
    const { amelia, matchId } = await pair();
    const page = await phoneOf(amelia);
    // a microphone that takes its time to open (as when the browser asks the member), whose streams the test can see
    await page.addInitScript(() => {
      const media = navigator.mediaDevices;
      const open = media.getUserMedia.bind(media);
      const streams: MediaStream[] = ((window as unknown as { streams: MediaStream[] }).streams = []);
      media.getUserMedia = (constraints) =>
        new Promise((resolve) => setTimeout(resolve, 800))
          .then(() => open(constraints))
          .then((stream) => (streams.push(stream), stream));
    });
    const microphone = () => page.evaluate(() => (window as unknown as { streams: MediaStream[] }).streams.map((s) => s.getTracks().every((track) => track.readyState === 'ended')));
    await openChat(page, matchId, 'Ben');

    // pressed twice before the microphone opened: one recording, and stopping it frees the microphone
    await button(page, 'Record a voice message').click();
    await button(page, 'Record a voice message').click({ force: true });
    await expectVisible(page.getByRole('status').getByText(/^Recording… 0:0\d$/));
    await button(page, 'Stop recording and send').click();
    await expectVisible(toasts(page).getByText('Voice message sent'));
    expect(await microphone()).toEqual([true]);

    // the chat left while the microphone was being asked for: it is given back as soon as it comes
    await button(page, 'Record a voice message').click();
    await button(page, 'Back').click();
    await page.waitForURL(`${app.url}/messages`);
    await eventually(async () => (await microphone()).length === 2, 5_000, 'the microphone to open');
    await eventually(async () => (await microphone()).every(Boolean), 2_000, 'the microphone to be given back');
  });

  it('a message written while the connection is down waits, survives a reload, and goes once the member is back and connected', async () => {
    const { ben, matchId, page, connection, online } = await writeOffline('Boarding now, talk after landing');
    await page.reload();
    await expectVisible(log(page, 'Ben').getByText('Boarding now, talk after landing'));
    await expectVisible(log(page, 'Ben').getByText('Waiting for connection…'));

    // Amelia goes back to her deck; the connection comes back while she is there
    await button(page, 'Back').click();
    await page.waitForURL(`${app.url}/messages`);
    await button(page, 'Back').click();
    await page.waitForURL(`${app.url}/swipe`);
    await online();
    // (the reloaded page's attempts, closed by the test before their handshake, each end at once)
    await connection.connected(45_000);
    expect((await ben.api.get(`/api/matches/${matchId}/messages`)).body).toEqual([]);

    // back in the chat, it goes, once
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('list', { name: 'Your matches' }).getByRole('link').click();
    await eventually(async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { content: string }[]).length === 1, 15_000, 'the message to arrive');
    expect(((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { content: string }[]).map((m) => m.content)).toEqual(['Boarding now, talk after landing']);
    await expectVisible(log(page, 'Ben').locator('time'));
    expect(await log(page, 'Ben').getByText('Waiting for connection…').count()).toBe(0);

    // a socket call that failed otherwise: the server's `error` is said, not swallowed
    await connection.push('error', { message: 'Match not found' });
    await expectVisible(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Match not found'));
  });

  it('after an outage long enough for the connection to be given up, it reconnects as soon as the network is back and shows what was missed', async () => {
    const { amelia, ben, matchId } = await pair();
    const ameliaPhone = await phoneOf(amelia);
    const benPhone = await phoneOf(ben);
    // her page's clock runs as usual; the outage's waits are skipped through below
    await ameliaPhone.clock.install();
    await openChat(ameliaPhone, matchId, 'Ben');
    await expectVisible(ameliaPhone.getByText('Online now'));

    // Amelia's phone loses its network: 5 attempts (1 + 2 + 4 + 8 + 16 s), then 'Connection Lost' (it had connected)
    await ameliaPhone.context().setOffline(true);
    // (90 s at most: its connection's own timeout included, were the drop not seen at once)
    await skipClockUntilVisible(ameliaPhone, toasts(ameliaPhone).getByText('Unable to maintain chat connection. Please refresh the page.'), 1_000, 90_000);
    await expectVisible(toasts(ameliaPhone).getByText('Connection Lost', { exact: true }));
    expect(await toasts(ameliaPhone).getByText(/Unable to establish/).count()).toBe(0);
    // Ben writes meanwhile
    await openChat(benPhone, matchId, 'Amelia');
    await benPhone.getByPlaceholder('Type a message...').fill('Written while you were away');
    await button(benPhone, 'Send message').click();
    await expectVisible(log(benPhone, 'Amelia').locator('[data-message-id]', { hasText: 'Written while you were away' }).locator('time'));

    // the network is back: it connects at once (no attempt was left) and fetches what was missed
    await ameliaPhone.context().setOffline(false);
    await log(ameliaPhone, 'Ben').getByText('Written while you were away').waitFor({ state: 'visible', timeout: 8_000 });
    // and is live again
    await benPhone.getByPlaceholder('Type a message...').fill('Live again?');
    await button(benPhone, 'Send message').click();
    await expectVisible(log(ameliaPhone, 'Ben').getByText('Live again?'));
    await expectVisible(ameliaPhone.getByText('Online now'));
  });

  it('offline, the chat says it waits for the network, not that the other member is offline, and takes several messages at once, which go in order once back', async () => {
    const { amelia, ben, matchId } = await pair();
    const ameliaPhone = await phoneOf(amelia);
    const benPhone = await phoneOf(ben);
    await openChat(benPhone, matchId, 'Amelia');
    await openChat(ameliaPhone, matchId, 'Ben');
    const status = ameliaPhone.locator('p[data-state][aria-live]');
    await expectVisible(ameliaPhone.getByText('Online now'));

    await ameliaPhone.context().setOffline(true);
    await expectVisible(ameliaPhone.getByText('Waiting for network'));
    // each message waits for the connection at once, and the composer takes the next one meanwhile
    for (const text of ['First while offline', 'Second while offline', 'Third while offline']) {
      await ameliaPhone.getByPlaceholder('Type a message...').fill(text);
      await button(ameliaPhone, 'Send message').click({ timeout: 2_000 });
      await log(ameliaPhone, 'Ben').locator('[data-message-id]', { hasText: text }).getByText('Waiting for connection…').waitFor({ state: 'visible', timeout: 2_000 });
    }
    await ameliaPhone.waitForTimeout(3_000);
    expect(await status.innerText()).toBe('Waiting for network');
    expect(await ameliaPhone.getByText('Offline', { exact: true }).count()).toBe(0);

    // back online: they go once each, in order, and Ben is online again
    await ameliaPhone.context().setOffline(false);
    await expectVisible(ameliaPhone.getByText('Online now'));
    const sent = () => ben.api.get(`/api/matches/${matchId}/messages`).then((r) => (r.body as { content: string }[]).map((m) => m.content));
    await eventually(async () => (await sent()).length === 3, 15_000, 'the three messages');
    await ameliaPhone.waitForTimeout(2_000);
    expect(await sent()).toEqual(['First while offline', 'Second while offline', 'Third while offline']);
    expect(await log(benPhone, 'Amelia').locator('[data-own="false"]').allInnerTexts()).toEqual([expect.stringContaining('First while offline'), expect.stringContaining('Second while offline'), expect.stringContaining('Third while offline')]);
    expect(await log(ameliaPhone, 'Ben').getByText('Waiting for connection…').count()).toBe(0);
  });

  it("a hurtful message written offline waits for 'Are you sure?' once it reaches the server, and goes only when sent anyway", async () => {
    const { ben, matchId, page, connection, online } = await writeOffline('You are a bitch');
    // back online: the server asks 'Are you sure?', and the message waits in place for the answer
    await online();
    await connection.connected(45_000);
    const held = log(page, 'Ben').locator('[data-message-id]', { hasText: 'You are a bitch' });
    await expectVisible(held.getByText('Not sent: it may hurt Ben'));
    await expectVisible(toasts(page).getByText(/^A message waiting to be sent may hurt its reader/));
    await settle(page);
    await screenshot(page, 'chat-held-message');
    expect((await ben.api.get(`/api/matches/${matchId}/messages`)).body).toEqual([]);
    // it is still held after a reload (the queue is kept), and not sent by it
    await page.reload();
    await expectVisible(held.getByText('Not sent: it may hurt Ben'));
    expect((await ben.api.get(`/api/matches/${matchId}/messages`)).body).toEqual([]);

    await held.getByRole('button', { name: 'Send anyway' }).click();
    await eventually(async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as unknown[]).length === 1, 15_000, 'the message sent anyway');
    await expectVisible(held.locator('time'));
    expect(await held.getByText('Not sent: it may hurt Ben').count()).toBe(0);
  });

  it("a message sent anyway after 'Are you sure?' goes, and is no longer the draft: the box stays empty after a reload", async () => {
    const { ben, matchId } = await pair();
    const page = await phoneOf(ben);
    await openChat(page, matchId, 'Amelia');
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('Du bist ein Arschloch');
    await box.press('Enter');
    const nudge = page.getByRole('dialog', { name: 'Are you sure?' });
    await expectVisible(nudge);
    await nudge.getByRole('button', { name: 'Send anyway' }).click();
    await nudge.waitFor({ state: 'hidden' });
    await expectVisible(log(page, 'Amelia').locator('[data-own="true"]', { hasText: 'Du bist ein Arschloch' }).locator('time'));
    expect(await box.inputValue()).toBe('');
    await page.reload();
    await expectVisible(log(page, 'Amelia').getByText('Du bist ein Arschloch'));
    expect(await box.inputValue()).toBe('');
    expect(((await ben.api.get(`/api/matches/${matchId}/messages`)).body as { content: string }[]).map((m) => m.content)).toEqual(['Du bist ein Arschloch']);
  });

  it('a held message can be deleted; one whose match has ended leaves with the match', async () => {
    const { ben, matchId, page, connection, online } = await writeOffline('You are a bitch');
    const kept = () => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('aero.outbox.')));
    await online();
    await connection.connected(45_000);
    const held = log(page, 'Ben').locator('[data-message-id]', { hasText: 'You are a bitch' });
    await expectVisible(held.getByText('Not sent: it may hurt Ben'));

    // Delete: it is gone, here and after a reload, and never sent
    await held.getByRole('button', { name: 'Delete', exact: true }).click();
    await held.waitFor({ state: 'detached' });
    expect(await kept()).toEqual([]);
    await page.reload();
    await expectVisible(page.getByPlaceholder('Type a message...'));
    expect(await held.count()).toBe(0);
    expect((await ben.api.get(`/api/matches/${matchId}/messages`)).body).toEqual([]);

    // held again; Ben unmatches while Amelia is on her deck: back in Messages, the held message is gone with the match
    await connection.drop();
    await page.route('**/api/matches/*/messages', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
    await page.getByPlaceholder('Type a message...').fill('You are a bitch');
    await button(page, 'Send message').click();
    await expectVisible(log(page, 'Ben').getByText('Waiting for connection…'));
    await page.unroute('**/api/matches/*/messages');
    connection.restore();
    await connection.connected(45_000);
    await expectVisible(held.getByText('Not sent: it may hurt Ben'));
    expect((await kept()).length).toBe(1);
    await page.goto('/swipe');
    expect((await ben.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    await page.getByRole('link', { name: 'Messages' }).click();
    await expectVisible(page.getByText('No matches yet'));
    await eventually(async () => (await kept()).length === 0, 5_000, 'the held message to leave with its match');
  });

  it('what is typed and not sent is there again on coming back to the conversation, also after a reload; each conversation keeps its own; sent, it is gone', async () => {
    const { amelia, ben, matchId } = await pair();
    const cleo = await member('Cleo', { gender: 'male', interestedIn: 'woman' });
    const cleoMatch = await match(amelia, cleo);
    const phone = await phoneOf(amelia);
    const box = phone.getByPlaceholder('Type a message...');
    await openChat(phone, matchId, 'Ben');
    await box.fill('Are you flying the Lisbon turn on\nFriday?');
    // back to the list, and into another conversation: its box is empty
    await button(phone, 'Back').click();
    await phone.waitForURL(`${app.url}/messages`);
    await phone.getByRole('list', { name: 'Your matches' }).getByText('Cleo', { exact: true }).click();
    await expectVisible(phone.getByRole('heading', { name: 'Cleo', exact: true }));
    expect(await box.inputValue()).toBe('');
    await box.fill('Boarding soon');
    // back to Ben: what was typed for him is there, and stays after a reload
    await button(phone, 'Back').click();
    await phone.getByRole('list', { name: 'Your matches' }).getByText('Ben', { exact: true }).click();
    await expectVisible(phone.getByRole('heading', { name: 'Ben', exact: true }));
    expect(await box.inputValue()).toBe('Are you flying the Lisbon turn on\nFriday?');
    await phone.reload();
    await expectVisible(phone.getByRole('heading', { name: 'Ben', exact: true }));
    expect(await box.inputValue()).toBe('Are you flying the Lisbon turn on\nFriday?');
    // sent, it is no draft any more
    await box.press('Enter');
    await expectVisible(log(phone, 'Ben').getByText('Friday?', { exact: false }));
    expect(await box.inputValue()).toBe('');
    await eventually(async () => ((await ben.api.get(`/api/matches/${matchId}/messages`)).body as unknown[]).length === 1, 10_000, 'the message stored');
    await openChat(phone, matchId, 'Ben');
    expect(await box.inputValue()).toBe('');
    // Cleo's is still his
    await openChat(phone, cleoMatch, 'Cleo');
    expect(await box.inputValue()).toBe('Boarding soon');
  });

  it('a toast stands clear of the chat’s header (Back, the menu) and of its input', async () => {
    const { amelia, matchId } = await pair();
    const page = await phoneOf(amelia);
    await openChat(page, matchId, 'Ben');
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    const toast = toasts(page).locator('li').filter({ hasText: 'Please select an image file' });
    await expectVisible(toast);
    await settle(page);
    await screenshot(page, 'chat-toast');
    await expectToastClearOf(page, toast, [button(page, 'Back'), button(page, 'More options'), page.getByRole('textbox', { name: 'Message', exact: true }), mainNav(page)]);
    // the menu opens while the toast shows
    await button(page, 'More options').click();
    const menu = page.getByRole('dialog', { name: 'Options for Ben' });
    await expectVisible(menu);
    await menu.getByRole('button', { name: 'Cancel', exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
  });

  it('the message box’s focus ring stays clear of the Send button and the photo button beside it', async () => {
    const { amelia, matchId } = await pair();
    const page = await phoneOf(amelia);
    await openChat(page, matchId, 'Ben');
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.click();
    await box.fill('Hello');
    // the ring as drawn: the box grown by the outline's offset and width (nothing when inside its edge)
    const ring = await box.evaluate((el) => {
      const style = getComputedStyle(el);
      const out = Math.max(0, parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth));
      const r = el.getBoundingClientRect();
      return { style: style.outlineStyle, left: r.left - out, right: r.right + out };
    });
    expect(ring.style).not.toBe('none');
    const send = (await button(page, 'Send message').boundingBox())!;
    const photo = (await button(page, 'Send a photo').boundingBox())!;
    expect(ring.right).toBeLessThanOrEqual(send.x);
    expect(ring.left).toBeGreaterThanOrEqual(photo.x + photo.width);
    await settle(page);
    await screenshot(page, 'chat-input-focus');
    await page.emulateMedia({ colorScheme: 'dark' });
    await settle(page);
    await screenshot(page, 'chat-input-focus-dark');
  });

  it('blocking from the overflow menu ends the conversation for both', async () => {
    const { amelia, ben, matchId } = await pair();
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { id: crypto.randomUUID(), content: 'Wheels up in ten!', messageType: 'text' })).status).toBe(201);
    const ameliaPhone = await phoneOf(amelia);
    const benPhone = await phoneOf(ben);

    // Amelia's list marks the unread message; opening the chat reads it
    await ameliaPhone.goto('/messages');
    await expectVisible(ameliaPhone.getByRole('list', { name: 'Your matches' }).getByText('Unread messages'));
    await openChat(ameliaPhone, matchId, 'Ben');
    await expectVisible(log(ameliaPhone, 'Ben').getByText('Wheels up in ten!'));
    await openChat(benPhone, matchId, 'Amelia');

    // the menu: Unmatch, Block, Cancel; Cancel closes it
    await button(ameliaPhone, 'More options').click();
    const menu = ameliaPhone.getByRole('dialog', { name: 'Options for Ben' });
    await expectVisible(menu);
    for (const name of ['Unmatch', 'Block', 'Cancel']) await expectVisible(menu.getByRole('button', { name, exact: true }));
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-menu');
    await menu.getByRole('button', { name: 'Cancel', exact: true }).click();
    await menu.waitFor({ state: 'hidden' });

    // Block asks first; cancelling keeps the chat
    await button(ameliaPhone, 'More options').click();
    await menu.getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = ameliaPhone.getByRole('dialog', { name: 'Block Ben?' });
    await expectVisible(confirm.getByText(/Are you sure you want to block Ben\?/));
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-block-confirm');
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();

    // both are back at an empty list; what Amelia was told about Ben (the match, his message)
    // left Activity, and its badge follows at once
    await ameliaPhone.waitForURL(`${app.url}/messages`);
    await expectVisible(ameliaPhone.getByText('No matches yet'));
    // and she is told it is done
    await expectVisible(toasts(ameliaPhone).getByText('Ben blocked'));
    await expectVisible(toasts(ameliaPhone).getByText('They can no longer see you or message you.'));
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-blocked');
    await eventually(async () => (await amelia.api.get('/api/notifications')).body.every((n: { data: { fromUserId?: string } }) => n.data.fromUserId !== ben.id), 10_000, 'the notifications about Ben to go');
    await expectBadge(ameliaPhone, amelia);
    await expectVisible(ameliaPhone.getByText('Start swiping to find your perfect aviation connection!'));
    await benPhone.waitForURL(`${app.url}/messages`);
    await expectVisible(benPhone.getByText('No matches yet'));
    await settle(benPhone);
    await screenshot(benPhone, 'chat-list-empty');
    expect((await amelia.api.get('/api/blocks')).body).toEqual([expect.objectContaining({ userId: ben.id })]);

    // 'Start Swiping' leads to the deck
    await button(benPhone, 'Start Swiping').click();
    await benPhone.waitForURL(`${app.url}/swipe`);
  });

  it('a message to a match that ended while its push was missed says the conversation is gone, as a reload would', async () => {
    const { amelia, ben, matchId } = await pair();
    const { page, connection } = await chatPhone(ben, matchId, 'Amelia');
    // his real-time connection is down (the end's push does not reach him); sending goes over HTTP
    await connection.drop();
    expect((await amelia.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    await page.getByPlaceholder('Type a message...').fill('Still on for dinner?');
    await button(page, 'Send message').click();
    await expectVisible(page.getByText('This conversation is no longer available.'));
    await expectVisible(button(page, 'Back to messages'));
    // said once: no toast of the refusal over it
    expect(await toasts(page).getByText('Match not found').count()).toBe(0);
    expect(await toasts(page).getByText('Failed to send message').count()).toBe(0);
    expect(await toasts(page).getByText('Message Error').count()).toBe(0);
    await screenshot(page, 'chat-send-to-ended-match');
  });

  it('a message sent over the real-time connection to a match whose end was not heard says the conversation is gone, once: no toast of the refusal over it', async () => {
    const { amelia, ben, matchId } = await pair();
    const { page, connection } = await chatPhone(ben, matchId, 'Amelia');
    // his real-time connection is up: a message of hers comes through it (or its first
    // authentication's fetch), and what reading it fetches again has come back
    expect((await amelia.api.post(`/api/matches/${matchId}/messages`, { content: 'Dinner at eight?', messageType: 'text' })).status).toBe(201);
    await expectVisible(log(page, 'Amelia').getByText('Dinner at eight?'));
    await page.waitForLoadState('networkidle');
    // the end's push lost, and the one that takes its notifications away (the match list fetched
    // again would tell the page before it sends)
    connection.miss(SocketEvents.matchEnded);
    connection.miss(SocketEvents.notificationsRemoved);
    expect((await amelia.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/matches/${matchId}/messages` && posts++);
    await page.getByPlaceholder('Type a message...').fill('Still on for dinner?');
    await button(page, 'Send message').click();
    await expectVisible(page.getByText('This conversation is no longer available.'));
    // (refused over the socket, whose message_error push came before its answer)
    expect(posts).toBe(0);
    expect(await toasts(page).getByText('Match not found').count()).toBe(0);
    expect(await toasts(page).getByText('Message Error').count()).toBe(0);
  });

  it('a message to a match that ended unheard says the conversation is gone even when a fetch of the match list from before the end was under way', async () => {
    const { amelia, ben, matchId } = await pair();
    const { page, connection } = await chatPhone(ben, matchId, 'Amelia');
    await connection.drop();
    // the list's next fetch answers from before the end, and only once the refusal has come
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route('**/api/matches', async (route) => {
      if (route.request().method() !== 'GET' || held > 0) return route.continue();
      held++;
      const stale = await route.fetch();
      await released;
      await route.fulfill({ response: stale });
    });
    await page.route(`**/api/matches/${matchId}/messages`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const refusal = await route.fetch();
      await route.fulfill({ response: refusal });
      setTimeout(release, 500);
    });
    // back to the list and into the conversation again: the list is fetched again (held)
    await button(page, 'Back').click();
    await page.getByRole('list', { name: 'Your matches' }).getByText('Amelia', { exact: true }).click();
    await expectVisible(page.getByRole('heading', { name: 'Amelia', exact: true }));
    await eventually(async () => held === 1, 10_000, 'the fetch of the list under way');
    expect((await amelia.api.delete(`/api/matches/${matchId}`)).status).toBe(200);
    await page.getByPlaceholder('Type a message...').fill('Still on for dinner?');
    await button(page, 'Send message').click();
    await expectVisible(page.getByText('This conversation is no longer available.'));
    expect(await toasts(page).getByText('Match not found').count()).toBe(0);
  });

  it("a message refused as 'Match not found' while the match list still has the match (a match too new for messaging) is told in a toast, and its text stays", async () => {
    const { ben, matchId } = await pair();
    const { page, connection } = await chatPhone(ben, matchId, 'Amelia');
    await connection.drop();
    // messaging has not heard of the match yet: it answers as for an unknown one
    await page.route(`**/api/matches/${matchId}/messages`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ statusCode: 404, code: 'match_not_found', message: 'Match not found' }) })
        : route.continue(),
    );
    const box = page.getByPlaceholder('Type a message...');
    await box.fill('Hi Amelia!');
    await button(page, 'Send message').click();
    await expectVisible(toasts(page).getByText('Failed to send message', { exact: true }));
    await expectVisible(toasts(page).getByText('Match not found', { exact: true }));
    // the conversation is still open, with what he wrote, to send again
    expect(await page.getByText('This conversation is no longer available.').count()).toBe(0);
    await expectVisible(page.getByRole('heading', { name: 'Amelia', exact: true }));
    expect(await box.inputValue()).toBe('Hi Amelia!');
  });

  it('unmatching from the overflow menu removes the conversation for both', async () => {
    const { amelia, ben, matchId } = await pair();
    const ameliaPhone = await phoneOf(amelia);
    const benPhone = await phoneOf(ben);
    await benPhone.goto(`/messages?matchId=${matchId}`);
    await expectVisible(benPhone.getByRole('heading', { name: 'Amelia', exact: true }));
    // the matches cannot be loaded: the chat says so and tries again, it does not call the match gone
    await ameliaPhone.route('**/api/matches', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"Service unavailable"}' }));
    await ameliaPhone.goto(`/messages?matchId=${matchId}`);
    await expectVisible(ameliaPhone.getByText('This conversation could not be loaded.'));
    expect(await ameliaPhone.getByText('This conversation is no longer available.').count()).toBe(0);
    await ameliaPhone.unroute('**/api/matches');
    // the retry button loads it, unless the real-time connection's resync (it refetches the
    // matches once connected) got there first
    await button(ameliaPhone, 'Try Again').click({ timeout: 5_000 }).catch(() => undefined);
    await expectVisible(ameliaPhone.getByRole('heading', { name: 'Ben', exact: true }));
    // the answer to her unmatch is slow: the real-time push of the match's end reaches her tab first
    let pushFirst = false;
    await ameliaPhone.route(`**/api/matches/${matchId}`, async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      const response = await route.fetch();
      pushFirst = await ameliaPhone.waitForURL(`${app.url}/messages`, { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      await ameliaPhone.waitForTimeout(1_000);
      await route.fulfill({ response });
    });
    await button(ameliaPhone, 'More options').click();
    await ameliaPhone.getByRole('dialog', { name: 'Options for Ben' }).getByRole('button', { name: 'Unmatch', exact: true }).click();
    const confirm = ameliaPhone.getByRole('dialog', { name: 'Unmatch Ben?' });
    await confirm.getByRole('button', { name: 'Unmatch', exact: true }).click();
    await ameliaPhone.waitForURL(`${app.url}/messages`);
    await expectVisible(ameliaPhone.getByText('No matches yet'));
    // Ben had the conversation open: it goes, and he is told why
    await expectVisible(toasts(benPhone).getByText('This conversation is no longer available.'));
    await benPhone.waitForURL(`${app.url}/messages`);
    await expectVisible(benPhone.getByText('No matches yet'));
    expect((await amelia.api.get('/api/matches')).body).toEqual([]);
    // Amelia ended it herself: back at her list, she is told it is done, not that it is no longer available
    await eventually(() => pushFirst, 15_000, 'the push to come before the answer');
    await expectVisible(toasts(ameliaPhone).getByText('Unmatched'));
    await expectVisible(toasts(ameliaPhone).getByText('Your conversation with Ben has been removed.'));
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'chat-unmatched');
    await ameliaPhone.waitForTimeout(1_500);
    expect(await ameliaPhone.getByText('This conversation is no longer available.').count()).toBe(0);
    await expectVisible(ameliaPhone.getByText('No matches yet'));
  });
});
