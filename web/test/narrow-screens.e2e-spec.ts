import type { BrowserContext, Page } from 'playwright-core';
import type { RunningProcess } from '@aero/testing';
import { expectVisible, type Member, matchMembers, newMember, type PhoneOptions, screenshot, settle, useMemberPhones } from './browser';

// The screens on the smallest phones we support (360 px wide), in the longer translations (German,
// French) and with a larger default font: texts stay whole (no word broken in the middle, no
// label cut off), controls keep their shape.
describe('narrow screens (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let openPhone: (options?: PhoneOptions) => Promise<{ context: BrowserContext; page: Page }>;
  useMemberPhones({}, (s) => ({ app, openPhone } = s));

  const SMALL = { width: 360, height: 640 };

  /** a 360 px phone in `locale` (with `fontPx` as the browser's default font size), `m` signed in */
  async function smallPhone(m: Member, locale: string, fontPx?: number): Promise<Page> {
    const { context, page } = await openPhone({ viewport: SMALL, locale });
    const sid = m.api.cookie.split('=')[1];
    await context.addCookies([{ name: 'aero_sid', value: sid, url: app.url }]);
    if (fontPx) await (await context.newCDPSession(page)).send('Page.setFontSizes', { fontSizes: { standard: fontPx } });
    return page;
  }

  const member = (firstName: string, profile: { gender: 'male' | 'female'; interestedIn: 'man' | 'woman' }) => newMember(app.url, password, firstName, profile);

  it("the chat's text box: its placeholder on one line in German, French and at a 20 px font; a longer message shows its lines", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const matchId = await matchMembers(amelia, ben);
    for (const [locale, fontPx, label] of [['de-DE', undefined, 'Nachricht'], ['fr-FR', undefined, 'Message'], ['en-US', 20, 'Message']] as const) {
      const page = await smallPhone(amelia, locale, fontPx);
      await page.goto(`/messages?matchId=${matchId}`);
      const box = page.getByRole('textbox', { name: label });
      await expectVisible(box);
      await settle(page);
      // empty, the box is one line high (its placeholder does not wrap into a second, hidden line)
      const empty = await box.evaluate((el) => ({ height: el.clientHeight, content: el.scrollHeight }));
      await screenshot(page, `narrow-chat-input-${locale}${fontPx ? `-${fontPx}px` : ''}`);
      expect({ locale, fontPx, overflows: empty.content > empty.height }).toEqual({ locale, fontPx, overflows: false });
      if (locale === 'de-DE') {
        // six lines: the box grows (up to its limit) instead of showing only the last line or two
        await box.fill('Hallo\nwie\ngeht\nes\ndir\nheute?');
        const grown = await box.evaluate((el) => el.clientHeight);
        expect(grown).toBeGreaterThanOrEqual(empty.height * 2);
        await screenshot(page, 'narrow-chat-input-six-lines');
      }
      await page.context().close();
    }
  });
});
