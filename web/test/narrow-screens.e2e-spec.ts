import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ApiClient, eventually, type RunningProcess, verificationCode } from '@aero/testing';
import { airlineMember, expectVisible, type Member, matchMembers, newMember, type PhoneOptions, screenshot, settle, uniqueEmail, useMemberPhones, verifiedByAdmin } from './browser';

// The screens on the smallest phones we support (360 px wide), in the longer translations (German,
// French) and with a larger default font: texts stay whole (no word broken in the middle, no
// label cut off), controls keep their shape.
describe('narrow screens (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let openPhone: (options?: PhoneOptions) => Promise<{ context: BrowserContext; page: Page }>;
  const adminEmail = uniqueEmail('tower');
  useMemberPhones({ ADMIN_EMAILS: adminEmail }, (s) => ({ app, openPhone } = s));

  const SMALL = { width: 360, height: 640 };

  /** a 360 px phone (or one of `viewport`) in `locale` (with `fontPx` as the browser's default font size), `m` signed in */
  async function smallPhone(m: Pick<Member, 'api'>, locale: string, fontPx?: number, viewport = SMALL): Promise<Page> {
    const { context, page } = await openPhone({ viewport, locale });
    const sid = m.api.cookie.split('=')[1];
    await context.addCookies([{ name: 'aero_sid', value: sid, url: app.url }]);
    if (fontPx) await (await context.newCDPSession(page)).send('Page.setFontSizes', { fontSizes: { standard: fontPx } });
    return page;
  }

  /** how `l`'s text is laid out: its lines, and the words broken across two lines */
  const textLayout = (l: Locator) =>
    l.evaluate((el) => {
      const tops = new Set<number>();
      const broken: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const word of (n.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(n, word.index);
          range.setEnd(n, word.index + word[0].length);
          const wordTops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
          if (wordTops.size > 1) broken.push(word[0]);
          for (const top of wordTops) tops.add(top);
        }
      }
      return { lines: tops.size, broken };
    });

  /** the room between `l`'s edges and its content (the narrower side), in px: negative when it overflows */
  const inset = (l: Locator) =>
    l.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const content = range.getBoundingClientRect();
      return Math.round(Math.min(content.left - box.left, box.right - content.right));
    });

  /** whether `l`'s content overflows its box (cut, or ended with an ellipsis), beyond a pixel of rounding */
  const isCut = (l: Locator) => l.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

  const member = (firstName: string, profile: Parameters<typeof newMember>[3]) => newMember(app.url, password, firstName, profile);
  let adminApi: Promise<ApiClient> | undefined;
  /** the admin (ADMIN_EMAILS), made on first use */
  const admin = () => (adminApi ??= airlineMember(app.url, adminEmail, password, 'Tower'));

  /** a sheet's actions as laid out: each label whole with room in its button, every button on the screen, none over another */
  const actionsLayout = (footer: Locator) =>
    footer.evaluate((el) => {
      const buttons = [...el.querySelectorAll('button')].map((b) => {
        const box = b.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(b);
        const content = range.getBoundingClientRect();
        return { label: b.textContent, box, whole: b.scrollWidth <= b.clientWidth + 1 && content.left - box.left >= 8 && box.right - content.right >= 8 };
      });
      const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return {
        whole: buttons.filter((b) => !b.whole).map((b) => b.label),
        offScreen: buttons.filter((b) => b.box.left < 0 || b.box.right > window.innerWidth).map((b) => b.label),
        overlapping: buttons.some((a, i) => buttons.slice(i + 1).some((b) => overlap(a.box, b.box))),
      };
    });

  it("the chat's text box: its placeholder whole on one line in the four languages at 360 and 320 px, and at a 20 px font; a longer message shows its lines; Send keeps off the edge", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const matchId = await matchMembers(amelia, ben);
    const SMALLEST = { width: 320, height: 640 };
    const cases = [
      ['de-DE', undefined, 'Nachricht', SMALL],
      ['fr-FR', undefined, 'Message', SMALL],
      ['es-ES', undefined, 'Mensaje', SMALL],
      ['en-US', 20, 'Message', SMALL],
      ['en-US', undefined, 'Message', SMALLEST],
      ['de-DE', undefined, 'Nachricht', SMALLEST],
      ['fr-FR', undefined, 'Message', SMALLEST],
      ['es-ES', undefined, 'Mensaje', SMALLEST],
    ] as const;
    for (const [locale, fontPx, label, viewport] of cases) {
      const page = await smallPhone(amelia, locale, fontPx, viewport);
      await page.goto(`/messages?matchId=${matchId}`);
      const box = page.getByRole('textbox', { name: label });
      await expectVisible(box);
      await settle(page);
      // empty, the box is one line high (its placeholder does not wrap into a second, hidden line)
      const empty = await box.evaluate((el) => ({ height: el.clientHeight, content: el.scrollHeight }));
      await screenshot(page, `narrow-chat-input-${locale}${fontPx ? `-${fontPx}px` : ''}-${viewport.width}`);
      expect({ locale, fontPx, overflows: empty.content > empty.height }).toEqual({ locale, fontPx, overflows: false });
      // and whole: Chromium cuts a text box's placeholder where it does not fit (no ellipsis)
      const placeholder = await box.evaluate((el: HTMLTextAreaElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: el.placeholder, fits: context.measureText(el.placeholder).width <= room };
      });
      expect({ locale, fontPx, width: viewport.width, placeholder }).toEqual({ locale, fontPx, width: viewport.width, placeholder: { text: placeholder.text, fits: true } });
      // the navigation's Messages entry, bold as the one shown, keeps its label whole ('Nachrichten')
      const entryLines = await page
        .locator('nav a[aria-current="page"] > span')
        .first()
        .evaluate((span) => {
          const range = document.createRange();
          range.selectNodeContents(span.firstChild!);
          return { name: span.firstChild!.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size };
        });
      expect({ locale, width: viewport.width, entryLines }).toEqual({ locale, width: viewport.width, entryLines: { name: entryLines.name, lines: 1 } });
      // the filled Send button stands off the screen's right edge (the icon buttons on the left have their own room)
      const send = (await page.locator('form:has(textarea) button[type="submit"]').boundingBox())!;
      expect({ locale, rightInset: viewport.width - (send.x + send.width) >= 8 }).toEqual({ locale, rightInset: true });
      if (locale === 'de-DE' && viewport === SMALL) {
        // six lines: the box grows (up to its limit) instead of showing only the last line or two
        await box.fill('Hallo\nwie\ngeht\nes\ndir\nheute?');
        const grown = await box.evaluate((el) => el.clientHeight);
        expect(grown).toBeGreaterThanOrEqual(empty.height * 2);
        await screenshot(page, 'narrow-chat-input-six-lines');
      }
      await page.context().close();
    }
  });

  it("buttons and the add-photo tile break between words, never inside one; the main photo's badge is whole (French and German profile edit, 360 and 320 px)", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const languages = [['fr-FR', 'Modifier le profil', ['Annuler', 'Enregistrer'], 'Principale'], ['de-DE', 'Profil bearbeiten', ['Abbrechen', 'Speichern'], 'Hauptfoto']] as const;
    for (const [[locale, edit, buttons, main], viewport] of languages.flatMap((l) => [SMALL, { width: 320, height: 640 }].map((v) => [l, v] as const))) {
      const page = await smallPhone(amelia, locale, undefined, viewport);
      await page.goto('/profile');
      await page.getByRole('button', { name: edit }).click();
      await expectVisible(page.getByRole('button', { name: buttons[1], exact: true }));
      await settle(page);
      await screenshot(page, `narrow-profile-edit-${locale}-${viewport.width}`);
      const tile = page.locator('label', { has: page.locator('input[type="file"]') });
      const broken = [...(await textLayout(tile)).broken];
      for (const name of buttons) broken.push(...(await textLayout(page.getByRole('button', { name, exact: true }))).broken);
      const badge = page.getByText(main, { exact: true });
      const badgeCut = await isCut(badge);
      broken.push(...(await textLayout(badge)).broken);
      // a photo's two buttons stand inside its tile, apart
      const photo = page.locator('li', { has: page.getByText(main, { exact: true }) });
      const buttonsInTile = await photo.evaluate((li) => {
        const tile = li.getBoundingClientRect();
        const boxes = [...li.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        return boxes.length === 2 && boxes.every((b) => b.left >= tile.left && b.right <= tile.right) && boxes[0]!.right <= boxes[1]!.left;
      });
      expect({ locale, width: viewport.width, broken, badgeCut, buttonsInTile }).toEqual({ locale, width: viewport.width, broken: [], badgeCut: false, buttonsInTile: true });
      await page.context().close();
    }
  });

  it("My Profile's header keeps its title and Edit button on one line each; the stats' labels stay whole under numbers in a row; the main photo's badge is one whole word (360 and 320 px)", async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const SMALLEST = { width: 320, height: 640 };
    const cases = [
      ['de-DE', undefined, 'Mein Profil', 'Profil bearbeiten', 'Hauptfoto', SMALL],
      ['fr-FR', undefined, 'Mon profil', 'Modifier le profil', 'Principale', SMALL],
      ['en-US', 20, 'My Profile', 'Edit Profile', 'Main', SMALL],
      ['de-DE', undefined, 'Mein Profil', 'Profil bearbeiten', 'Hauptfoto', SMALLEST],
      ['fr-FR', undefined, 'Mon profil', 'Modifier le profil', 'Principale', SMALLEST],
    ] as const;
    for (const [locale, fontPx, title, edit, main, viewport] of cases) {
      const page = await smallPhone(amelia, locale, fontPx, viewport);
      await page.goto('/profile');
      const heading = page.getByRole('heading', { name: title, level: 1 });
      await expectVisible(heading);
      await settle(page);
      await screenshot(page, `narrow-profile-${locale}${fontPx ? `-${fontPx}px` : ''}-${viewport.width}`);
      const stats = page.locator('dl').first(); // the counts, first under the photo
      const labels = await stats.locator('dt').all();
      const numberTops = await stats.locator('dd').evaluateAll((dds) => [...new Set(dds.map((dd) => Math.round(dd.getBoundingClientRect().top)))].length);
      const broken = [];
      for (const label of labels) broken.push(...(await textLayout(label)).broken);
      // on its thumbnail, a third of the screen's width: whole (not ended with an ellipsis either)
      const badgeText = page.getByText(main, { exact: true });
      const badge = { ...(await textLayout(badgeText)), cut: await isCut(badgeText) };
      broken.push(...badge.broken);
      expect({
        locale,
        fontPx,
        width: viewport.width,
        titleLines: (await textLayout(heading)).lines,
        editLines: (await textLayout(page.getByRole('button', { name: edit }))).lines,
        badgeLines: badge.lines,
        badgeCut: badge.cut,
        broken,
        numberTops,
      }).toEqual({ locale, fontPx, width: viewport.width, titleLines: 1, editLines: 1, badgeLines: 1, badgeCut: false, broken: [], numberTops: 1 });
      await page.context().close();
    }
  });

  it('the filters in French and the profile detail in German: segments on one line, buttons with room around their label', async () => {
    const lena = await member('Lena', { gender: 'female', interestedIn: 'man' });
    const fr = await smallPhone(lena, 'fr-FR');
    await fr.goto('/swipe');
    await fr.getByRole('button', { name: 'Filtres', exact: true }).click();
    const dialog = fr.getByRole('dialog', { name: 'Filtres' });
    await expectVisible(dialog);
    await settle(fr);
    await screenshot(fr, 'narrow-filters-fr-FR');
    const segments = await dialog.locator('label:has(input[type="radio"])').all();
    const segmentLines = [];
    for (const segment of segments) segmentLines.push((await textLayout(segment)).lines);
    const apply = await inset(dialog.getByRole('button', { name: 'Appliquer' }));
    expect({ segmentLines, applyRoom: apply >= 12 }).toEqual({ segmentLines: segmentLines.map(() => 1), applyRoom: true });
    await fr.context().close();

    const de = await smallPhone(lena, 'de-DE');
    await de.goto('/swipe');
    const footer = de.getByRole('dialog').locator('footer');
    const pass = footer.getByRole('button', { name: 'Passen', exact: true });
    // the deck as it settles (its first cards may be replaced by the fresh answer just after they show:
    // a tap on a card that goes opens nothing, as on a phone), then the first card's profile
    await expectVisible(de.locator('[data-card-id]').first());
    await settle(de);
    await eventually(async () => {
      if (!(await pass.isVisible())) await de.locator('[data-card-id]').first().getByRole('button', { name: /^Profil von .* ansehen$/ }).click();
      return pass.waitFor({ state: 'visible', timeout: 3_000 }).then(
        () => true,
        () => false,
      );
    }, 15_000, "the first card's profile");
    await expectVisible(pass);
    await settle(de);

    await screenshot(de, 'narrow-profile-detail-de-DE');
    const like = footer.getByRole('button', { name: 'Like', exact: true });
    expect({ passRoom: (await inset(pass)) >= 12, likeRoom: (await inset(like)) >= 12 }).toEqual({ passRoom: true, likeRoom: true });
  });

  it("the sheets' actions at 320 px in German and French (filters, profile detail, layover): each label whole in its button, on the screen, none over another; the layover's times inside the sheet", async () => {
    const lena = await member('Lena', { gender: 'female', interestedIn: 'man' });
    await member('Jonas', { gender: 'male', interestedIn: 'woman' });
    await verifiedByAdmin(app.url, lena.api, await admin());
    const cases = [
      { locale: 'de-DE', filters: 'Filter', layover: 'Aufenthalt', place: 'Stadt oder Flughafen', info: /^Profil von .* ansehen$/ },
      { locale: 'fr-FR', filters: 'Filtres', layover: 'Escale', place: 'Ville ou aéroport', info: /^Voir le profil de / },
    ];
    const card = (page: Page) => page.locator('[data-card-id]').first();
    /** opens a sheet, checks its actions, and closes it */
    const checkSheet = async (page: Page, locale: string, name: string, open: () => Promise<void>, dialog: Locator) => {
      await open();
      await expectVisible(dialog.locator('footer button').last());
      // the sheet's body scrolled to its end: what it shows last stands above the actions
      await dialog.evaluate((el) => el.querySelectorAll('*').forEach((child) => child.scrollHeight > child.clientHeight && (child.scrollTop = child.scrollHeight)));
      await settle(page);
      await screenshot(page, `narrow-sheet-actions-${locale}-${name}`);
      expect({ locale, name, ...(await actionsLayout(dialog.locator('footer'))) }).toEqual({ locale, name, whole: [], offScreen: [], overlapping: false });
    };
    const SMALLEST = { width: 320, height: 640 };
    for (const c of cases) {
      const page = await smallPhone(lena, c.locale, undefined, SMALLEST);
      await page.goto('/swipe');
      await checkSheet(page, c.locale, 'filters', () => page.getByRole('button', { name: c.filters, exact: true }).click(), page.getByRole('dialog', { name: c.filters }));
      await page.keyboard.press('Escape');
      await expectVisible(card(page));
      await checkSheet(page, c.locale, 'detail', () => card(page).getByRole('button', { name: c.info }).click(), page.getByRole('dialog'));
      await page.context().close();
    }

    // with a layover: Cancel and Save side by side, or one above the other
    const wall = (at: number) => new Date(at).toISOString().slice(0, 16);
    const layover = { airport: 'ORD', arrivesAt: wall(Date.now() - 3600_000), departsAt: wall(Date.now() + 86_400_000) };
    await eventually(async () => (await lena.api.request('PUT', '/api/layover', layover)).status === 200, 30_000, 'a layover accepted');
    const right = async (l: Locator) => {
      const box = (await l.boundingBox())!;
      return box.x + box.width;
    };
    for (const c of cases) {
      const page = await smallPhone(lena, c.locale, undefined, SMALLEST);
      await page.goto('/swipe');
      const sheet = page.getByRole('dialog', { name: c.layover });
      await checkSheet(page, c.locale, 'layover', () => page.getByRole('button', { name: /Chicago/ }).click(), sheet);
      const placeRight = await right(sheet.getByLabel(c.place));
      const times = await sheet.locator('input[type="datetime-local"]').all();
      expect(times).toHaveLength(2);
      for (const time of times) expect(await right(time)).toBeLessThanOrEqual(placeRight + 1);
      await page.context().close();
    }
  });

  it("the admin dashboard's tabs stay inside their bar (English and German)", async () => {
    const api = await admin();
    for (const [locale, last] of [['en-US', 'Audit log'], ['de-DE', 'Prüfprotokoll']] as const) {
      const page = await smallPhone({ api }, locale);
      await page.goto('/admin');
      const tab = page.getByRole('tab', { name: last });
      await expectVisible(tab);
      await settle(page);
      await screenshot(page, `narrow-admin-${locale}`);
      await tab.scrollIntoViewIfNeeded();
      const sticksOut = await tab.evaluate((el) => el.getBoundingClientRect().right > el.parentElement!.getBoundingClientRect().right);
      expect({ locale, sticksOut }).toEqual({ locale, sticksOut: false });
      await page.context().close();
    }
  });

  it("Create Profile's selects show their whole placeholder at 360 and 375 px, or end it in an ellipsis", async () => {
    const api = new ApiClient(app.url);
    const email = uniqueEmail('newcomer');
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
    for (const width of [360, 375]) {
      const page = await smallPhone({ api }, 'en-US');
      await page.setViewportSize({ width, height: 667 });
      await page.goto('/register?type=airline');
      const select = page.getByLabel('Interested In');
      await expectVisible(select);
      await select.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await settle(page);
      await screenshot(page, `narrow-register-${width}`);
      // the shown option's text against the room the select gives it (its width less its paddings)
      const fit = await select.evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.whiteSpace = 'pre';
        probe.textContent = el.options[el.selectedIndex].text;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        const room = Math.floor(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
        return { fits: Math.ceil(text) <= room, ellipsis: style.textOverflow === 'ellipsis' };
      });
      expect({ width, whole: fit.fits || fit.ellipsis }).toEqual({ width, whole: true });
      await page.context().close();
    }
  });

  it("Create Profile's chosen employment document: 'Change document' and 'Remove' stand side by side, each label on one line, at 360 px in the four languages", async () => {
    const api = new ApiClient(app.url);
    const email = uniqueEmail('document');
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
    const texts = {
      'en-US': ['Employment document', 'Change document', 'Remove document'],
      'es-ES': ['Documento laboral', 'Cambiar', 'Quitar documento'],
      'fr-FR': ["Justificatif d'emploi", 'Remplacer', 'Retirer le document'],
      'de-DE': ['Beschäftigungsnachweis', 'Ersetzen', 'Dokument entfernen'],
    };
    for (const [locale, [input, change, remove]] of Object.entries(texts)) {
      const page = await smallPhone({ api }, locale);
      await page.goto('/register?type=airline');
      await page.getByLabel(input, { exact: true }).setInputFiles({ name: 'paystub.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
      const buttons = [page.locator('label').filter({ hasText: change }), page.getByRole('button', { name: remove, exact: true })];
      await expectVisible(buttons[1]);
      await buttons[1].scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `narrow-register-document-${locale}`);
      const lines = [];
      for (const button of buttons) lines.push((await textLayout(button)).lines);
      const [a, b] = [(await buttons[0].boundingBox())!, (await buttons[1].boundingBox())!];
      expect({ locale, lines, sideBySide: Math.abs(a.y - b.y) <= 1 && b.x >= a.x + a.width, sameHeight: Math.abs(a.height - b.height) <= 1 }).toEqual({ locale, lines: [1, 1], sideBySide: true, sameHeight: true });
      await page.context().close();
    }
  });

  it("Settings' blocked members at 360 px in the four languages: the name and the date (on one line) beside an Unblock button on one line, no word broken, the list in line with the section's text", async () => {
    const gia = await member('Gia', { gender: 'female', interestedIn: 'man' });
    const max = await member('Maximiliano', { gender: 'male', interestedIn: 'woman' });
    // once discovery knows him
    await eventually(async () => (await gia.api.post('/api/blocks', { userId: max.id })).status === 200, 10_000, 'the block');
    const texts = { 'en-US': 'Unblock', 'es-ES': 'Desbloquear', 'fr-FR': 'Débloquer', 'de-DE': 'Freigeben' };
    for (const [locale, unblock] of Object.entries(texts)) {
      const page = await smallPhone(gia, locale);
      await page.goto('/settings');
      const section = page.locator('section[aria-labelledby="settings-blocked"]');
      const row = section.getByRole('listitem').filter({ hasText: 'Maximiliano' });
      await expectVisible(row);
      await row.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `narrow-blocked-members-${locale}`);
      const button = row.getByRole('button');
      const who = row.locator('div').first();
      const [b, w, hint] = [(await button.boundingBox())!, (await who.boundingBox())!, (await section.locator('p.hint').boundingBox())!];
      expect({
        locale,
        label: await button.textContent(),
        buttonLines: (await textLayout(button)).lines,
        dateLines: (await textLayout(row.locator('span'))).lines,
        broken: (await textLayout(row)).broken,
        beside: b.x >= w.x + w.width,
        inLine: Math.abs(w.x - hint.x) <= 1,
      }).toEqual({ locale, label: unblock, buttonLines: 1, dateLines: 1, broken: [], beside: true, inLine: true });
      await page.context().close();
    }
  });

  it("the deck's five buttons stand inside a 320, 360 and 390 px screen, none under 44 px, and pressing Boost moves nothing", async () => {
    const iris = await member('Iris', { gender: 'female', interestedIn: 'man' });
    const names = ['Undo', 'Pass', /^Super Like/, 'Like', 'Boost'];
    for (const width of [320, 360, 390]) {
      const page = await smallPhone(iris, 'en-US', undefined, { width, height: 640 });
      await page.goto('/swipe');
      const boost = page.getByRole('button', { name: 'Boost', exact: true });
      await expectVisible(boost);
      await settle(page);
      const boxes = await Promise.all(names.map(async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!));
      expect({ width, inside: boxes.every((b) => b.x >= 0 && b.x + b.width <= width), smallest: Math.min(...boxes.map((b) => b.width)) >= 44 }).toEqual({ width, inside: true, smallest: true });
      if (width === 320) {
        const title = page.getByRole('heading', { name: 'Discover' });
        const before = (await title.boundingBox())!.x;
        await boost.click();
        await expectVisible(page.getByText('Boost activated!'));
        await settle(page);
        await screenshot(page, 'narrow-deck-boosted-320');
        // nothing scrolled sideways to bring the pressed button into view
        const scrolled = await page.evaluate(() => [...document.querySelectorAll('*')].filter((el) => el.scrollLeft !== 0).map((el) => el.tagName));
        expect({ scrolled, titleX: (await title.boundingBox())!.x }).toEqual({ scrolled: [], titleX: before });
      }
      await page.context().close();
    }
  });

  it("a deck card's job line keeps its base airport in German and French at 360 px", async () => {
    const diego = await member('Diego', { gender: 'male', interestedIn: 'woman', airline: 'Alaska Airlines', position: 'Aircraft Mechanic', baseAirport: 'MIA' });
    const nina = await member('Nina', { gender: 'female', interestedIn: 'man' });
    // Diego's boost puts him first in Nina's deck
    expect((await diego.api.post('/api/boost', { duration: 30 })).status).toBe(200);
    await eventually(async () => ((await nina.api.get('/api/discovery')).body as { id: string }[])[0]?.id === diego.id, 60_000, "Diego first in Nina's deck");
    for (const locale of ['de-DE', 'fr-FR']) {
      const page = await smallPhone(nina, locale);
      await page.goto('/swipe');
      const work = page.locator(`[data-card-id="${diego.id}"] .line span`).first();
      await expectVisible(work);
      await settle(page);
      await screenshot(page, `narrow-card-${locale}`);
      const clamped = await work.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect({ locale, text: await work.textContent(), clamped }).toEqual({ locale, text: expect.stringContaining('MIA'), clamped: false });
      await page.context().close();
    }
  });

  it('a phone on its side: the navigation stands beside the conversation and the profile edit, which keep the whole window high', async () => {
    const amelia = await member('Amelia', { gender: 'female', interestedIn: 'man' });
    const ben = await member('Ben', { gender: 'male', interestedIn: 'woman' });
    const matchId = await matchMembers(amelia, ben);
    /** the navigation is shown (spec §2) but covers none of the screen, and `bottom` reaches the window's last 64 px (where the navigation stood) */
    const layout = async (page: Page, bottom: Locator) => {
      const nav = (await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox())!;
      const main = (await page.locator('main').boundingBox())!;
      const end = (await bottom.boundingBox())!;
      return { navBeside: nav.x + nav.width <= main.x, reachesBottom: end.y + end.height > page.viewportSize()!.height - 64 };
    };
    for (const viewport of [{ width: 844, height: 390 }, { width: 640, height: 360 }]) {
      const page = await smallPhone(amelia, 'en-US', undefined, viewport);
      await page.goto(`/messages?matchId=${matchId}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await expectVisible(box);
      await settle(page);
      await screenshot(page, `sideways-chat-${viewport.width}`);
      expect({ viewport, chat: await layout(page, box) }).toEqual({ viewport, chat: { navBeside: true, reachesBottom: true } });

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expectVisible(save);
      await settle(page);
      await screenshot(page, `sideways-profile-edit-${viewport.width}`);
      expect({ viewport, edit: await layout(page, save) }).toEqual({ viewport, edit: { navBeside: true, reachesBottom: true } });
      await page.context().close();
    }
    // the rail's longest label, bold when active ('Nachrichten'), stays whole in its 78 px
    const de = await smallPhone(amelia, 'de-DE', undefined, { width: 640, height: 360 });
    await de.goto('/messages');
    const active = de.locator('nav a[aria-current="page"]');
    await expectVisible(active);
    await settle(de);
    await screenshot(de, 'sideways-messages-de-DE-640');
    expect({ label: await active.innerText(), broken: (await textLayout(active)).broken }).toEqual({ label: 'Nachrichten', broken: [] });
  });

  it('who viewed me shows a long job line whole in German and French at 360 px: position, airline and place wrap, no word is cut', async () => {
    const diego = await member('Diego', { gender: 'male', interestedIn: 'woman', airline: 'Alaska Airlines', position: 'Aircraft Mechanic', location: 'Fort Lauderdale, Florida' });
    const nina = await member('Nina', { gender: 'female', interestedIn: 'man' });
    // Nina's new profile reaches discovery through an event
    await eventually(async () => (await diego.api.post('/api/profile-views', { viewedUserId: nina.id })).status < 300, 30_000, "Diego's view of Nina");
    for (const [locale, open, title] of [['de-DE', 'Wer dich angesehen hat: 1', 'Wer dich angesehen hat'], ['fr-FR', 'Qui a vu votre profil : 1', 'Qui a vu votre profil']] as const) {
      const page = await smallPhone(nina, locale);
      await page.goto('/swipe');
      await page.getByRole('button', { name: open, exact: true }).click();
      const details = page.getByRole('dialog', { name: title }).locator('li').getByText('Alaska Airlines', { exact: false });
      await expectVisible(details);
      await settle(page);
      await screenshot(page, `narrow-viewers-${locale}`);
      const cut = await isCut(details);
      expect({ locale, text: await details.textContent(), cut, broken: (await textLayout(details)).broken }).toEqual({ locale, text: expect.stringContaining('Fort Lauderdale, Florida'), cut: false, broken: [] });
      await page.context().close();
    }
  });

  it('subscribe shows its action on the first screen at 360x640 (it leads to the card form and its Subscribe button), and none at 390x844, where the card form shows', async () => {
    const inWindow = async (page: Page, l: Locator) => {
      const box = (await l.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
    };
    for (const viewport of [SMALL, { width: 390, height: 844 }]) {
      const api = new ApiClient(app.url);
      const email = uniqueEmail('gwen');
      expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
      expect((await api.post('/api/auth/verify', { email, code: await verificationCode(app.url, email) })).status).toBe(200);
      const page = await smallPhone({ api }, 'en-US', undefined, viewport);
      await page.goto('/welcome');
      await page.getByRole('button', { name: 'I want to meet Aviation Pros' }).click();
      await page.waitForURL(`${app.url}/subscribe`);
      const card = page.getByLabel('Card number');
      await expectVisible(card);
      await settle(page);
      await screenshot(page, `subscribe-first-screen-${viewport.width}x${viewport.height}`);
      const toPayment = page.getByRole('button', { name: 'Continue to payment', exact: true });
      // 'Continue to payment' only while the card form is out of sight
      await eventually(async () => (await toPayment.count()) === (viewport === SMALL ? 1 : 0), 5_000, `'Continue to payment' ${viewport === SMALL ? 'shown' : 'gone'} at ${viewport.width}x${viewport.height}`);
      if (viewport === SMALL) {
        expect(await inWindow(page, toPayment)).toBe(true);
        await toPayment.click();
        await expect(card.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
        await settle(page);
        await screenshot(page, 'subscribe-to-payment-360x640');
        expect(await inWindow(page, page.getByRole('button', { name: 'Subscribe for $9.99/month' }))).toBe(true);
        // the form in sight, the button has done its work
        await eventually(async () => (await toPayment.count()) === 0, 5_000, "'Continue to payment' gone once the form shows");
      } else {
        expect(await inWindow(page, card)).toBe(true);
      }
      await page.context().close();
    }
  });

  it("the messages list shows a match's long job line whole in German and French at 360 px: it wraps, no word is cut", async () => {
    const diego = await member('Diego', { gender: 'male', interestedIn: 'woman', airline: 'Alaska Airlines', position: 'Aircraft Mechanic' });
    const nina = await member('Nina', { gender: 'female', interestedIn: 'man' });
    await matchMembers(nina, diego);
    for (const locale of ['de-DE', 'fr-FR']) {
      const page = await smallPhone(nina, locale);
      await page.goto('/messages');
      const line = page.locator('li a').getByText('Alaska Airlines', { exact: false });
      await expectVisible(line);
      await settle(page);
      await screenshot(page, `narrow-matches-${locale}`);
      const cut = await isCut(line);
      expect({ locale, cut, broken: (await textLayout(line)).broken }).toEqual({ locale, cut: false, broken: [] });
      await page.context().close();
    }
  });
});
