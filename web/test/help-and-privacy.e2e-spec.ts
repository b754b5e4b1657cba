import type { Page } from 'playwright-core';
import type { RunningProcess } from '@aero/testing';
import { airlineMember, expectVisible, screenshot, settle, signIn, uniqueEmail, usePhoneApp } from './browser';

// /help and /privacy (spec §2) and where signed-out visitors are sent (spec §6).
describe('help and privacy (browser)', () => {
  const password = 'Cleared-For-Takeoff-7';
  let app: RunningProcess;
  let page: Page;
  usePhoneApp({}, (s) => ({ app, page } = s));
  const toasts = () => page.getByRole('region', { name: 'Notifications (F8)' });

  it('sends signed-out visitors to / from chat, activity, profile, settings, help and privacy, and to /auth from swipe and subscribe', async () => {
    // without calls that would only be refused (the deck's, the match list's)
    const refused: string[] = [];
    page.on('response', (res) => res.status() === 401 && refused.push(new URL(res.url()).pathname));
    for (const path of ['/messages', '/notifications', '/profile', '/settings', '/help', '/privacy']) {
      await page.goto(path);
      await page.waitForURL(`${app.url}/`);
      await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    }
    for (const path of ['/swipe', '/subscribe']) {
      await page.goto(path);
      await page.waitForURL(`${app.url}/auth`);
      await expectVisible(page.getByRole('button', { name: 'Sign In', exact: true }));
    }
    await settle(page);
    expect(refused.filter((path) => path !== '/api/users/me')).toEqual([]);
  });

  it('opens Help & Support: contact cards, an FAQ answer, the support form with its toast, and the privacy button', async () => {
    const email = uniqueEmail('helpme');
    await airlineMember(app.url, email, password);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Help & Support' }).click();
    await page.waitForURL(`${app.url}/help`);

    await expectVisible(page.getByRole('heading', { name: 'Help & Support' }));
    await expectVisible(page.getByText('Live chat'));
    await expectVisible(page.getByRole('link', { name: 'support@aeromatch.app' }));
    await expectVisible(page.getByText('Mon-Fri 9AM-6PM'));
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await screenshot(page, 'help-top');
    // 'Message us' (its icon) starts where the email address and the phone number do
    const lefts = [
      await page.getByRole('button', { name: 'Message us' }).locator('svg').boundingBox(),
      await page.getByRole('link', { name: 'support@aeromatch.app' }).boundingBox(),
      await page.getByRole('link', { name: /555-0199/ }).boundingBox(),
    ].map((box) => Math.round(box!.x));
    expect(lefts).toEqual([lefts[1], lefts[1], lefts[1]]);

    // the FAQ: an accessible disclosure per topic, one open at a time
    const faq = page.getByRole('button', { name: /^Verification:/ });
    expect(await faq.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: /^(Getting started|Matching|Safety|Account|Messaging):/ }).count()).toBe(5);
    await faq.click();
    expect(await faq.getAttribute('aria-expanded')).toBe('true');
    const answer = page.getByRole('region', { name: /^Verification:/ });
    await expectVisible(answer.getByText('Our team reviews it within 24 to 48 hours', { exact: false }));
    await faq.focus();
    await page.keyboard.press('Enter'); // the keyboard closes it again
    expect(await faq.getAttribute('aria-expanded')).toBe('false');
    await faq.click();
    await settle(page);
    await faq.scrollIntoViewIfNeeded();
    await screenshot(page, 'help-faq-open');

    // the support form: its category list, required fields, then 'Message sent' and no call
    const form = page.getByRole('form', { name: 'Send us a message' });
    const categories = await form.getByLabel('Category').locator('option').allTextContents();
    expect(categories).toEqual(['Account', 'Verification', 'Matching', 'Messaging', 'Safety', 'Report a bug', 'Feature request', 'Other']);
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    await form.getByLabel('Email').fill('');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(form.getByText('Email is required'));
    await expectVisible(form.getByText('Subject is required'));
    await expectVisible(form.getByText('Message is required'));
    await screenshot(page, 'help-form-errors');

    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(`${r.method()} ${r.url()}`));
    await form.getByLabel('Category').selectOption('verification');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Subject').fill('Paystub review');
    await form.getByLabel('Message').fill('How long does the review of my paystub take?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(toasts().getByText('Message sent'));
    await expectVisible(toasts().getByText("We'll get back to you within 24 hours."));
    expect(await form.getByLabel('Subject').inputValue()).toBe('');
    expect(calls).toEqual([]);
    await settle(page);
    await screenshot(page, 'help-form-sent');

    // emergency buttons: the privacy button opens the policy, which links back to help
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${app.url}/privacy`);
    await expectVisible(page.getByRole('heading', { name: 'Privacy Policy' }));
    await expectVisible(page.getByText('Last updated July 1, 2025'));
    for (const heading of ['What we collect', 'Who sees what', 'How long we keep it', 'Your choices and how to delete']) await expectVisible(page.getByRole('heading', { name: heading }));
    await expectVisible(page.getByText('Employment documents (such as a paystub)', { exact: false }));
    await screenshot(page, 'privacy-top');
    // the privacy address, where the policy gives it, writes to it
    const mail = page.getByRole('link', { name: 'privacy@aeromatch.app' });
    expect(await mail.count()).toBe(2);
    for (const link of await mail.all()) expect(await link.getAttribute('href')).toBe('mailto:privacy@aeromatch.app');
    await mail.last().scrollIntoViewIfNeeded();
    await screenshot(page, 'privacy-contact');
    // the way to help is said once, in the Contact card, as a whole tap target
    const helpLink = page.getByRole('link', { name: 'Questions? Visit Help & Support' });
    expect(await helpLink.count()).toBe(1);
    expect((await helpLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await helpLink.click();
    await page.waitForURL(`${app.url}/help`);
  });

  it('sends the support form once on a double tap of Send Message, and shows the emptied form without errors', async () => {
    const email = uniqueEmail('doubletap');
    await airlineMember(app.url, email, password);
    await signIn(page, email, password);
    await page.waitForURL(`${app.url}/swipe`);
    await page.goto('/help');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Subject').fill('Paystub review');
    await form.getByLabel('Message').fill('How long does the review of my paystub take?');
    const send = form.getByRole('button', { name: 'Send Message' });
    await send.scrollIntoViewIfNeeded();
    await send.dblclick();
    await expectVisible(toasts().getByText('Message sent'));
    await settle(page);
    expect(await form.getByLabel('Subject').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    expect(await form.getByRole('alert').allTextContents()).toEqual([]);
    // nothing to send until the member types again
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'help-form-double-tap');
    await form.getByLabel('Subject').fill('One more thing');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await expectVisible(form.getByText('Message is required'));
    expect(await form.getByText('Subject is required').count()).toBe(0);
  });
});
