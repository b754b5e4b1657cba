import { Messages } from '@aero/contracts/shared';
import type { Locator, Page } from 'playwright-core';
import { ApiClient, eventually, resetToken, verificationCode, type RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, screenshot, settle, signIn as signInOn, uniqueEmail, usePhoneApp } from './browser';

// The sign-up, sign-in and password-reset journeys of spec §2 / §4 / §8, done the way a person
// does them: in a phone-sized Chromium against the real built product, codes and links read
// from the dev mailbox.
describe('auth journeys (browser)', () => {
  const adminEmail = uniqueEmail('captain');
  const adminPassword = 'Tower-Clearance-42';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({ ADMIN_EMAILS: adminEmail }, (s) => ({ app, page } = s));

  const toasts = () => page.getByRole('region', { name: 'Notifications (F8)' });
  const signInButton = () => page.getByRole('button', { name: 'Sign In', exact: true });

  /** an account created and verified through the API (set-up, not the journey under test) */
  async function verifiedAccount(email: string, password: string) {
    const api = new ApiClient(app.url);
    expect((await api.post('/api/auth/signup', { email, password })).status).toBeLessThan(300);
    const code = await verificationCode(app.url, email);
    expect((await api.post('/api/auth/verify', { email, code })).status).toBe(200);
  }

  async function signIn(email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await signInButton().click();
  }

  /** the message a field's aria-describedby points at, when the field is marked invalid */
  const errorUnder = (field: Locator) =>
    field.evaluate((el) => {
      const id = el.getAttribute('aria-describedby');
      return el.getAttribute('aria-invalid') === 'true' && id ? (document.getElementById(id)?.textContent ?? null) : null;
    });

  it('signs up, verifies the mailed code and picks the airline profile type', async () => {
    const email = uniqueEmail('signup');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: 'Create Account' }));
    await page.getByLabel('Email').fill(email);
    // a common password first: the server refuses it, and the form says so on the field, which takes the focus
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Password1');
    await page.getByLabel('Confirm Password').fill('Password1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await eventually(async () => (await errorUnder(password)) === 'This password is too common. Choose one that is harder to guess', 10_000, 'the refusal under the password');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toasts().getByText('Signup failed').count()).toBe(0);
    await screenshot(page, 'journey-signup-common-password');
    await password.fill('Runway-27-Left');
    expect(await errorUnder(password)).toBeNull();
    await page.getByLabel('Confirm Password').fill('Runway-27-Left');
    await screenshot(page, 'journey-signup-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expectVisible(page.getByRole('heading', { name: 'Verify Your Email' }));
    await expectVisible(page.getByText(email));
    await expectVisible(toasts().getByText('Verification code sent'));
    await settle(page);
    await screenshot(page, 'journey-verify-screen');

    const code = await verificationCode(app.url, email);
    expect(code).toMatch(/^\d{6}$/);
    const codeField = page.getByLabel('Verification Code');
    // a wrong code first: its toast says so
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await expectVisible(toasts().getByText('Verification failed'));
    await codeField.fill('');
    await codeField.click();
    // typed digit by digit; the sixth digit submits on its own (~100 ms later), no button press
    await codeField.pressSequentially(code, { delay: 40 });
    await page.waitForURL(`${app.url}/welcome`);
    await expectVisible(page.getByRole('heading', { name: 'Choose Your Profile Type' }));
    // and the wrong code's toast does not follow the member to the next screen
    await eventually(async () => (await toasts().getByText('Verification failed').count()) === 0, 1_000, "the wrong code's toast gone");
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await screenshot(page, 'journey-welcome');

    await page.getByRole('button', { name: "I'm an Airline Employee" }).click();
    await page.waitForURL(`${app.url}/register?type=airline`);
    await expectVisible(page.getByRole('heading', { name: 'Create Profile' }));
    await screenshot(page, 'journey-register-airline');

    // the choice was stored on the account
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    expect(me).toMatchObject({ email, userType: 'airline' });
  });

  it("signs in before verifying: 'Verification required' leads to the code, and goes once the code is accepted", async () => {
    const email = uniqueEmail('unverified');
    expect((await new ApiClient(app.url).post('/api/auth/signup', { email, password: 'Runway-27-Left' })).status).toBeLessThan(300);
    const seen = new Set<string>();
    await verificationCode(app.url, email, seen); // the sign-up's, replaced by the one signing in sends
    await page.goto('/auth');
    await signIn(email, 'Runway-27-Left');
    await expectVisible(page.getByRole('heading', { name: 'Verify Your Email' }));
    await expectVisible(toasts().getByText('Verification required'));
    // the code goes with the password just signed in with: the account is confirmed with the verifier's own
    const verified = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/verify');
    // pasted as copied from the mail, with the words and spaces around it: the digits are kept, all six
    const code = await verificationCode(app.url, email, seen);
    await page.getByLabel('Verification Code').evaluate((field, text) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', text);
      field.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, ` Your code: ${code.slice(0, 3)} ${code.slice(3)} `);
    expect((await verified).postDataJSON()).toMatchObject({ email, code, password: 'Runway-27-Left' });
    await page.waitForURL(`${app.url}/welcome`);
    await expectVisible(page.getByRole('heading', { name: 'Choose Your Profile Type' }));
    await eventually(async () => (await toasts().getByText('Verification required').count()) === 0, 1_000, "'Verification required' gone");
  });

  // the code proves the address, not which sign-up it answers: the account is confirmed with the
  // password signed up with on this page, and without one (a reload) only when nobody else signed it up
  it('confirms the address with the password signed up with here, though a stranger signed it up again; after a reload, asks to sign up again', async () => {
    const email = uniqueEmail('twice');
    const ownPassword = 'Runway-27-Left';
    const signUp = async () => {
      await page.getByLabel('Password', { exact: true }).fill(ownPassword);
      await page.getByLabel('Confirm Password').fill(ownPassword);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Verify Your Email' }));
    };
    const seen = new Set<string>();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await signUp();
    await verificationCode(app.url, email, seen);
    // a stranger signs the address up again with a password of their own: its owner is mailed a fresh code
    expect((await new ApiClient(app.url).post('/api/auth/signup', { email, password: 'Stranger-Pass-9' })).status).toBe(201);
    const code = await verificationCode(app.url, email, seen);

    // a reload: the screen keeps the address, not the password; the code alone is not enough
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Verify Your Email' }));
    await page.getByLabel('Verification Code').fill(code);
    await expectVisible(toasts().getByText(Messages.signUpAgainToConfirm));
    await expectVisible(page.getByRole('button', { name: 'Create Account' }));
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(page, 'journey-sign-up-again');
    await signUp();
    await page.getByLabel('Verification Code').fill(await verificationCode(app.url, email, seen));
    await page.waitForURL(`${app.url}/welcome`);

    // the account is the owner's: the stranger's password opens nothing
    expect((await new ApiClient(app.url).post('/api/auth/login', { email, password: 'Stranger-Pass-9' })).status).toBe(401);
    expect((await new ApiClient(app.url).post('/api/auth/login', { email, password: ownPassword })).status).toBe(200);
  });

  it("says 'Passwords don't match' under the confirm field whatever the password's own error, on sign-up and on the password reset", async () => {
    const signups: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/auth/')) signups.push(new URL(r.url()).pathname);
    });

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm Password').fill('1234');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectVisible(page.getByText("Passwords don't match"));
    expect(await errorUnder(page.getByLabel('Password', { exact: true }))).toBe('Password must be at least 6 characters');
    expect(await errorUnder(page.getByLabel('Confirm Password'))).toBe("Passwords don't match");
    await screenshot(page, 'journey-signup-mismatch');
    // fixed as a person would: the password first (the confirmation still differs), then the confirmation
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectVisible(page.getByText("Passwords don't match"));
    expect(await errorUnder(page.getByLabel('Password', { exact: true }))).toBeNull();
    expect(await errorUnder(page.getByLabel('Confirm Password'))).toBe("Passwords don't match");
    expect(signups.filter((path) => path === '/api/auth/signup')).toEqual([]);

    // the reset form: a new password too short and a confirmation that differs
    await page.goto('/reset-password?token=not-checked-before-sending');
    await page.getByLabel('New Password').fill('1234567');
    await page.getByLabel('Confirm Password').fill('12345678');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectVisible(page.getByText("Passwords don't match"));
    expect(await errorUnder(page.getByLabel('New Password'))).toBe('Password must be at least 8 characters');
    expect(await errorUnder(page.getByLabel('Confirm Password'))).toBe("Passwords don't match");
    await screenshot(page, 'journey-reset-mismatch');
    expect(signups.filter((path) => path === '/api/auth/reset-password')).toEqual([]);
  });

  it("shows the server's 'Invalid email or password' in the 'Login failed' toast", async () => {
    const email = uniqueEmail('wrongpw');
    await verifiedAccount(email, 'Correct-Horse-9');
    await page.goto('/auth');
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await signIn(email, 'not-the-password');
    const res = await reply;
    expect(res.status()).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Invalid email or password');

    const toast = toasts().getByRole('listitem').filter({ hasText: 'Login failed' });
    await expectVisible(toast.getByText('Login failed'));
    await expectVisible(toast.getByText('Invalid email or password'));
    await settle(page);
    await screenshot(page, 'journey-login-failed');
    expect(page.url()).toBe(`${app.url}/auth`);
    expect(await signInButton().isEnabled()).toBe(true);
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const email = uniqueEmail('forgot');
    await verifiedAccount(email, 'Old-Password-1');

    await page.goto('/');
    // the address typed in sign-in goes along to forgot password, and back
    await page.getByLabel('Email').fill(`typo.${email}`);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Reset Password' }));
    expect(await page.getByLabel('Email').inputValue()).toBe(`typo.${email}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectVisible(toasts().getByText('Reset Link Sent'));
    await expectVisible(toasts().getByText('If the email exists, a password reset link has been sent to your email'));
    // back in sign-in mode after the request succeeds, with the address the link went to
    await expectVisible(signInButton());
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await settle(page);
    await screenshot(page, 'journey-reset-link-sent');

    const { link } = await resetToken(app.url, email);
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expectVisible(page.getByRole('heading', { name: 'Reset Password' }));
    // a common password is refused on its field, and the link stays good
    await page.getByLabel('New Password').fill('iloveyou1');
    await page.getByLabel('Confirm Password').fill('iloveyou1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await eventually(async () => (await errorUnder(page.getByLabel('New Password'))) === 'This password is too common. Choose one that is harder to guess', 10_000, 'the refusal under the new password');
    expect(await toasts().getByText('Reset Failed').count()).toBe(0);
    await page.getByLabel('New Password').fill('New-Password-22');
    await page.getByLabel('Confirm Password').fill('New-Password-22');
    await screenshot(page, 'journey-reset-form');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectVisible(toasts().getByText('Password Reset Successful'));
    await page.waitForURL(`${app.url}/`);
    await expectVisible(signInButton());
    await settle(page);
    await screenshot(page, 'journey-reset-done');

    // the old password no longer works, the new one does
    await signIn(email, 'Old-Password-1');
    await expectVisible(toasts().getByText('Login failed'));
    await page.getByLabel('Password', { exact: true }).fill('New-Password-22');
    await signInButton().click();
    // login goes to /swipe; the gate sends a verified user without a profile type on to /welcome
    await page.waitForURL(`${app.url}/welcome`);
    await expectVisible(page.getByRole('heading', { name: 'Choose Your Profile Type' }));
    // the earlier 'Login failed' does not linger over the signed-in screen
    await toasts().getByText('Login failed').waitFor({ state: 'detached', timeout: 1_500 }); // it would show for 5 s
    await screenshot(page, 'journey-reset-signed-in');
  });

  /** signs in at /auth and waits for the swipe screen to have made its calls */
  async function signInToSwipe(email: string, password: string) {
    await page.goto('/auth');
    // the swipe screen's last calls wait for its first card's photo and an idle moment (the
    // badges' counts): on a busy machine they can come after the network has been quiet a while
    const badgesAsked = ['/api/profile-views/count', '/api/notifications/unread-count'].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path).then((r) => r.finished()),
    );
    await signIn(email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await expectVisible(page.getByRole('heading', { name: 'Discover' }));
    await Promise.all(badgesAsked);
  }

  /** the page's session ends on the server: a logout with its cookie, as another device sharing it would */
  async function endSessionElsewhere() {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const ended = await fetch(`${app.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: app.url, 'content-type': 'application/json' }, body: '{}' });
    expect(ended.status).toBeLessThan(300);
  }

  it('sends a member whose session ended elsewhere to the login screen on their next call', async () => {
    const email = uniqueEmail('elsewhere');
    const password = 'Holding-Pattern-9';
    await airlineMember(app.url, email, password, 'Nadia');
    // no real-time channel in this tab (offline meanwhile, say): the socket's own session check
    // cannot be what notices; the next call's 401 must
    await page.routeWebSocket(/\/ws\//, (ws) => ws.close());
    await page.route(/\/ws\//, (route) => route.abort());
    await signInToSwipe(email, password);
    await page.waitForLoadState('networkidle');
    // the session ends on the server (a logout on another device with the same session)
    await endSessionElsewhere();

    // the activity screen asks for the notifications: a 401, and the app signs out instead of showing errors
    await page.getByRole('link', { name: 'Activity' }).click();
    await expectVisible(signInButton());
    expect(new URL(page.url()).pathname).toMatch(/^\/(auth)?$/);
    expect(await page.evaluate(() => localStorage.getItem('aero.currentUser'))).toBeNull();
  });

  it('signs out at once, without a reload, a member whose session ends elsewhere while the real-time connection is open', async () => {
    const email = uniqueEmail('signed-out-elsewhere');
    const password = 'Holding-Pattern-9';
    await airlineMember(app.url, email, password, 'Nadia');
    // the connection is the real one; the test only watches the server say it is signed in
    let socketSignedIn = false;
    await page.routeWebSocket(/\/ws\//, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (String(message).includes('"auth_success"')) socketSignedIn = true;
        ws.send(message);
      });
    });
    // (a 401 of a late call of the swipe screen must not be what signs the tab out)
    await signInToSwipe(email, password);
    await eventually(async () => socketSignedIn || undefined, 20_000, 'the socket signed in');
    await page.waitForLoadState('networkidle');
    // a reload would forget this
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // the member signs out on another device with the same session: the server closes its sockets
    await endSessionElsewhere();

    // without any call of this tab's screens: the connection's session check signs the tab out
    await expectVisible(signInButton());
    expect(new URL(page.url()).pathname).toMatch(/^\/(auth)?$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('aero.currentUser'))).toBeNull();
  });

  it('follows a sign-in and a sign-out made in another tab of the browser, without a reload', async () => {
    const [ada, bo] = [uniqueEmail('tab-ada'), uniqueEmail('tab-bo')];
    const password = 'Holding-Pattern-9';
    await airlineMember(app.url, ada, password, 'Ada');
    await airlineMember(app.url, bo, password, 'Bo');
    // this tab has no real-time channel: what it learns, it learns from the other tab
    await page.routeWebSocket(/\/ws\//, (ws) => ws.close());
    await page.goto('/auth');
    await expectVisible(signInButton());
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const other = await page.context().newPage();
    const signInThere = async (email: string) => {
      await signInOn(other, email, password);
      await other.waitForURL(`${app.url}/swipe`);
    };
    const shownMember = () => page.evaluate(() => (JSON.parse(localStorage.getItem('aero.currentUser') ?? 'null') as { email?: string } | null)?.email ?? null);

    // Ada signs in there: this tab leaves its sign-in screen for her home, the deck
    await signInThere(ada);
    await expectVisible(page.getByRole('heading', { name: 'Discover' }));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await shownMember()).toBe(ada);
    // she signs out there: this tab is signed out too, and shows nothing of hers
    await other.getByRole('link', { name: 'Profile' }).click();
    await other.getByRole('button', { name: 'Sign Out' }).click();
    await other.waitForURL(`${app.url}/`);
    await expectVisible(signInButton());
    expect(new URL(page.url()).pathname).toMatch(/^\/(auth)?$/);
    // Bo signs in there: this tab is his
    await signInThere(bo);
    await expectVisible(page.getByRole('heading', { name: 'Discover' }));
    expect(await shownMember()).toBe(bo);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expectVisible(page.getByRole('region', { name: 'Profile summary' }).getByRole('heading', { name: 'Bo', exact: true }));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await other.close();
  });

  /** a new member signed in on the deck; answers how the session's cookie is answered now (200 while it lasts, 404 once ended) */
  async function signedInOnDeck(prefix: string, firstName: string) {
    const email = uniqueEmail(prefix);
    const password = 'Holding-Pattern-9';
    await airlineMember(app.url, email, password, firstName);
    await signInToSwipe(email, password);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    return async () => (await fetch(`${app.url}/api/users/me`, { headers: { cookie } })).status;
  }

  /** on the plane: the sign-out never reaches the server, and the app signs out all the same (spec) */
  async function signOutOffline() {
    await page.getByRole('link', { name: 'Profile' }).click();
    // the page is there before the plane is in the air: a screen whose file is still on its way
    // when the connection goes cannot be shown (the service worker may not have stored it yet)
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await expectVisible(signOut);
    await page.context().setOffline(true);
    await signOut.click();
    await expectVisible(signInButton());
  }

  it('signs out for good a member who signs out offline: the next start-up ends the session before anything else', async () => {
    const sessionAnswers = await signedInOnDeck('offline-sign-out', 'Olga');
    await signOutOffline();
    expect(await sessionAnswers()).toBe(200);

    // landed: whoever opens the app next on this phone is not signed in as Olga, and her session is over
    await page.context().setOffline(false);
    await page.goto('/swipe');
    await expectVisible(signInButton());
    expect(new URL(page.url()).pathname).toMatch(/^\/(auth)?$/);
    expect(await sessionAnswers()).toBe(404);
    expect(await page.evaluate(() => localStorage.getItem('aero.logout-pending'))).toBeNull();
  });

  it('signs out every tab of a member who signs out offline, and ends the session once back online, with no new start-up', async () => {
    const sessionAnswers = await signedInOnDeck('offline-tabs', 'Tala');
    // the installed app in another window, on her deck
    const other = await page.context().newPage();
    await other.goto('/swipe');
    await expectVisible(other.getByRole('heading', { name: 'Discover' }));
    await signOutOffline();
    // the other window signs out too, though the server cannot be asked (her cookie still answers there)
    await expectVisible(other.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await other.getByRole('heading', { name: 'Discover' }).count()).toBe(0);
    expect(await sessionAnswers()).toBe(200);

    // landed, both windows still open: the sign-out reaches the server
    await page.context().setOffline(false);
    await eventually(async () => (await sessionAnswers()) === 404, 15_000, 'the session ended');
    await eventually(async () => (await page.evaluate(() => localStorage.getItem('aero.logout-pending'))) === null, 5_000, 'the pending sign-out forgotten');
    await other.close();
  });

  it('takes an admin to /admin after sign-in', async () => {
    await verifiedAccount(adminEmail, adminPassword);
    await page.goto('/auth');
    await signIn(adminEmail, adminPassword);
    await page.waitForURL(`${app.url}/admin`);
    await expectVisible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await screenshot(page, 'journey-admin');
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).json());
    expect(me).toMatchObject({ email: adminEmail, isAdmin: true });
  });
});
