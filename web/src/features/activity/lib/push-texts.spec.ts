import { MemberNotifications, MessagePreviews } from '@aero/contracts/notification-texts';
import { DiscreetPush } from '@aero/contracts/shared';
import { NAME_SLOT, PUSH_TEXT_IDS, type PushTexts } from '../../../lib/push-texts';
import { localizedPush } from './push-texts';
import es from '../../../i18n/locales/es.json';

/** the texts as the app keeps them in Spanish: the catalogue's, the name as NAME_SLOT */
const spanish: PushTexts = Object.fromEntries(PUSH_TEXT_IDS.map((id) => [id, (es as Record<string, string>)[id]!.replaceAll('{name}', NAME_SLOT)]));
const push = (type: string, title: string, body: string) => ({ type, title, body });

describe("a web push in the app's language", () => {
  it('shows a like, a super like and a match from their type and the name in the English title', () => {
    for (const [type, ids] of [
      ['like', ['activity.like.title', 'activity.like.message']],
      ['super_like', ['activity.superLike.title', 'activity.superLike.message']],
      ['match', ['activity.match.title', 'activity.match.message']],
    ] as const) {
      const english = MemberNotifications[type]('Julián');
      expect(localizedPush(push(type, english.title, english.message), spanish)).toEqual({
        title: (es as Record<string, string>)[ids[0]]!.replace('{name}', 'Julián'),
        body: (es as Record<string, string>)[ids[1]]!.replaceAll('{name}', 'Julián'),
      });
    }
    expect(localizedPush(push('like', 'Ana liked you', 'Swipe right on Ana to match.'), spanish)).toEqual({ title: 'A Ana le gustas', body: 'Desliza a la derecha sobre Ana para hacer match.' });
  });

  it("shows a message's own words as they are, and a photo's or a voice clip's preview translated", () => {
    const title = MemberNotifications.message('Leo').title;
    expect(localizedPush(push('message', title, 'Wheels up in ten!'), spanish)).toEqual({ title: 'Nuevo mensaje de Leo', body: 'Wheels up in ten!' });
    expect(localizedPush(push('message', title, MessagePreviews.photo), spanish).body).toBe('Te ha enviado una foto');
    expect(localizedPush(push('message', title, MessagePreviews.voice), spanish).body).toBe('Te ha enviado un mensaje de voz');
  });

  it("keeps the server's English without kept texts, for a title that names no one, and for a text not kept", () => {
    const like = MemberNotifications.like('Ana');
    expect(localizedPush(push('like', like.title, like.message), null)).toEqual({ title: like.title, body: like.message });
    const someone = MemberNotifications.like('Someone');
    expect(localizedPush(push('like', someone.title, someone.message), spanish)).toEqual({ title: someone.title, body: someone.message });
    expect(localizedPush(push('other', 'Welcome to AeroMatch', 'Hi'), spanish)).toEqual({ title: 'Welcome to AeroMatch', body: 'Hi' });
    expect(localizedPush(push('like', like.title, like.message), { 'activity.like.title': `${NAME_SLOT} te quiere` })).toEqual({ title: 'Ana te quiere', body: like.message });
  });

  it('shows a discreet push (previews off) as the app name and the kept words for something new, never reading a name into it', () => {
    const discreet = { type: 'message', title: DiscreetPush.title, body: DiscreetPush.message, discreet: true };
    expect(localizedPush(discreet, spanish)).toEqual({ title: DiscreetPush.title, body: 'Tienes una notificación nueva.' });
    expect(localizedPush(discreet, null)).toEqual({ title: DiscreetPush.title, body: DiscreetPush.message });
    expect(localizedPush(discreet, {})).toEqual({ title: DiscreetPush.title, body: DiscreetPush.message });
  });
});
