import type { BrowserContext, Page } from 'playwright-core';
import { Limits } from '@aero/contracts/shared';
import { eventually, type RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, matchMembers, newMember, pays, screenshot, settle, signIn, uniqueEmail, useMemberPhones } from './browser';

// Trust and safety as people use it, each on a phone of their own, against the real product in
// single-node mode: a member reports her match from the chat's overflow menu (with one of his
// messages, blocking him), a moderator bans him from the Reports tab of /admin, and his phone is
// signed out at once; signing in again says he is banned.
describe('trust and safety (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  const adminEmail = uniqueEmail('moderator');
  let app: RunningProcess;
  let openPhone: () => Promise<{ context: BrowserContext; page: Page }>;
  useMemberPhones({ ADMIN_EMAILS: adminEmail }, (s) => ({ app, openPhone } = s));

  const member = (firstName: string, profile: { gender: 'male' | 'female'; interestedIn: 'man' | 'woman' }) => newMember(app.url, password, firstName, profile);
  const toasts = (p: Page) => p.getByRole('region', { name: 'Notifications (F8)' });
  /** the moderator's account, made once for the file's tests */
  let moderatorMade: ReturnType<typeof airlineMember> | undefined;
  const moderatorAccount = () => (moderatorMade ??= airlineMember(app.url, adminEmail, password, 'Avery'));

  async function phoneOf(email: string): Promise<Page> {
    const { page } = await openPhone();
    await signIn(page, email, password);
    await page.waitForURL(/\/(swipe|profile|admin)$/);
    return page;
  }

  it('a member reports from the chat menu, a moderator bans from the Reports tab, and the banned member is signed out', async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const matchId = await matchMembers(amelia, ben);
    const longStory = `A long story: ${'we were delayed at the gate again, '.repeat(40)}the end.`;
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: longStory, messageType: 'text' })).status).toBe(201);
    expect((await ben.api.post(`/api/matches/${matchId}/messages`, { content: 'Send me your hotel room number', messageType: 'text' })).status).toBe(201);
    await moderatorAccount();

    const benPhone = await phoneOf(ben.email);
    const ameliaPhone = await phoneOf(amelia.email);

    // Amelia reports Ben from the chat's overflow menu, attaching his message
    await ameliaPhone.goto(`/messages?matchId=${matchId}`);
    await expectVisible(ameliaPhone.getByText('Send me your hotel room number'));
    await ameliaPhone.getByRole('button', { name: 'More options' }).click();
    await ameliaPhone.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = ameliaPhone.getByRole('dialog', { name: 'Report Ben' });
    await expectVisible(dialog.getByText('Ben will never know who reported them.'));
    // blocking is on unless she turns it off, and she sees it without scrolling
    await settle(ameliaPhone);
    const blockBox = (await dialog.getByRole('switch', { name: 'Also block Ben' }).boundingBox())!;
    const footerTop = (await dialog.getByRole('button', { name: 'Send report' }).boundingBox())!.y;
    expect(blockBox.y + blockBox.height).toBeLessThanOrEqual(footerTop);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    // what is missing is said next to the reasons, on screen above the buttons, and the focus goes there
    const missing = dialog.getByRole('alert').getByText('Please choose a reason');
    await expectVisible(missing);
    await settle(ameliaPhone);
    const missingBox = (await missing.boundingBox())!;
    expect(missingBox.y + missingBox.height).toBeLessThanOrEqual(footerTop);
    expect(missingBox.y).toBeGreaterThanOrEqual(0);
    expect(await dialog.getByRole('group', { name: /Why are you reporting Ben/ }).getAttribute('aria-invalid')).toBe('true');
    expect(await ameliaPhone.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
    await screenshot(ameliaPhone, 'safety-report-reason-missing');
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByLabel('Details (optional)').fill('He keeps asking where the crew stays.');
    await dialog.getByRole('checkbox', { name: 'Send me your hotel room number' }).check();
    // a long message is offered in two lines, by its whole text
    const long = dialog.locator('label', { has: ameliaPhone.getByRole('checkbox', { name: longStory }) });
    expect((await long.boundingBox())!.height).toBeLessThanOrEqual(50);
    expect(await dialog.getByRole('switch', { name: 'Also block Ben' }).getAttribute('aria-checked')).toBe('true');
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'safety-report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectVisible(toasts(ameliaPhone).getByText('Report sent'));
    // blocked too: the conversation is gone from her list
    await ameliaPhone.waitForURL(`${app.url}/messages`);
    await settle(ameliaPhone);
    await screenshot(ameliaPhone, 'safety-reported');

    // the moderator finds the case in the Reports tab, with the attached message only
    const adminPhone = await phoneOf(adminEmail);
    await adminPhone.goto('/admin');
    await adminPhone.getByRole('tab', { name: 'Reports' }).click();
    const item = adminPhone.getByRole('listitem', { name: 'Reports about Ben' });
    await expectVisible(item.getByText('Distinct reporters: 1'));
    await expectVisible(item.getByText('He keeps asking where the crew stays.'));
    await expectVisible(item.getByText('Send me your hotel room number'));
    await expectVisible(item.getByText(ben.email));
    await settle(adminPhone);
    await screenshot(adminPhone, 'safety-admin-reports');

    // ban, with the reason the audit log keeps
    await item.getByRole('button', { name: 'Ban', exact: true }).click();
    const ban = adminPhone.getByRole('dialog', { name: 'Ban Ben?' });
    await ban.getByLabel('Why (kept in the audit log)').fill('Harassment of crew members');
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await expectVisible(toasts(adminPhone).getByText('Ben is banned'));
    await expectVisible(adminPhone.getByText('No open reports'));
    await adminPhone.getByRole('tab', { name: 'Audit log' }).click();
    await expectVisible(adminPhone.getByText('Member banned'));
    await expectVisible(adminPhone.getByText('Harassment of crew members'));
    await settle(adminPhone);
    await screenshot(adminPhone, 'safety-admin-audit');

    // Ben's phone is signed out at once, and signing in again says why not
    await expectVisible(benPhone.getByRole('button', { name: 'Sign In', exact: true }));
    await signIn(benPhone, ben.email, password);
    await expectVisible(benPhone.getByText('This account has been banned.'));
    await settle(benPhone);
    await screenshot(benPhone, 'safety-banned-sign-in');

    // he cannot reach Settings, so the refusal offers to delete his account (beyond spec)
    await toasts(benPhone).getByRole('button', { name: 'Delete my account' }).click();
    const confirm = benPhone.getByRole('dialog', { name: 'Delete Account' });
    await expectVisible(confirm.getByText('Your profile, photos, matches and messages will be deleted. This cannot be undone.'));
    await settle(benPhone);
    await screenshot(benPhone, 'safety-banned-delete');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expectVisible(toasts(benPhone).getByText('Account deleted'));
    await signIn(benPhone, ben.email, password);
    await expectVisible(benPhone.getByText('Invalid email or password'));
  });

  it('a member reports someone from the profile detail in the deck: blocked by default, the card is gone', async () => {
    const cora = await member('Cora', { gender: 'female', interestedIn: 'man' });
    const dan = await member('Dan', { gender: 'male', interestedIn: 'woman' });
    // Dan's boost puts him first in Cora's deck (once discovery knows him)
    await eventually(async () => (await dan.api.post('/api/boost', { duration: 30 })).status === 200, 10_000, "Dan's boost");
    const inCorasDeck = async () => ((await cora.api.get('/api/discovery')).body as { id: string }[]).some((c) => c.id === dan.id);
    await eventually(inCorasDeck, 10_000, "Dan in Cora's deck");
    const phone = await phoneOf(cora.email);
    await phone.goto('/swipe');
    await phone.getByRole('button', { name: "View Dan's profile" }).click();
    const detail = phone.getByRole('dialog', { name: /^Dan, / });
    await detail.getByRole('button', { name: 'Report Dan' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Report Dan' });
    // 'Other' says nothing by itself: its details are asked for, at the field, before anything is sent
    await dialog.getByRole('radio', { name: 'Other' }).check();
    const details = dialog.getByRole('textbox', { name: 'Details', exact: true });
    await details.fill('   ');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectVisible(dialog.getByText('Please tell us what happened'));
    expect(await details.getAttribute('aria-invalid')).toBe('true');
    expect(await details.evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(phone);
    await screenshot(phone, 'safety-report-details-missing');
    expect(await inCorasDeck()).toBe(true);
    await details.fill('Says he flies for an airline that does not exist');
    await settle(phone);
    await screenshot(phone, 'safety-report-from-deck');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectVisible(toasts(phone).getByText('Report sent'));
    await detail.waitFor({ state: 'hidden' });
    expect(await phone.getByRole('button', { name: "View Dan's profile" }).count()).toBe(0);
    expect(await inCorasDeck()).toBe(false);
  });

  it("Settings lists whom she blocked, the latest first, and lifts a block once she confirms; a block lifted on another device meanwhile counts as done", async () => {
    const gia = await member('Gia', { gender: 'female', interestedIn: 'man' });
    const hal = await member('Hal', { gender: 'male', interestedIn: 'woman' });
    const ivo = await member('Ivo', { gender: 'male', interestedIn: 'woman' });
    const blockedIds = async () => ((await gia.api.get('/api/blocks')).body as { userId: string }[]).map((b) => b.userId);
    const phone = await phoneOf(gia.email);
    // the list cannot be loaded: the section says so and loads it again when asked
    await phone.route('**/api/blocks', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"Service unavailable"}' }));
    await phone.goto('/settings');
    const section = phone.getByRole('region', { name: 'Blocked Members' });
    await expectVisible(section.getByText('Could not load the members you blocked.'));
    await phone.unroute('**/api/blocks');
    await section.getByRole('button', { name: 'Try Again', exact: true }).click();
    await expectVisible(section.getByText("You haven't blocked anyone."));

    // blocked from another device: Settings shows them when she comes back to it (without a reload)
    // (once discovery knows them)
    await eventually(async () => (await gia.api.post('/api/blocks', { userId: hal.id })).status === 200, 10_000, 'the block of Hal');
    await eventually(async () => (await gia.api.post('/api/blocks', { userId: ivo.id })).status === 200, 10_000, 'the block of Ivo');
    await phone.getByRole('button', { name: 'Back' }).click();
    // (My Profile's photos and counts arrive after its buttons: a tap before they settle can land
    // where the button was, CI once stayed on My Profile)
    await expectVisible(phone.getByRole('heading', { name: 'My Profile' }));
    await settle(phone);
    await phone.getByRole('button', { name: 'Settings' }).click();
    await phone.waitForURL((url) => url.pathname === '/settings');
    const rows = section.getByRole('listitem');
    await eventually(async () => (await rows.count()) === 2, 10_000, 'the two blocked members');
    expect((await rows.allInnerTexts()).map((row) => row.split('\n')[0])).toEqual(['Ivo', 'Hal']);
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    await expectVisible(rows.first().getByText(`Blocked on ${today}`));
    await settle(phone);
    await section.scrollIntoViewIfNeeded();
    await screenshot(phone, 'safety-blocked-members');

    // it asks first; cancelling keeps the block
    const confirmFor = (name: string) => phone.getByRole('dialog', { name: `Unblock ${name}?` });
    await section.getByRole('button', { name: 'Unblock Hal' }).click();
    await expectVisible(confirmFor('Hal').getByText('Hal will be able to see your profile again. You may meet again in Discover, unless one of you had already swiped on the other. A match you had stays ended.'));
    await settle(phone);
    await screenshot(phone, 'safety-unblock-confirm');
    await confirmFor('Hal').getByRole('button', { name: 'Cancel' }).click();
    await confirmFor('Hal').waitFor({ state: 'hidden' });
    expect(await blockedIds()).toEqual([ivo.id, hal.id]);

    // a failed call says so and keeps the block listed
    await phone.route('**/api/blocks/*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"Service unavailable"}' }));
    await section.getByRole('button', { name: 'Unblock Hal' }).click();
    await confirmFor('Hal').getByRole('button', { name: 'Unblock', exact: true }).click();
    await expectVisible(toasts(phone).getByText('Unblock failed'));
    await confirmFor('Hal').waitFor({ state: 'hidden' });
    expect(await rows.count()).toBe(2);
    await phone.unroute('**/api/blocks/*');

    // confirmed, it is lifted and the list follows
    await section.getByRole('button', { name: 'Unblock Hal' }).click();
    await confirmFor('Hal').getByRole('button', { name: 'Unblock', exact: true }).click();
    await expectVisible(toasts(phone).getByText('Hal unblocked'));
    await eventually(async () => (await rows.count()) === 1, 10_000, 'Hal to leave the list');
    expect(await blockedIds()).toEqual([ivo.id]);

    // lifted on another device while she was asked: what she wanted is done, not an error
    await section.getByRole('button', { name: 'Unblock Ivo' }).click();
    expect((await gia.api.delete(`/api/blocks/${ivo.id}`)).status).toBe(200);
    await confirmFor('Ivo').getByRole('button', { name: 'Unblock', exact: true }).click();
    await expectVisible(toasts(phone).getByText('Ivo unblocked'));
    await expectVisible(section.getByText("You haven't blocked anyone."));
    expect(await toasts(phone).getByText('Unblock failed').count()).toBe(0);
    expect(await blockedIds()).toEqual([]);
    await settle(phone);
  });

  it('a member reports from one of the messages: that message is attached, the conversation stays when she does not block', async () => {
    const eva = await member('Eva', { gender: 'female', interestedIn: 'man' });
    // Finn is a general member (no airline on his profile), who paid
    const finn = await newMember(app.url, password, 'Finn', { gender: 'male', interestedIn: 'woman', userType: 'general', airline: null, position: null });
    await pays(finn.api);
    const matchId = await matchMembers(eva, finn);
    for (const content of ['Hi Eva, nice layover?', 'Send me money for the ticket'])
      expect((await finn.api.post(`/api/matches/${matchId}/messages`, { content, messageType: 'text' })).status).toBe(201);
    expect((await eva.api.post(`/api/matches/${matchId}/messages`, { content: 'Hello Finn', messageType: 'text' })).status).toBe(201);
    const phone = await phoneOf(eva.email);
    await phone.goto(`/messages?matchId=${matchId}`);
    const history = phone.getByRole('log', { name: /Finn/ });
    await expectVisible(history.getByText('Send me money for the ticket'));
    // a flag by each of his texts, none by hers
    expect(await history.getByRole('button', { name: 'Report this message' }).count()).toBe(2);
    await settle(phone);
    await screenshot(phone, 'safety-message-flags');
    await history.locator('[data-message-id]', { hasText: 'Send me money for the ticket' }).getByRole('button', { name: 'Report this message' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Report Finn' });
    expect(await dialog.getByRole('checkbox', { name: 'Send me money for the ticket' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Hi Eva, nice layover?' }).isChecked()).toBe(false);
    // he does not say he is airline staff: that he is not is no reason offered
    await expectVisible(dialog.getByRole('radio', { name: 'Fake profile', exact: true }));
    expect(await dialog.getByText('not airline staff').count()).toBe(0);
    await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
    await dialog.getByRole('switch', { name: 'Also block Finn' }).click();
    await settle(phone);
    await screenshot(phone, 'safety-report-from-message');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectVisible(toasts(phone).getByText('Report sent'));
    await expectVisible(history.getByText('Send me money for the ticket'));
    // a second report from the same message starts afresh, with that message attached again
    await history.locator('[data-message-id]', { hasText: 'Send me money for the ticket' }).getByRole('button', { name: 'Report this message' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Send me money for the ticket' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Spam or scam' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the moderator sees exactly that message in the case
    await moderatorAccount();
    const moderator = await phoneOf(adminEmail);
    const cases = await moderator.evaluate(async () => (await fetch('/api/admin/reports')).json());
    const finnsCase = (cases as { reportedUser: { id: string }; messages: { content: string }[]; reports: { reason: string }[] }[]).find((c) => c.reportedUser.id === finn.id);
    expect(finnsCase?.messages.map((m) => m.content)).toEqual(['Send me money for the ticket']);
    expect(finnsCase?.reports.map((r) => r.reason)).toEqual(['spam_scam']);
  });

  it('rejecting an employment document asks first (it is deleted); cancelling sends nothing', async () => {
    await moderatorAccount();
    const rhea = await airlineMember(app.url, uniqueEmail('rhea'), password, 'Rhea');
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'crew-badge.pdf');
    expect((await fetch(`${app.url}/api/verification`, { method: 'POST', body: form, headers: { origin: app.url, cookie: rhea.cookie } })).status).toBe(201);
    const phone = await phoneOf(adminEmail);
    await phone.goto('/admin');
    const rejects: string[] = [];
    phone.on('request', (r) => {
      if (/\/api\/admin\/verifications\/[^/]+\/reject$/.test(r.url())) rejects.push(r.url());
    });
    const item = phone.getByRole('listitem', { name: 'Verification from Rhea' });
    await expectVisible(item);

    // Reject asks first; Cancel keeps the document and sends nothing
    await item.getByRole('button', { name: 'Reject' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Reject the document from Rhea?' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('crew-badge.pdf will be deleted and cannot be restored. Rhea can send a new one from Settings.'));
    await settle(phone);
    await screenshot(phone, 'safety-admin-reject-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectVisible(item);
    expect(rejects).toEqual([]);

    // confirmed, it is rejected once
    await item.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expectVisible(toasts(phone).getByText('Verification rejected'));
    await item.waitFor({ state: 'detached' });
    expect(rejects).toHaveLength(1);
    // the toast's entry animation over (its text mid-fade fails the contrast check that follows each test)
    await settle(phone);
    await screenshot(phone, 'safety-admin-rejected');
  });

  it('the audit log shows older entries a page at a time', async () => {
    const moderatorApi = await moderatorAccount();
    // a page and one more of admin actions (each rebuild of the deck model is one)
    for (let i = 0; i <= Limits.auditPage; i++) expect((await moderatorApi.post('/api/admin/discovery/rebuild')).status).toBe(200);
    const phone = await phoneOf(adminEmail);
    await phone.goto('/admin');
    await phone.getByRole('tab', { name: 'Audit log' }).click();
    const entries = phone.getByRole('tabpanel').getByRole('listitem');
    await expectVisible(entries.first());
    expect(await entries.count()).toBe(Limits.auditPage);
    await phone.getByRole('button', { name: 'Show older entries' }).click();
    await eventually(async () => (await entries.count()) > Limits.auditPage, 10_000, 'the older entries');
    expect(await phone.getByText('Deck model rebuilt').count()).toBe(Limits.auditPage + 1);
  });
});
