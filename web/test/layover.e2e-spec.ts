import type { Page } from 'playwright-core';
import type { CandidateView } from '@aero/contracts/shared';
import { ApiClient, eventually, type RunningProcess, verificationCode } from '@aero/testing';
import { airlineMember, expectVisible, screenshot, settle, signIn, uniqueEmail, usePhoneApp, verifiedByAdmin } from './browser';

// Issue 17 as a person does it, on a phone, against the demo crew of single-node mode: a verified
// crew member adds a layover at O'Hare where demo crew are on one, and finds them in the deck
// with the layover badge.
describe('layover (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  const adminEmail = uniqueEmail('admin');
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({ ADMIN_EMAILS: adminEmail }, (s) => ({ app, page } = s));

  /** an admin approves the member's employment document (set-up through the API) */
  async function verify(api: ApiClient) {
    const admin = new ApiClient(app.url);
    await admin.post('/api/auth/signup', { email: adminEmail, password });
    await admin.post('/api/auth/verify', { email: adminEmail, code: await verificationCode(app.url, adminEmail) });
    await verifiedByAdmin(app.url, api, admin);
  }

  it('tells an airline member not verified yet that layovers open once their document is approved, and leads to their profile', async () => {
    const email = uniqueEmail('pending');
    await airlineMember(app.url, email, password, 'Nadia');
    const layoverCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/layover') layoverCalls.push(r.method());
    });
    await signIn(page, email, password);
    await page.waitForURL('**/swipe');
    const chip = page.getByRole('button', { name: 'Add a layover' });
    await expectVisible(chip);
    await chip.click();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await expectVisible(toasts.getByText('Layovers are for verified crew'));
    await expectVisible(toasts.getByText('Layover mode opens once your employment is verified. Your document and its status are in My Profile.'));
    expect(await page.getByRole('dialog', { name: 'Layover' }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'layover-locked');
    await toasts.getByRole('button', { name: 'My Profile' }).click();
    await page.waitForURL('**/profile');
    await expectVisible(page.getByRole('heading', { name: 'My Profile' }));
    // the server would refuse it: nothing is asked of it
    expect(layoverCalls).toEqual([]);
  });

  it('adds a layover at ORD from the swipe screen and meets the demo crew on a layover in Chicago', async () => {
    const email = uniqueEmail('amelia');
    const api = await airlineMember(app.url, email, password, 'Amelia');
    await verify(api);
    // set-up: discovery knows of the badge (a layover is refused before) and the demo crew's layovers are seeded
    const wall = (at: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');
    const probe = { airport: 'ORD', arrivesAt: wall(Date.now() - 3600_000), departsAt: wall(Date.now() + 3600_000) };
    await eventually(async () => (await api.request('PUT', '/api/layover', probe)).status === 200, 30_000, 'a layover accepted');
    await eventually(async () => ((await api.get('/api/discovery')).body as CandidateView[]).some((c) => c.layover), 120_000, 'the demo crew on a layover in Chicago');
    expect((await api.request('DELETE', '/api/layover')).status).toBe(200);

    await signIn(page, email, password);
    await page.waitForURL('**/swipe');
    const chip = page.getByRole('button', { name: 'Add a layover' });
    await expectVisible(chip);
    await chip.click();
    const sheet = page.getByRole('dialog', { name: 'Layover' });
    await expectVisible(sheet);
    const place = sheet.getByLabel('City or airport');
    await place.fill('ORD');
    await expectVisible(sheet.getByRole('option', { name: /ORD · Chicago, Illinois/ }));
    // Escape closes the suggestions, not the sheet with what was entered
    await page.keyboard.press('Escape');
    await sheet.getByRole('listbox').waitFor({ state: 'detached' });
    expect([await sheet.isVisible(), await place.inputValue()]).toEqual([true, 'ORD']);
    await place.fill('OR');
    await place.fill('ORD');
    await sheet.getByRole('option', { name: /ORD · Chicago, Illinois/ }).click();
    expect(await sheet.getByLabel('City or airport').inputValue()).toBe('ORD · Chicago, Illinois');
    await screenshot(page, 'layover-sheet');
    // a departure before the arrival is said under Departure, and nothing is sent
    const departure = sheet.getByLabel('Departure (local time)');
    const planned = await departure.inputValue();
    const arrival = await sheet.getByLabel('Arrival (local time)').inputValue();
    const saves: string[] = [];
    page.on('request', (r) => void (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/layover' && saves.push(r.url())));
    await departure.fill(`${Number(arrival.slice(0, 4)) - 1}${arrival.slice(4)}`);
    await sheet.getByRole('button', { name: 'Save layover' }).click();
    await expectVisible(sheet.getByText('The departure must be after the arrival'));
    expect(await departure.getAttribute('aria-invalid')).toBe('true');
    expect(await departure.evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(page);
    await screenshot(page, 'layover-departure-before-arrival');
    expect(saves).toEqual([]);
    await departure.fill(planned);
    expect(await sheet.getByText('The departure must be after the arrival').count()).toBe(0);
    await sheet.getByRole('button', { name: 'Save layover' }).click();

    await expectVisible(page.getByText('Layover saved'));
    await expectVisible(page.getByRole('button', { name: /^In Chicago until \w+/ }));
    // the deck is Chicago now: demo crew on a layover there, with the badge
    const badge = page.locator('[data-card-id]').first().getByText(/^Layover( · \d+ nights?)?$/);
    await expectVisible(badge);
    await settle(page);
    await screenshot(page, 'layover-deck');
    // the profile detail says where (the city only) and the member's base
    await page.getByRole('button', { name: /^View .+'s profile$/ }).first().click();
    const detail = page.getByRole('dialog').filter({ hasText: /Layover( · \d+ nights?)? · Chicago/ });
    await expectVisible(detail);
    await expectVisible(detail.getByText(/Based at [A-Z]{3}/));
    // the sheet's entrance has finished: axe would measure contrast through its fade
    await settle(page);
    await screenshot(page, 'layover-detail');

    // a layover that cannot be loaded is not offered to be added again over the one there is
    await page.route('**/api/layover', (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 503, body: '{}' }) : route.fallback()));
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/layover');
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Discover' }));
    await refused;
    expect(await page.getByRole('button', { name: /^(Add a layover|In Chicago until \w+)/ }).count()).toBe(0);
    await page.unroute('**/api/layover');
    await page.reload();
    await expectVisible(page.getByRole('button', { name: /^In Chicago until \w+/ }));

    // a layover where no crew is: the empty deck says so, not 'You've seen everyone'
    const boise = (at: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Denver', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');
    expect((await api.request('PUT', '/api/layover', { airport: 'BOI', arrivesAt: boise(Date.now() - 3600_000), departsAt: boise(Date.now() + 3600_000) })).status).toBe(200);
    await page.reload();
    await expectVisible(page.getByRole('button', { name: /^In Boise until \w+/ }));
    await expectVisible(page.getByText('No crew in Boise during your layover yet. New crew members join every day.'));

    // cancelled once the member says so: 'Keep layover' keeps it, the confirmation cancels it
    await page.getByRole('button', { name: /^In Boise until \w+/ }).click();
    await sheet.getByRole('button', { name: 'Cancel layover', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this layover?' });
    await expectVisible(confirm.getByText('You will no longer meet crew there. You can add a layover again at any time.'));
    await settle(page);
    await screenshot(page, 'layover-cancel-confirm');
    await confirm.getByRole('button', { name: 'Keep layover', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await api.get('/api/layover')).body).toMatchObject({ layover: { airport: 'BOI' } });
    await sheet.getByRole('button', { name: 'Cancel layover', exact: true }).click();
    await confirm.getByRole('button', { name: 'Cancel layover', exact: true }).click();
    await expectVisible(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Layover cancelled'));
    await expectVisible(page.getByRole('button', { name: 'Add a layover' }));
    expect((await api.get('/api/layover')).body).toEqual({ layover: null });
  });
});
