import type { Page } from 'playwright-core';
import { eventually, latestMail, type RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, screenshot, settle, signIn, uniqueEmail, usePhoneApp } from './browser';

// Issue 11: the settings' language really switches the whole UI, stays after a reload, and only
// the active language's catalogue is fetched; the default follows the browser's language.
describe('languages (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));

  /** the catalogue chunks the page fetched (`_aero-catalog_<part>_<locale>-<hash>.js`), sorted */
  const catalogueRequests = (p: Page) => {
    const seen: string[] = [];
    p.on('request', (r) => {
      const m = /_aero-catalog_(\w+)-/.exec(r.url());
      if (m) seen.push(m[1]);
      seen.sort();
    });
    return seen;
  };

  it('switches to Spanish in Settings: navigation, profile and validation in Spanish, still Spanish after a reload', async () => {
    const email = uniqueEmail('idioma');
    await airlineMember(app.url, email, password, 'Lucía');
    // what the page's real-time connection tells the server
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => void sent.push(String(f.payload))));
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.waitForURL(`${app.url}/settings`);
    // the connection said English when it authenticated
    await eventually(async () => sent.some((f) => f.startsWith('42["auth"') && f.includes('"language":"en"')), 15_000, 'the authentication with the language');
    await page.getByLabel('Language').selectOption('spanish');
    // and is told the new one (what the server writes to her in: the demo crew's replies)
    await eventually(async () => sent.includes('42["language",{"language":"es"}]'), 10_000, 'the new language told to the server');

    // the whole screen switches at once
    await expectVisible(page.getByRole('heading', { name: 'Ajustes' }));
    await expectVisible(page.getByRole('heading', { name: 'Notificaciones' }));
    await expectVisible(page.getByRole('switch', { name: 'Nuevos matches' }));
    await expectVisible(page.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await page.getByLabel('Idioma').inputValue()).toBe('spanish');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.title()).toBe('AeroMatch — Donde la aviación se encuentra con el romance');
    await screenshot(page, 'i18n-settings-es');

    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL(`${app.url}/profile`);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    for (const label of ['Descubrir', 'Mensajes', 'Actividad', 'Perfil']) await expectVisible(nav.getByRole('link', { name: label }));
    await expectVisible(page.getByRole('heading', { name: 'Mi perfil' }));
    await expectVisible(page.getByRole('heading', { name: 'Lucía' }));
    await expectVisible(page.getByText('Personal de aerolínea'));
    await expectVisible(page.getByText('Me gusta dados'));
    await expectVisible(page.getByRole('heading', { name: 'Estilo de vida' }));
    await expectVisible(page.getByText('En ocasiones sociales'));
    await expectVisible(page.getByText('Piloto', { exact: true }));
    await settle(page);
    await screenshot(page, 'i18n-profile-es');

    // a validation message in Spanish
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await page.getByLabel('Nombre').fill('');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expectVisible(page.getByText('El nombre es obligatorio'));
    await page.getByLabel('Edad').fill('130');
    await page.getByLabel('Edad').blur();
    await expectVisible(page.getByText('Edad no válida'));
    await screenshot(page, 'i18n-validation-es');

    // after a reload: still Spanish (the unsaved edit comes back with it), and only the Spanish catalogue was fetched
    const fetched = catalogueRequests(page);
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Editar perfil' }));
    expect(await page.getByLabel('Edad').inputValue()).toBe('130');
    await expectVisible(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Descubrir' }));
    expect(fetched).toEqual(['first_es', 'screens_es']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.title()).toBe('AeroMatch — Donde la aviación se encuentra con el romance');
  });

  it("follows the browser's language when it is one of the four, and formats dates in it", async () => {
    const browser = page.context().browser()!;
    const german = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
    try {
      const p = await german.newPage();
      const fetched = catalogueRequests(p);
      await p.goto('/auth');
      await expectVisible(p.getByRole('button', { name: 'Anmelden', exact: true }));
      await expectVisible(p.getByText('Wo Luftfahrt auf Romantik trifft'));
      // the login screen's German texts only: neither the other screens' texts nor another language
      await p.waitForLoadState('networkidle');
      expect(fetched).toEqual(['first_de']);
      // sign-in validation in German
      await p.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await expectVisible(p.getByText('Bitte gib eine gültige E-Mail-Adresse ein'));
      await expectVisible(p.getByText('Passwort ist erforderlich'));
      await screenshot(p, 'i18n-auth-de');
    } finally {
      await german.close();
    }

    // an unsupported browser language falls back to English
    const italian = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'it-IT' });
    try {
      const p = await italian.newPage();
      await p.goto('/auth');
      await expectVisible(p.getByRole('button', { name: 'Sign In', exact: true }));
      expect(await p.evaluate(() => navigator.language)).toBe('it-IT');
    } finally {
      await italian.close();
    }
  });

  it('mails the verification code in the language chosen in the app, not the browser\'s', async () => {
    // this browser asks for English (en-US); the app's chosen language is German
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('aero.settings', JSON.stringify({ preferences: { language: 'german' } })));
    await page.reload();
    const email = uniqueEmail('sprache');
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Bestätige deine E-Mail' }));
    const mail = await latestMail(app.url, email, /./);
    expect(mail.subject).toBe('Dein AeroMatch-Bestätigungscode');
    expect(mail.text).toMatch(/Dein Bestätigungscode lautet \d{6}\./);
  });

  it('shows the privacy policy date through Intl in the chosen language', async () => {
    const email = uniqueEmail('fecha');
    await airlineMember(app.url, email, password);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.evaluate(() => localStorage.setItem('aero.settings', JSON.stringify({ preferences: { language: 'french' } })));
    await page.goto('/privacy');
    await expectVisible(page.getByRole('heading', { name: 'Politique de confidentialité' }));
    await expectVisible(page.getByText('Dernière mise à jour : 1 juillet 2025'));
    await screenshot(page, 'i18n-privacy-fr');
  });
});
