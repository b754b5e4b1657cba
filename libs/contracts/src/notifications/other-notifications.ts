import { PRODUCT_NAME } from '../limits.js';

// A module of its own (`@aero/contracts/notification-texts`), outside the shared part the web
// app's first screen carries: only the Activity screen reads these texts.

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
