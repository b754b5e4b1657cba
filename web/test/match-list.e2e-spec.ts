import type { BrowserContext, Page, Route } from 'playwright-core';
import { eventually, type RunningProcess } from '@aero/testing';
import { expectVisible, type Member, newMember, pays, screenshot, settle, signIn, useMemberPhones } from './browser';

// The match list and the chat's presence as members see them, each on a phone of their own, against
// the real product in single-node mode: a new match shows each the other's presence at once, the
// list's own word on presence counts, a row invites to start chatting only where nobody has written
// yet, and the list keeps the most active conversation on top, live.
describe('match list (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let openPhone: () => Promise<{ context: BrowserContext; page: Page }>;
  useMemberPhones({}, (s) => ({ app, openPhone } = s));

  const man = (firstName: string, profile: Record<string, unknown> = {}) => newMember(app.url, password, firstName, { gender: 'male', interestedIn: 'woman', ...profile });
  const woman = (firstName: string, profile: Record<string, unknown> = {}) => newMember(app.url, password, firstName, { gender: 'female', interestedIn: 'man', ...profile });

  /** `from` likes `to` (once `to` has reached discovery); the match's id when it made one */
  async function like(from: Member, to: Member): Promise<string | undefined> {
    const body = await eventually(async () => {
      const res = await from.api.patch('/api/likes', { toUserId: to.id, isSuper: false });
      return res.status === 200 && (res.body as { isMatch: boolean; match?: { id: string } });
    }, 30_000, 'the like');
    return body.match?.id;
  }

  async function matched(a: Member, b: Member): Promise<string> {
    await like(a, b);
    const matchId = (await like(b, a))!;
    await eventually(async () => (await a.api.get(`/api/matches/${matchId}/messages`)).status === 200, 30_000, 'the conversation');
    return matchId;
  }

  /** a phone of its own with the member signed in, on the match list */
  async function phoneOf(m: Member, before?: (page: Page) => Promise<void>): Promise<Page> {
    const { page } = await openPhone();
    await before?.(page);
    await signIn(page, m.email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/messages');
    await expectVisible(page.getByRole('heading', { name: 'Messages' }));
    return page;
  }

  const rows = (p: Page) => p.getByRole('list', { name: 'Your matches' }).getByRole('link');
  const row = (p: Page, name: string) => rows(p).filter({ has: p.getByText(name, { exact: true }) });
  const names = (p: Page) => rows(p).locator('.name').allInnerTexts();

  async function shoot(p: Page, name: string) {
    await settle(p);
    await screenshot(p, name);
  }

  it('new matches see each other online at once, in the list and in the chat, without a reload', async () => {
    const marc = await man('Marc');
    const julie = await woman('Julie');
    await like(julie, marc);
    // both have the app open before they match
    const marcPhone = await phoneOf(marc);
    const juliePhone = await phoneOf(julie);
    await expectVisible(marcPhone.getByText('No matches yet'));

    // Marc likes Julie back (from his other device): both lists show the match, online
    const matchId = (await like(marc, julie))!;
    await expectVisible(row(marcPhone, 'Julie').getByText('Online', { exact: true }));
    await expectVisible(row(juliePhone, 'Marc').getByText('Online', { exact: true }));
    await shoot(marcPhone, 'match-list-new-match-online');

    // both open the chat: each header says the other is online now
    await row(marcPhone, 'Julie').click();
    await marcPhone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await row(juliePhone, 'Marc').click();
    await expectVisible(marcPhone.getByRole('heading', { name: 'Julie', exact: true }));
    await expectVisible(juliePhone.getByRole('heading', { name: 'Marc', exact: true }));
    await expectVisible(marcPhone.getByText('Online now'));
    await expectVisible(juliePhone.getByText('Online now'));
    expect(await marcPhone.getByText('Offline', { exact: true }).count()).toBe(0);
    await shoot(juliePhone, 'match-list-new-match-chat-online');

    // Julie closes the app: Marc sees her go
    await juliePhone.context().close();
    await expectVisible(marcPhone.getByText('Offline', { exact: true }));
  });

  it('the list’s own word on who is online counts when a presence push never came', async () => {
    const marc = await man('Marco');
    const julie = await woman('Juliette');
    const matchId = await matched(marc, julie);
    // Marc's connection loses every 'user_online' the server sends him
    const marcPhone = await phoneOf(marc, async (page) => {
      await page.routeWebSocket(/\/ws\//, (ws) => {
        const server = ws.connectToServer();
        server.onMessage((message) => {
          if (!String(message).includes('"user_online"')) ws.send(message);
        });
      });
    });
    await expectVisible(row(marcPhone, 'Juliette'));
    expect(await row(marcPhone, 'Juliette').getByText('Online', { exact: true }).count()).toBe(0);

    // Juliette opens the app; Marc's list is fetched again (a message of hers): it says she is online.
    // She opens the conversation from her list, in the app: a page load would close her connection
    // and open another, and Marc would hear her go (user_offline) at a moment the test does not
    // choose (possibly after his list said she was online), while her coming back (user_online) is
    // what his connection loses.
    const juliePhone = await phoneOf(julie);
    await eventually(async () => ((await marc.api.get('/api/matches')).body as { online: boolean }[])[0]?.online, 15_000, 'Juliette online on the server');
    await row(juliePhone, 'Marco').click();
    await juliePhone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await juliePhone.getByPlaceholder('Type a message...').fill('Hi Marco!');
    await juliePhone.getByPlaceholder('Type a message...').press('Enter');
    await expectVisible(row(marcPhone, 'Juliette').getByText('Online', { exact: true }));
    await row(marcPhone, 'Juliette').click();
    await expectVisible(marcPhone.getByText('Online now'));
  });

  /** a general member (no airline, no position) who paid, so she writes and swipes */
  async function subscriber(firstName: string) {
    const m = await woman(firstName, { userType: 'general', airline: null, position: null });
    await pays(m.api);
    return m;
  }

  const write = (m: Member, matchId: string, content: string) =>
    eventually(async () => (await m.api.post(`/api/matches/${matchId}/messages`, { id: crypto.randomUUID(), content, messageType: 'text' })).status === 201, 30_000, 'the message');

  it('invites to start chatting only where nobody has written yet', async () => {
    const marc = await man('Maxime');
    const gina = await subscriber('Gina');
    const gwen = await subscriber('Gwen');
    const ada = await woman('Adele');
    await matched(marc, gwen);
    await write(gina, await matched(marc, gina), 'Hello pilot!');
    await matched(marc, ada);
    const phone = await phoneOf(marc);
    await expectVisible(row(phone, 'Gina'));
    // a member with a position: 'position at airline'; one without: the invitation while they have
    // not written, none once they talk
    await expectVisible(row(phone, 'Adele').getByText('Pilot at Delta Air Lines'));
    await expectVisible(row(phone, 'Gwen').getByText('Click to start chatting!'));
    await expectVisible(row(phone, 'Gina').getByText('Click to continue chatting'));
    expect(await row(phone, 'Gina').getByText('Click to start chatting!').count()).toBe(0);
    await shoot(phone, 'match-list-subtitles');

    // with the keyboard: the conversation opened takes the focus to its heading (the row pressed is
    // gone with the list), and Back to the list's
    const focused = () => phone.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`);
    await row(phone, 'Gina').focus();
    await phone.keyboard.press('Enter');
    await expectVisible(phone.getByRole('heading', { name: 'Gina' }));
    await eventually(async () => (await focused()) === 'H1 Gina', 3_000, 'the focus on the conversation\'s heading');
    await phone.getByRole('button', { name: 'Back' }).focus();
    await phone.keyboard.press('Enter');
    await expectVisible(row(phone, 'Gina'));
    await eventually(async () => (await focused()) === 'H1 Messages', 3_000, 'the focus on the list\'s heading');
  });

  it('a long list scrolls within itself: the page keeps its header and Back at its end', async () => {
    const marc = await man('Malo');
    // many matches, each with an unread message (a visually hidden 'Unread' per row)
    const matches = Array.from({ length: 16 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      otherUser: { id: `00000000-0000-4000-9000-${String(i + 1).padStart(12, '0')}`, firstName: `Crew${i + 1}`, mainPhoto: null, position: null, airline: null },
      hasMessages: true,
      hasUnreadMessages: true,
      online: false,
      createdAt: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    }));
    const phone = await phoneOf(marc, async (page) => {
      await page.route('**/api/matches', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(matches) }));
    });
    await expectVisible(row(phone, 'Crew1'));
    await phone.getByRole('list', { name: 'Your matches' }).evaluate((ul) => ul.scrollTo(0, ul.scrollHeight));
    await phone.waitForTimeout(300);
    expect(await phone.evaluate(() => document.documentElement.scrollHeight)).toBe(await phone.evaluate(() => innerHeight));
    await expectVisible(phone.getByRole('button', { name: 'Back', exact: true }));
    await shoot(phone, 'match-list-scrolled-to-end');
  });

  it('an ended match is not asked for its messages again: neither by the open chat nor by a reload', async () => {
    const marc = await man('Milo');
    const julie = await woman('Jade');
    const matchId = await matched(marc, julie);
    const messageCalls = (p: Page) => {
      const urls: string[] = [];
      p.on('request', (r) => {
        if (new URL(r.url()).pathname === `/api/matches/${matchId}/messages`) urls.push(r.url());
      });
      return urls;
    };
    const juliePhone = await phoneOf(julie);
    await row(juliePhone, 'Milo').click();
    await expectVisible(juliePhone.getByRole('heading', { name: 'Milo', exact: true }));
    const marcPhone = await phoneOf(marc);
    await row(marcPhone, 'Jade').click();
    await expectVisible(marcPhone.getByRole('heading', { name: 'Jade', exact: true }));
    await settle(juliePhone);
    const julieCalls = messageCalls(juliePhone);
    const marcCalls = messageCalls(marcPhone);

    // Marc unmatches from his open chat; Julie's open chat hears it
    await marcPhone.getByRole('button', { name: 'More options' }).click();
    await marcPhone.getByRole('button', { name: 'Unmatch', exact: true }).click();
    await marcPhone.getByRole('dialog', { name: 'Unmatch Jade?' }).getByRole('button', { name: 'Unmatch' }).click();
    await expectVisible(marcPhone.getByText('No matches yet'));
    await expectVisible(juliePhone.getByText('No matches yet'));
    await settle(juliePhone);
    await settle(marcPhone);
    // both come back to the conversation's address (a reload, the browser's Back)
    for (const p of [juliePhone, marcPhone]) {
      await p.goto(`/messages?matchId=${matchId}`);
      await expectVisible(p.getByText('This conversation is no longer available.'));
      await settle(p);
    }
    expect({ julie: julieCalls, marc: marcCalls }).toEqual({ julie: [], marc: [] });
  });

  it('keeps the most active conversation on top, moving it there live as a message is sent or received', async () => {
    const marc = await man('Mathis');
    const bea = await woman('Beatrice');
    const ada = await woman('Ada');
    const beaMatch = await matched(marc, bea);
    await write(bea, beaMatch, 'Hello pilot!');
    // the match with Ada is newer than Beatrice's message
    const adaMatch = await matched(marc, ada);
    const phone = await phoneOf(marc);
    await expectVisible(row(phone, 'Ada'));
    expect(await names(phone)).toEqual(['Ada', 'Beatrice']);

    // each message makes the app fetch the list again; the row moves at once, however long that takes
    const held: (() => void)[] = [];
    const release = () => held.splice(0).forEach((go) => go());
    const slowList = async (route: Route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      // a call the page gave up meanwhile (a reload) is gone
      await route.continue().catch(() => undefined);
    };
    await phone.route('**/api/matches', slowList);
    // Marc's phone is connected for pushes (signed in on the socket: Beatrice sees him online)
    await eventually(async () => ((await bea.api.get('/api/matches')).body as { otherUser: { id: string }; online: boolean }[]).some((m) => m.otherUser.id === marc.id && m.online), 30_000, "Marc's phone connected");

    // Beatrice writes again: her conversation moves to the top while Marc looks at the list
    await write(bea, beaMatch, 'Still there?');
    await eventually(async () => (await names(phone))[0] === 'Beatrice', 10_000, 'Beatrice on top');
    expect(await names(phone)).toEqual(['Beatrice', 'Ada']);
    await shoot(phone, 'match-list-received-on-top');
    release();

    // Marc writes to Ada from the chat: back in the list, Ada is on top
    await row(phone, 'Ada').click();
    await phone.waitForURL(`${app.url}/messages?matchId=${adaMatch}`);
    await phone.getByPlaceholder('Type a message...').fill('Coffee at DFW?');
    await phone.getByPlaceholder('Type a message...').press('Enter');
    await expectVisible(phone.getByRole('log', { name: 'Conversation with Ada' }).getByText('Coffee at DFW?'));
    await phone.getByRole('button', { name: 'Back', exact: true }).click();
    await expectVisible(row(phone, 'Ada'));
    // the send's own answer, or its push, moves Ada up (the list's fetch is still held back)
    await eventually(async () => (await names(phone))[0] === 'Ada', 10_000, 'Ada on top');
    expect(await names(phone)).toEqual(['Ada', 'Beatrice']);
    release();
    await phone.unroute('**/api/matches', slowList);
    // and the list the server gives agrees
    await phone.reload();
    await expectVisible(row(phone, 'Ada'));
    expect(await names(phone)).toEqual(['Ada', 'Beatrice']);
    await shoot(phone, 'match-list-sent-on-top');
  });
});
