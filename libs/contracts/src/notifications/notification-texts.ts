import { PRODUCT_NAME } from '../limits.js';

// A module of its own (`@aero/contracts/notification-texts`), outside the shared part the web
// app's first screen carries: only the Activity screen reads these texts. The server stores every
// notification in this English; the app shows it in the reader's language, reading the other
// member's first name back out of the title these templates write.

/** what a title says instead of a first name the server does not know */
export const UNKNOWN_MEMBER = { like: 'Someone', match: 'someone', message: 'your match' } as const;

/** the longest message text a message notification repeats (longer ones are cut with '…') */
export const MESSAGE_PREVIEW_CHARS = 80;

/** what a message notification says of a message that is not text */
export const MessagePreviews = { photo: 'Sent you a photo', voice: 'Sent you a voice message' } as const;

/** The notifications about another member, by type, from that member's first name. */
export const MemberNotifications = {
  like: (who: string) => ({ title: `${who} liked you`, message: `Swipe right on ${who} to match.` }),
  super_like: (who: string) => ({ title: `${who} super liked you`, message: `${who} really wants to meet you. Swipe right to match.` }),
  match: (who: string) => ({ title: `It's a match with ${who}!`, message: `You and ${who} liked each other. Say hello!` }),
  message: (who: string) => ({ title: `New message from ${who}` }),
} as const;
export type MemberNotificationType = keyof typeof MemberNotifications;

/**
 * The server's own notifications of type 'other', in the English they are stored in; the app
 * shows each in the reader's language by its key (`activity.other.<key>.title` and `.message`).
 */
export const OtherNotifications = {
  welcomeAirline: { title: `Welcome to ${PRODUCT_NAME}`, message: 'Your verified badge comes once an admin approves your employment document. No document sent yet? Upload it from Settings.' },
  welcomeGeneral: { title: `Welcome to ${PRODUCT_NAME}`, message: 'Finish your profile and start meeting aviation professionals.' },
  verificationApproved: { title: 'Verification approved', message: 'Your employment is verified. Your profile now shows the verified badge.' },
  verificationRejected: { title: 'Verification rejected', message: 'We could not verify your document. You can upload a new one from Settings.' },
  /** never says who reported, nor what: only that the guidelines apply */
  moderatorWarning: {
    title: 'A warning from our moderators',
    message: 'Members reported behaviour that breaks our community guidelines. Please keep every conversation respectful: a further report can lead to a suspension or a ban.',
  },
} as const satisfies Record<string, { title: string; message: string }>;
export type OtherNotificationKey = keyof typeof OtherNotifications;
