import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { eventually, type RunningProcess } from '@aero/testing';
import { Limits } from '@aero/contracts/shared';
import { controlledConnection, expectBadge, expectVisible, mainNav, matchMembers, type Member, newMember, pays, screenshot, settle, signIn, unreadOf, useMemberPhones } from './browser';

// Activity as members see it on their phones, against the real product in single-node mode: a
// like from another member counts the Activity badge up while the page stays open, the list shows
// it, a click marks it read and opens the swipe screen; a match and a message arrive live and lead
// to the conversation; a member with nothing to be told sees the empty state.
describe('activity (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  const SHOTS = '/tmp/activity-shots';
  let app: RunningProcess;
  let openPhone: () => Promise<{ context: BrowserContext; page: Page }>;
  useMemberPhones({}, (s) => ({ app, openPhone } = s));
  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  async function member(firstName: string, profile: { gender: 'male' | 'female'; interestedIn: 'man' | 'woman' }): Promise<Member> {
    const m = await newMember(app.url, password, firstName, profile);
    // the welcome of a new member is stored through an event: wait for it, so counts are known
    await eventually(async () => ((await m.api.get('/api/notifications')).body as { title: string }[]).some((n) => n.title === 'Welcome to AeroMatch'), 30_000, 'the welcome');
    return m;
  }

  /** `from` likes `to` (once `to` has reached discovery); the answer tells whether they matched. */
  async function like(from: Member, to: Member) {
    return eventually(async () => {
      const res = await from.api.patch('/api/likes', { toUserId: to.id, isSuper: false });
      return res.status === 200 && (res.body as { isMatch: boolean; match?: { id: string } });
    }, 30_000, 'the like');
  }

  async function phoneOf(m: Member): Promise<Page> {
    const { page } = await openPhone();
    await signIn(page, m.email, password);
    await page.waitForURL(`${app.url}/swipe`);
    return page;
  }

  async function shoot(page: Page, name: string) {
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
    await screenshot(page, name);
  }

  const nav = mainNav;
  const activityLink = (p: Page) => nav(p).getByRole('link', { name: /^Activity/ });
  const list = (p: Page) => p.getByRole('list', { name: 'Your notifications' });
  const item = (p: Page, title: string) => list(p).getByRole('button', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

  it('a like counts the Activity badge up live; the item shows, and a click marks it read and opens /swipe', async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const phone = await phoneOf(amelia);
    const before = await expectBadge(phone, amelia);

    // Ben likes Amelia while her swipe screen is open: the badge counts up without a reload
    expect((await like(ben, amelia)).isMatch).toBe(false);
    await eventually(async () => ((await amelia.api.get('/api/notifications')).body as { title: string }[]).some((n) => n.title === 'Ben liked you'), 30_000, 'the like notification');
    const after = await expectBadge(phone, amelia);
    expect(after).toBeGreaterThan(before);
    expect(phone.url()).toBe(`${app.url}/swipe`);

    // the list: Ben's like with its type, text, date and time and the unread mark
    await activityLink(phone).click();
    await phone.waitForURL(`${app.url}/notifications`);
    await expectVisible(phone.getByRole('heading', { name: 'Activity', level: 1 }));
    const benLike = item(phone, 'Ben liked you');
    await expectVisible(benLike);
    await expectVisible(benLike.getByText('Swipe right on Ben to match.'));
    await expectVisible(benLike.getByText('Like', { exact: true }));
    await expectVisible(benLike.getByText('Unread', { exact: true }));
    expect(await benLike.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // just now, so relative (older ones keep their date); the full date and time on hover
    expect(await benLike.locator('time').innerText()).toMatch(/^(now|1 minute ago|\d+ minutes ago)$/);
    expect(await benLike.locator('time').getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2}\s?(AM|PM)$/);
    await shoot(phone, 'activity-like-time');
    // the welcome every new member gets ('other': the server's own text)
    await expectVisible(item(phone, 'Welcome to AeroMatch'));

    // a click: read (the server agrees), the badge counts down, and the swipe screen opens
    await benLike.click();
    await phone.waitForURL(`${app.url}/swipe`);
    await eventually(async () => {
      const notes = (await amelia.api.get('/api/notifications')).body as { title: string; read: boolean }[];
      return notes.find((n) => n.title === 'Ben liked you')?.read === true;
    }, 10_000, 'the read mark on the server');
    await expectBadge(phone, amelia);
    await phone.goBack();
    await phone.waitForURL(`${app.url}/notifications`);
    await expectVisible(item(phone, 'Ben liked you'));
    expect(await item(phone, 'Ben liked you').getByText('Unread', { exact: true }).count()).toBe(0);

    // Back goes to /swipe
    await phone.getByRole('button', { name: 'Back', exact: true }).click();
    await phone.waitForURL(`${app.url}/swipe`);
  });

  it('a match and a message arrive in the open list live; each opens the conversation', async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    await like(ben, amelia);
    const phone = await phoneOf(amelia);
    await phone.goto('/notifications');
    await expectVisible(item(phone, 'Ben liked you'));
    // read the welcome, so the list shows read and unread items
    await item(phone, 'Welcome to AeroMatch').click();
    await expectVisible(item(phone, 'Welcome to AeroMatch'));
    expect(phone.url()).toBe(`${app.url}/notifications`);

    // Amelia likes Ben back (from another device): the match shows up in the open list, read (her
    // own like made it, and that device showed her 'It's a Match!')
    const liked = await like(amelia, ben);
    expect(liked.isMatch).toBe(true);
    const matchId = liked.match!.id;
    await expectVisible(item(phone, "It's a match with Ben!"));
    expect(await item(phone, "It's a match with Ben!").getByText('Unread', { exact: true }).count()).toBe(0);
    await expectVisible(item(phone, "It's a match with Ben!").getByText('You and Ben liked each other. Say hello!'));
    await expectVisible(item(phone, "It's a match with Ben!").getByText('Match', { exact: true }));
    // Ben's like led to it: it is read now
    await eventually(async () => ((await amelia.api.get('/api/notifications')).body as { title: string; read: boolean }[]).find((n) => n.title === 'Ben liked you')?.read === true, 10_000, 'the like read with the match');
    await eventually(async () => (await item(phone, 'Ben liked you').getByText('Unread', { exact: true }).count()) === 0, 10_000, 'the like shown read');
    // and no longer asks to swipe right on Ben: they matched
    await eventually(async () => (await item(phone, 'Ben liked you').getByText('Swipe right on Ben to match.').count()) === 0, 10_000, 'the like without its call to action');
    await expectVisible(item(phone, 'Ben liked you'));

    // Ben writes: the message shows up too, with its words
    await eventually(async () => (await ben.api.get(`/api/matches/${matchId}/messages`)).status === 200, 30_000, 'the conversation');
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { id: crypto.randomUUID(), content: 'Coffee at the crew lounge?', messageType: 'text' })).status).toBe(201);
    await expectVisible(item(phone, 'New message from Ben'));
    await expectVisible(item(phone, 'New message from Ben').getByText('Coffee at the crew lounge?'));
    const unread = await expectBadge(phone, amelia);
    expect(unread).toBeGreaterThanOrEqual(1);
    // newest first
    const titles = await list(phone).locator('button .title').allInnerTexts();
    const order = ['New message from Ben', "It's a match with Ben!", 'Ben liked you', 'Welcome to AeroMatch'].map((t) => titles.indexOf(t));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBe(0);
    await shoot(phone, 'activity-list');

    // the message opens the conversation with Ben; reading the conversation reads what she was
    // told of its messages (and of its match)
    await item(phone, 'New message from Ben').click();
    await phone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await expectVisible(phone.getByRole('heading', { name: 'Ben', exact: true }));
    await eventually(async () => (await unreadOf(amelia)) === unread - 1, 15_000, 'the read mark on the server');
    expect(await expectBadge(phone, amelia)).toBe(unread - 1);

    // and so does the match (read already: nothing more to count)
    await phone.goto('/notifications');
    await item(phone, "It's a match with Ben!").click();
    await phone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await expectVisible(phone.getByRole('heading', { name: 'Ben', exact: true }));
    await eventually(async () => (await unreadOf(amelia)) === unread - 1, 15_000, 'the read mark on the server');
    expect(await expectBadge(phone, amelia)).toBe(unread - 1);

    // the list again: the message and the match read now
    await phone.goto('/notifications');
    await expectVisible(item(phone, 'Ben liked you'));
    expect(await item(phone, 'New message from Ben').getByText('Unread', { exact: true }).count()).toBe(0);
    expect(await item(phone, "It's a match with Ben!").getByText('Unread', { exact: true }).count()).toBe(0);
    await shoot(phone, 'activity-list-read');
  });

  it("a new match's conversation, opened with nothing in it yet, reads what the member was told of the match", async () => {
    const cleo = await member('Cleo', { gender: 'female', interestedIn: 'man' });
    const dan = await member('Dan', { gender: 'male', interestedIn: 'woman' });
    await like(cleo, dan);
    // Dan's like answers Cleo's (from his device): the match is news to her
    const matchId = (await like(dan, cleo)).match!.id;
    const matchOf = async () => ((await cleo.api.get('/api/notifications')).body as { type: string; read: boolean }[]).find((n) => n.type === 'match');
    await eventually(matchOf, 30_000, "Cleo's match notification");
    const phone = await phoneOf(cleo);
    const reads: string[] = [];
    phone.on('request', (r) => r.url().endsWith(`/api/matches/${matchId}/read`) && reads.push(r.method()));
    await expectBadge(phone, cleo);
    await nav(phone).getByRole('link', { name: 'Messages' }).click();
    await phone.getByRole('list', { name: 'Your matches' }).getByRole('link').filter({ hasText: 'Dan' }).click();
    await phone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await expectVisible(phone.getByText('Start the conversation!'));
    await eventually(async () => (await matchOf())?.read === true, 15_000, 'the match read on the server');
    // the badge follows without a reload; the conversation was read once, not again and again
    await expectBadge(phone, cleo);
    expect(reads).toEqual(['POST']);
    await phone.goto('/notifications');
    await expectVisible(item(phone, "It's a match with Dan!"));
    expect(await item(phone, "It's a match with Dan!").getByText('Unread', { exact: true }).count()).toBe(0);
  });

  it("a match the other member's swipe makes shows 'It's a Match!' with their name and 'Send Message' to the chat; one's own swipe shows only the match screen", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    await like(ben, amelia);
    const benPhone = await phoneOf(ben);
    await nav(benPhone).getByRole('link', { name: 'Profile' }).click();
    await expectVisible(benPhone.getByRole('heading', { name: 'Ben' }));
    const benToasts = benPhone.getByRole('region', { name: 'Notifications (F8)' });

    // Ben liked Amelia and is the newest member: his card tops her deck; she likes it
    const ameliaPhone = await phoneOf(amelia);
    const top = ameliaPhone.locator('[data-card-id]').first();
    await eventually(async () => (await top.getAttribute('data-card-id')) === ben.id, 15_000, "Ben's card on top");
    await ameliaPhone.getByRole('button', { name: 'Like', exact: true }).click();
    await ameliaPhone.waitForURL((url) => url.pathname === '/match' && !!url.searchParams.get('matchId'));
    const matchId = new URL(ameliaPhone.url()).searchParams.get('matchId')!;
    // she keeps matching at once: on the deck, no toast tells her of it again
    await ameliaPhone.getByRole('button', { name: 'Keep Matching', exact: true }).click();
    await ameliaPhone.waitForURL(`${app.url}/swipe`);

    // Ben, on his profile, is told: who, and the way to the chat
    await expectVisible(benToasts.getByText("It's a Match!", { exact: true }));
    await expectVisible(benToasts.getByText('You and Amelia like each other.', { exact: true }));
    await shoot(benPhone, 'match-toast-profile');
    expect(await ameliaPhone.getByRole('region', { name: 'Notifications (F8)' }).getByText("It's a Match!", { exact: true }).count()).toBe(0);
    // nor does her Activity count it as news: the match screen told her
    const hers = await eventually(async () => ((await amelia.api.get('/api/notifications')).body as { type: string; read: boolean }[]).find((n) => n.type === 'match'), 15_000, 'her notification of the match');
    expect(hers.read).toBe(true);
    await expectBadge(ameliaPhone, amelia);
    await benToasts.getByRole('button', { name: 'Send Message' }).click();
    await benPhone.waitForURL(`${app.url}/messages?matchId=${matchId}`);
    await expectVisible(benPhone.getByRole('heading', { name: 'Amelia', exact: true }));
    await ameliaPhone.waitForTimeout(1_000);
    expect(await ameliaPhone.getByRole('region', { name: 'Notifications (F8)' }).getByText("It's a Match!", { exact: true }).count()).toBe(0);
  });

  it("a message from a match shows the toast 'New message' with its sender and text, and 'Open' to the conversation, on any screen but the messages screen", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const matchId = await matchMembers(amelia, ben);
    const phone = await phoneOf(amelia);
    const toasts = phone.getByRole('region', { name: 'Notifications (F8)' });
    const write = async (content: string) => expect((await ben.api.post(`/api/matches/${matchId}/messages`, { id: crypto.randomUUID(), content, messageType: 'text' })).status).toBe(201);
    await expectBadge(phone, amelia);
    // on the deck
    await write('Are you on the Denver layover?');
    await expectVisible(toasts.getByText('New message', { exact: true }));
    // who wrote (the match list's first name) and what
    await expectVisible(toasts.getByText('Ben: Are you on the Denver layover?', { exact: true }));
    await shoot(phone, 'new-message-toast-deck');
    await eventually(async () => (await toasts.getByText('New message', { exact: true }).count()) === 0, 15_000, 'the toast gone');
    // on the member's own profile (reached in the app: a reload would start a new connection, which a message may outrun)
    await mainNav(phone).getByRole('link', { name: 'Profile' }).click();
    await expectVisible(phone.getByRole('heading', { name: 'Amelia' }));
    await write('Coffee at the crew lounge?');
    await expectVisible(toasts.getByText('New message', { exact: true }));
    await expectVisible(toasts.getByText('Ben: Coffee at the crew lounge?', { exact: true }));
    // 'Open' opens that conversation
    await toasts.getByRole('button', { name: 'Open', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('matchId') === matchId);
    await expectVisible(phone.getByRole('heading', { name: 'Ben', exact: true }));
    await eventually(async () => (await toasts.getByText('New message', { exact: true }).count()) === 0, 15_000, 'the toast gone');
    // not in the conversation itself: the message shows there
    await write('See you at gate B12');
    await expectVisible(phone.getByRole('log', { name: 'Conversation with Ben' }).getByText('See you at gate B12'));
    await phone.waitForTimeout(1_000);
    expect(await toasts.getByText('New message', { exact: true }).count()).toBe(0);
    // another match writing while this conversation is open: the same toast, its 'Open' to that one
    const cleo = await member('Cleo', { gender: 'male', interestedIn: 'woman' });
    const cleoMatch = await matchMembers(amelia, cleo);
    // (Cleo's like back made the match: that is told first)
    await expectVisible(toasts.getByText('You and Cleo like each other.', { exact: true }));
    expect((await cleo.api.post(`/api/matches/${cleoMatch}/messages`, { id: crypto.randomUUID(), content: 'Boarding in ten', messageType: 'text' })).status).toBe(201);
    await expectVisible(toasts.getByText('Cleo: Boarding in ten', { exact: true }));
    await shoot(phone, 'new-message-toast-other-chat');
    await toasts.getByRole('button', { name: 'Open', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('matchId') === cleoMatch);
    await expectVisible(phone.getByRole('heading', { name: 'Cleo', exact: true }));
    // the screen it ends on is checked once the toast has faded out (it stands over the conversation)
    await eventually(async () => (await toasts.getByText('New message', { exact: true }).count()) === 0, 15_000, 'the toast gone');
  });

  it("a match's push that comes after the match's first message leaves that message's toast showing", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    await like(ben, amelia);
    // Ben's connection holds back the match's push until the test lets it through
    const { page: benPhone } = await openPhone();
    const held: string[] = [];
    let holding = true;
    let authenticated = false;
    let socket: WebSocketRoute | null = null;
    await benPhone.routeWebSocket(/\/ws\//, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((frame) => {
        const text = String(frame);
        if (text.includes('"auth_success"')) authenticated = true;
        if (holding && text.includes('"notification"') && text.includes('"type":"match"')) held.push(text);
        else ws.send(frame);
      });
      socket = ws;
    });
    await signIn(benPhone, ben.email, password);
    await benPhone.waitForURL(`${app.url}/swipe`);
    // the match is made once Ben's connection is in his room (else its push never comes: he would
    // learn of it by the resync instead)
    await eventually(async () => authenticated, 15_000, "Ben's real-time connection");
    const liked = await like(amelia, ben);
    expect(liked.isMatch).toBe(true);
    const matchId = liked.match!.id;
    await eventually(async () => held.length > 0, 15_000, 'the match push, held');
    await eventually(async () => (await amelia.api.post(`/api/matches/${matchId}/messages`, { id: crypto.randomUUID(), content: 'Hi Ben!', messageType: 'text' })).status === 201, 15_000, 'the first message');
    const toasts = benPhone.getByRole('region', { name: 'Notifications (F8)' });
    await expectVisible(toasts.getByText('Amelia: Hi Ben!', { exact: true }));
    holding = false;
    for (const frame of held) socket!.send(frame);
    await benPhone.waitForTimeout(1_500);
    expect(await toasts.getByText('Amelia: Hi Ben!', { exact: true }).count()).toBe(1);
    expect(await toasts.getByText("It's a Match!", { exact: true }).count()).toBe(0);
  });

  it('shows a notification in the chosen language, from its type and the name', async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    await like(ben, amelia);
    const { page } = await openPhone();
    await signIn(page, amelia.email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.evaluate(() => {
      const settings = JSON.parse(localStorage.getItem('aero.settings') ?? '{}') as { preferences?: object };
      localStorage.setItem('aero.settings', JSON.stringify({ ...settings, preferences: { ...settings.preferences, language: 'spanish' } }));
    });
    await page.goto('/notifications');
    await expectVisible(page.getByRole('heading', { name: 'Actividad', level: 1 }));
    const es = page.getByRole('list', { name: 'Tus notificaciones' });
    await expectVisible(es.getByText('A Ben le gustas'));
    await expectVisible(es.getByText('Desliza a la derecha sobre Ben para hacer match.'));
    await expectVisible(es.getByText('Me gusta', { exact: true }));
    // in the dark theme the unread item's type keeps its pill
    await page.emulateMedia({ colorScheme: 'dark' });
    await settle(page);
    await screenshot(page, 'activity-dark-unread');
  });

  it("a refused read mark is taken back with the toast 'Failed to mark as read'", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const phone = await phoneOf(amelia);
    await phone.goto('/notifications');
    const welcome = item(phone, 'Welcome to AeroMatch');
    await expectVisible(welcome.getByText('Unread', { exact: true }));
    // the demo crew's likes of a new member arrive live: the list is settled once the badge agrees
    // with the server (nothing moves under the click)
    await expectBadge(phone, amelia);
    // the server fails this once (the browser's answer replaced): the mark comes back
    await phone.route('**/api/notifications/*/read', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await welcome.click();
    await expectVisible(phone.getByRole('region', { name: 'Notifications (F8)' }).getByText('Failed to mark as read'));
    await expectVisible(welcome.getByText('Unread', { exact: true }));
    await expectBadge(phone, amelia);
  });

  it('what arrived while the real-time connection was down shows once it is back (the badge counts it, no reload)', async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const { page: phone } = await openPhone();
    // the connection goes through the test, which drops it and keeps it down for a while
    const connection = await controlledConnection(phone);
    await signIn(phone, amelia.email, password);
    await phone.waitForURL(`${app.url}/swipe`);
    const before = await expectBadge(phone, amelia);
    await connection.drop();
    // Ben's like is pushed to nobody: Amelia's tab is not connected
    expect((await like(ben, amelia)).isMatch).toBe(false);
    await eventually(async () => (await unreadOf(amelia)) > before, 30_000, 'the like notification');
    connection.restore();
    // the next attempt connects (the backoff's fifth waits 16 s): what the lost push would have
    // refreshed is fetched again
    await connection.connected(30_000);
    expect(await expectBadge(phone, amelia)).toBeGreaterThan(before);
  });

  it("a general member who completed their profile and paid is no longer asked by the welcome to finish it", async () => {
    const cleo = await newMember(app.url, password, 'Cleo', { gender: 'female', interestedIn: 'man', userType: 'general', airline: undefined, position: undefined });
    await eventually(async () => ((await cleo.api.get('/api/notifications')).body as { title: string }[]).some((n) => n.title === 'Welcome to AeroMatch'), 30_000, 'the welcome');
    await pays(cleo.api);
    const phone = await phoneOf(cleo);
    await activityLink(phone).click();
    // the welcome no longer asks for the profile: it says no more than its title
    const welcome = item(phone, 'Welcome to AeroMatch');
    await expectVisible(welcome);
    expect(await welcome.innerText()).not.toMatch(/Finish your profile|aviation professionals/);
    await shoot(phone, 'activity-welcome-profile-complete');
  });

  /** `count` unread notifications of the server's own kind, the moderator's warning first (a long message) */
  const manyNotifications = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      type: 'other',
      ...(i === 0
        ? { title: 'A warning from our moderators', message: 'Members reported behaviour that breaks our community guidelines. Please keep every conversation respectful: a further report can lead to a suspension or a ban.' }
        : { title: 'Verification approved', message: 'Your employment is verified. Your profile now shows the verified badge.' }),
      data: {},
      read: false,
      createdAt: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    }));

  async function phoneWithNotifications(count: number) {
    const fresh = await member('Cleo', { gender: 'female', interestedIn: 'man' });
    const phone = await phoneOf(fresh);
    await phone.route('**/api/notifications', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(manyNotifications(count)) }));
    await phone.route('**/api/notifications/*/read', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await phone.goto('/notifications');
    return phone;
  }

  it('a long list scrolls within itself: the page keeps its header and Back at its end', async () => {
    const phone = await phoneWithNotifications(14);
    await expectVisible(item(phone, 'A warning from our moderators'));
    await list(phone).evaluate((ul) => ul.parentElement!.scrollTo(0, ul.parentElement!.scrollHeight));
    await phone.waitForTimeout(300);
    expect(await phone.evaluate(() => document.documentElement.scrollHeight)).toBe(await phone.evaluate(() => innerHeight));
    await expectVisible(phone.getByRole('button', { name: 'Back', exact: true }));
    await shoot(phone, 'activity-scrolled-to-end');
  });

  it('a page of older notifications that failed says so, with Try Again, and is asked for again when the end of the list comes back into view', async () => {
    const phone = await phoneWithNotifications(Limits.notificationsPageSize);
    const older = (n: number) => ({ ...manyNotifications(1)[0], id: `00000000-0000-4000-8000-00000000099${n}`, title: `An older notice ${n}`, createdAt: new Date(Date.now() - 86_400_000 * n).toISOString() });
    let asked = 0;
    // the first ask fails; the second brings a full page, of which the last is older notice 1; the
    // third (before older notice 1) fails, and the fourth brings the end of the list
    const pages = [null, [...manyNotifications(Limits.notificationsPageSize - 1).map((x, i) => ({ ...x, id: `00000000-0000-4000-8000-1${String(i).padStart(11, '0')}`, createdAt: new Date(Date.now() - 3_600_000).toISOString() })), older(1)], null, [older(2)]];
    await phone.route(
      (url) => url.pathname === '/api/notifications' && url.searchParams.has('before'),
      (route) => {
        const page = pages[asked++];
        return page ? route.fulfill({ json: page }) : route.fulfill({ status: 503, json: { message: 'Service Unavailable' } });
      },
    );
    await expectVisible(item(phone, 'A warning from our moderators'));
    const scroll = (to: 'top' | 'end') => list(phone).evaluate((ul, end) => ul.parentElement!.scrollTo(0, end ? ul.parentElement!.scrollHeight : 0), to === 'end');
    await scroll('end');
    const failed = phone.getByRole('alert').filter({ hasText: 'Could not load older notifications' });
    await expectVisible(failed);
    expect(asked).toBe(1);
    await shoot(phone, 'activity-older-failed');
    // Try Again asks for the page once more
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await eventually(() => asked === 2, 10_000, 'the older page asked for again');
    await expectVisible(item(phone, 'An older notice 1'));
    expect(await failed.count()).toBe(0);
    // the next page fails too; the end of the list leaving the view and coming back asks again
    await scroll('end');
    await expectVisible(failed);
    await eventually(async () => {
      await scroll('top');
      await phone.waitForTimeout(200);
      await scroll('end');
      await phone.waitForTimeout(200);
      return asked >= 4;
    }, 15_000, 'the older page asked for again');
    await expectVisible(item(phone, 'An older notice 2'));
    expect(asked).toBe(4);
  });

  it("a tap on a notice that leads nowhere shows its whole message (a longer one shows two lines until then)", async () => {
    const phone = await phoneWithNotifications(3);
    const warning = item(phone, 'A warning from our moderators');
    await expectVisible(warning);
    const message = warning.getByText(/^Members reported behaviour/);
    const cut = () => message.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    expect(await warning.getAttribute('aria-expanded')).toBe('false');
    expect(await cut()).toBe(true);
    await warning.click();
    expect(await warning.getAttribute('aria-expanded')).toBe('true');
    expect(await cut()).toBe(false);
    await shoot(phone, 'activity-notice-expanded');
    expect(phone.url()).toBe(`${app.url}/notifications`);
    await warning.click();
    expect(await warning.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the relative times current while the screen stays open, and the full date and time reachable without hovering', async () => {
    const fresh = await member('Cleo', { gender: 'female', interestedIn: 'man' });
    const phone = await phoneOf(fresh);
    await phone.clock.install();
    await phone.route('**/api/notifications', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(manyNotifications(2)) }));
    await phone.route('**/api/notifications/*/read', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await phone.goto('/notifications');
    const warning = item(phone, 'A warning from our moderators');
    const when = warning.locator('time').first();
    await expectVisible(when.getByText('1 minute ago', { exact: true }));
    await phone.clock.runFor('05:00');
    // (it follows the minute: within one of the true age)
    await expectVisible(when.getByText(/^[56] minutes ago$/));
    // the full date and time: read out with the item, and shown once it is expanded
    const full = await when.getAttribute('title');
    expect(full).toBeTruthy();
    expect(await warning.getAttribute('aria-label')).toBeNull();
    expect(await warning.evaluate((el) => el.textContent)).toContain(full!);
    await warning.click();
    await expectVisible(warning.locator('time').nth(1).getByText(full!, { exact: true }));
    await shoot(phone, 'activity-full-date');
  });

  it('the empty state, when there is nothing to tell', async () => {
    // every member is welcomed (an 'other' notification) as soon as they have a profile type, so
    // a member with no notifications at all is one whose list the server answers empty
    const fresh = await member('Cleo', { gender: 'female', interestedIn: 'man' });
    const phone = await phoneOf(fresh);
    await phone.route('**/api/notifications', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await phone.route('**/api/notifications/unread-count', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"count":0}' }));
    await phone.goto('/notifications');
    await expectVisible(phone.getByRole('heading', { name: 'No notifications yet' }));
    await expectVisible(phone.getByText("You'll see likes, matches, and messages here when they arrive!"));
    await expectVisible(nav(phone).getByRole('link', { name: 'Activity', exact: true }));
    expect(await nav(phone).getByRole('link', { name: 'Activity', exact: true }).locator('span[aria-hidden="true"]').count()).toBe(0);
    await shoot(phone, 'activity-empty');
    await phone.getByRole('button', { name: 'Back', exact: true }).click();
    await phone.waitForURL(`${app.url}/swipe`);
  });
});
