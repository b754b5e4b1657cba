import type { Page } from 'playwright-core';
import type { RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, screenshot, signIn, uniqueEmail, usePhoneApp } from './browser';

// Issue 11: My Profile does not move under the reader's eyes while it loads. An airline member
// without a document (and with a photo) sees the employment verification card above the stats: it
// must take its place with the rest of the page, not push the stats (and all below them) down once
// its status arrives. Measured as the browser reports it (the layout-shift entries without a recent
// input, Lighthouse's CLS): a layout property, not a timing.
describe('My Profile layout while it loads (browser)', () => {
  const password = 'Steady-Approach-11';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  it('keeps the stats where they first appear while the verification card and the photo load', async () => {
    const email = uniqueEmail('steady');
    await airlineMember(app.url, email, password);
    await page.context().addInitScript(() => {
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
      const shifts: { value: number; nodes: string[] }[] = [];
      (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          if (!e.hadRecentInput) shifts.push({ value: e.value, nodes: (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 50) : String(s.node?.nodeName))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);

    // a fresh load of My Profile, as a member opens it from a bookmark or the home screen, on a
    // phone's network and CPU (as Lighthouse's mobile run): each call and chunk takes its time
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/profile');
    await expectVisible(page.getByRole('heading', { name: 'Employment Verification' }));
    await expectVisible(page.getByRole('region', { name: 'Employment Verification' }).getByText('Upload Document', { exact: true }));
    await expectVisible(page.getByRole('region', { name: 'Stats' }));
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.waitForTimeout(1_000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await screenshot(page, 'profile-layout-airline-no-document');
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts);
    const score = shifts.reduce((sum, s) => sum + s.value, 0);
    // what moved, when it fails
    if (score >= 0.01) console.log(JSON.stringify(shifts, null, 1));
    expect(score).toBeLessThan(0.01);
  });
});
