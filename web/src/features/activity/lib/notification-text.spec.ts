import { MemberNotifications, type MemberNotificationType, OtherNotifications, UNKNOWN_MEMBER } from '@aero/contracts/notification-texts';
import { render } from '../../../i18n/testing';
import type { Locale } from '../../../i18n/languages';
import type { NotificationView } from '../model';
import { matchedMembers } from './notification-list';
import { nameInTitle, notificationText, readerState, typeLabel } from './notification-text';

const shown = (n: Pick<NotificationView, 'type' | 'title' | 'message'>, locale: Locale = 'en', matched = false) => {
  const { title, message } = notificationText(n, matched);
  return [typeof title === 'string' ? title : render(title, locale), typeof message === 'string' ? message : render(message, locale)];
};

describe('a notification in the reader’s language', () => {
  it('reads back the first name out of every title the server’s templates write, and none out of their stand-ins', () => {
    for (const type of Object.keys(MemberNotifications) as MemberNotificationType[]) {
      expect(nameInTitle({ type, title: MemberNotifications[type]('Mary Ann').title })).toBe('Mary Ann');
      for (const unknown of Object.values(UNKNOWN_MEMBER)) expect(nameInTitle({ type, title: MemberNotifications[type](unknown).title })).toBeNull();
    }
  });

  it('reads the other member’s first name out of the server’s English title', () => {
    expect(nameInTitle({ type: 'like', title: 'Maya liked you' })).toBe('Maya');
    expect(nameInTitle({ type: 'super_like', title: 'Mary Ann super liked you' })).toBe('Mary Ann');
    expect(nameInTitle({ type: 'match', title: "It's a match with Maya!" })).toBe('Maya');
    expect(nameInTitle({ type: 'message', title: 'New message from Maya' })).toBe('Maya');
    // the name is the server's stand-in, or the title has another shape: no name
    expect(nameInTitle({ type: 'like', title: 'Someone liked you' })).toBeNull();
    expect(nameInTitle({ type: 'message', title: 'New message from your match' })).toBeNull();
    expect(nameInTitle({ type: 'like', title: 'Maya super liked you' })).toBe('Maya super');
    expect(nameInTitle({ type: 'match', title: 'Maya liked you' })).toBeNull();
    expect(nameInTitle({ type: 'other', title: 'Maya liked you' })).toBeNull();
  });

  it('shows the server’s English in English', () => {
    const like = { type: 'like', title: 'Maya liked you', message: 'Swipe right on Maya to match.' } as const;
    const superLike = { type: 'super_like', title: 'Maya super liked you', message: 'Maya really wants to meet you. Swipe right to match.' } as const;
    const match = { type: 'match', title: "It's a match with Maya!", message: 'You and Maya liked each other. Say hello!' } as const;
    for (const n of [like, superLike, match]) expect(shown(n)).toEqual([n.title, n.message]);
    expect(shown({ type: 'message', title: 'New message from Maya', message: 'Coffee at DFW?' })).toEqual(['New message from Maya', 'Coffee at DFW?']);
  });

  it('builds the text again in the chosen language from the type and the name', () => {
    expect(shown({ type: 'like', title: 'Maya liked you', message: 'Swipe right on Maya to match.' }, 'es')).toEqual(['A Maya le gustas', 'Desliza a la derecha sobre Maya para hacer match.']);
    expect(shown({ type: 'super_like', title: 'Maya super liked you', message: '…' }, 'de')[0]).toBe('Maya hat dir ein Super-Like gegeben');
    expect(shown({ type: 'match', title: "It's a match with Maya!", message: '…' }, 'fr')).toEqual(['C\'est un match avec Maya\u00a0!', 'Maya et vous vous êtes plu mutuellement. Dites bonjour\u00a0!']);
    // a message keeps its own words; the photo and voice previews are translated
    expect(shown({ type: 'message', title: 'New message from Maya', message: 'Coffee at DFW?' }, 'de')).toEqual(['Neue Nachricht von Maya', 'Coffee at DFW?']);
    expect(shown({ type: 'message', title: 'New message from Maya', message: 'Sent you a photo' }, 'es')[1]).toBe('Te ha enviado una foto');
    expect(shown({ type: 'message', title: 'New message from Maya', message: 'Sent you a voice message' }, 'fr')[1]).toBe('Vous a envoyé un message vocal');
  });

  it('falls back to the server’s text when the title has no name to read, and for other notifications', () => {
    expect(shown({ type: 'like', title: 'Someone liked you', message: 'Swipe right on Someone to match.' }, 'es')).toEqual(['Someone liked you', 'Swipe right on Someone to match.']);
    expect(shown({ type: 'other', title: 'Verification approved', message: 'Welcome aboard.' }, 'de')).toEqual(['Verification approved', 'Welcome aboard.']);
  });

  it('shows the server’s own notifications (welcome, verification, a warning) in the chosen language, the English as the server wrote it', () => {
    for (const sent of Object.values(OtherNotifications)) expect(shown({ type: 'other', ...sent })).toEqual([sent.title, sent.message]);
    expect(shown({ type: 'other', ...OtherNotifications.welcomeAirline }, 'es')[0]).toBe('Te damos la bienvenida a AeroMatch');
    // a welcome stored before its text was reworded is still translated (as the new one)
    const earlier = { type: 'other', title: OtherNotifications.welcomeAirline.title, message: 'Finish your profile and upload your employment document to get your verified badge.' } as const;
    expect(shown(earlier, 'de')).toEqual(shown({ type: 'other', ...OtherNotifications.welcomeAirline }, 'de'));
    expect(shown({ type: 'other', ...OtherNotifications.verificationApproved }, 'fr')[0]).toBe('Vérification approuvée');
    expect(shown({ type: 'other', ...OtherNotifications.moderatorWarning }, 'de')[0]).toBe('Eine Verwarnung unserer Moderatoren');
  });

  it("no longer asks a member whose profile is complete to finish it (the welcome was written before there was a profile)", () => {
    const welcome = { type: 'other', ...OtherNotifications.welcomeGeneral } as const;
    const text = (locale: Locale, profileComplete: boolean) => {
      const { message } = notificationText(welcome, false, { profileComplete });
      return typeof message === 'string' ? message : render(message, locale);
    };
    expect(text('en', false)).toBe('Finish your profile and start meeting aviation professionals.');
    expect(text('de', false)).toBe('Vervollständige dein Profil und lerne Menschen aus der Luftfahrt kennen.');
    // done: the welcome says no more than its title (as a like does once matched)
    for (const locale of ['en', 'es', 'fr', 'de'] as const) expect(text(locale, true)).toBe('');
    // the title stays, and so do the other notifications
    expect(shown(welcome)[0]).toBe('Welcome to AeroMatch');
    const airline = notificationText({ type: 'other', ...OtherNotifications.welcomeAirline }, false, { profileComplete: true });
    expect(airline).toEqual(notificationText({ type: 'other', ...OtherNotifications.welcomeAirline }));
  });

  it("no longer asks an airline member who sent their document (pending or approved) to upload it", () => {
    const welcome = { type: 'other', ...OtherNotifications.welcomeAirline } as const;
    const message = (documentSent: boolean, locale: Locale = 'en') => {
      const { message: m } = notificationText(welcome, false, { profileComplete: true, documentSent });
      return typeof m === 'string' ? m : render(m, locale);
    };
    expect(message(false)).toBe(OtherNotifications.welcomeAirline.message);
    for (const locale of ['en', 'es', 'fr', 'de'] as const) expect(message(true, locale)).toBe('');
    expect(shown(welcome)[0]).toBe('Welcome to AeroMatch');
    // the general welcome does not follow the document
    expect(notificationText({ type: 'other', ...OtherNotifications.welcomeGeneral }, false, { documentSent: true }).message).not.toBe('');
  });

  it('counts the document as sent for airline staff verified or under review; never for a general member', () => {
    const member = (userType: 'airline' | 'general', verified = false) => ({ userType, verified, profileCompleted: true });
    expect(readerState(member('airline'), 'none')).toEqual({ profileComplete: true, documentSent: false });
    expect(readerState(member('airline'), 'pending').documentSent).toBe(true);
    expect(readerState(member('airline'), 'approved').documentSent).toBe(true);
    expect(readerState(member('airline', true)).documentSent).toBe(true);
    expect(readerState(member('airline'), 'rejected').documentSent).toBe(false);
    expect(readerState(member('general', true), 'approved').documentSent).toBe(false);
    expect(readerState(null)).toEqual({ profileComplete: false, documentSent: false });
  });

  it('says no more than who liked the reader once they matched (no call to swipe right on a match)', () => {
    const like = MemberNotifications.like('Julian');
    const superLike = MemberNotifications.super_like('Julian');
    const match = MemberNotifications.match('Julian');
    const list = [
      { id: 'm', type: 'match', ...match, read: false, createdAt: '2026-01-02T00:00:00Z', data: { matchId: 'x', fromUserId: 'julian' } },
      { id: 'l', type: 'like', ...like, read: true, createdAt: '2026-01-01T00:00:00Z', data: { fromUserId: 'julian' } },
      { id: 'o', type: 'like', ...MemberNotifications.like('Maya'), read: true, createdAt: '2026-01-01T00:00:00Z', data: { fromUserId: 'maya' } },
    ] satisfies NotificationView[];
    expect(matchedMembers(list)).toEqual(new Set(['julian']));
    expect(shown({ type: 'like', ...like }, 'en', true)).toEqual(['Julian liked you', '']);
    expect(shown({ type: 'super_like', ...superLike }, 'de', true)).toEqual([shown({ type: 'super_like', ...superLike }, 'de')[0], '']);
    expect(shown({ type: 'like', ...like })).toEqual(['Julian liked you', 'Swipe right on Julian to match.']);
    // the match itself keeps its text
    expect(shown({ type: 'match', ...match }, 'en', true)).toEqual(shown({ type: 'match', ...match }));
  });

  it('labels the type badge', () => {
    expect(render(typeLabel('super_like'))).toBe('Super Like');
    expect(render(typeLabel('match'), 'es')).toBe('Match nuevo');
    expect(render(typeLabel('other'))).toBe('Update');
  });
});
