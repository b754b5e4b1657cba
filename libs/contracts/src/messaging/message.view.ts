/** spec §3 messages: the kinds a message may be */
export const MESSAGE_TYPES = ['text', 'voice', 'photo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** the kinds that carry an attachment (PUT /api/message-attachments) */
export const ATTACHMENT_TYPES = ['voice', 'photo'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/**
 * A message as the client sees it (spec §3). `attachmentUrl` is the attachment's stable address
 * (`messageAttachmentUrl`): its GET redirects a member of the open conversation to a signed URL of
 * a few minutes, and answers 404 once the conversation has ended; `readAt` is when the recipient
 * read it (null while unread).
 */
export interface MessageView {
  id: string;
  matchId: string;
  senderId: string;
  content: string;
  messageType: MessageType;
  attachmentUrl: string | null;
  attachmentDuration: number | null;
  /** a photo's size in pixels as stored (null for text and voice): its box takes that shape before the photo arrives */
  attachmentWidth: number | null;
  attachmentHeight: number | null;
  createdAt: string;
  readAt: string | null;
}

/** the web app's address of the conversation of `matchId`: where a push, a toast, a notice or the match list opens it */
export const conversationPath = (matchId: string) => `/messages?matchId=${encodeURIComponent(matchId)}`;

/** the stored message as messaging answers it: the attachment is its object key, signed by the gateway */
export type StoredMessageView = Omit<MessageView, 'attachmentUrl'> & { attachmentKey: string | null };

/** per conversation, for the match list (hasMessages, hasUnreadMessages) */
export interface ConversationSummary {
  matchId: string;
  hasMessages: boolean;
  hasUnreadMessages: boolean;
  lastMessageAt: string | null;
}

/** GET /api/blocks entry */
export interface BlockView {
  userId: string;
  firstName: string | null;
  createdAt: string;
}

// --- real-time channel (socket.io at /ws) ----------------------------------------------------

/** The events of the real-time channel (spec §7 plus read receipts, typing and ended matches). */
export const SocketEvents = {
  /** client → server `{ type: 'auth', userId, language? }`: the connection's member, and the app's language (a locale) */
  auth: 'auth',
  /** client → server `{ language }`: the app's language changed (what the server writes to the member in) */
  language: 'language',
  authSuccess: 'auth_success',
  authError: 'auth_error',
  authRequired: 'auth_required',
  /** client → server: send a message (the ack answers `{ message }` or `{ error }`) */
  message: 'message',
  /** server → both members: `{ message: MessageView }` */
  newMessage: 'new_message',
  /** server → sender: `{ id?, matchId?, message }` when a socket message is refused */
  messageError: 'message_error',
  /** client → server `{ matchId }` marks the other member's messages read; server → the other member `{ matchId, userId, readAt }` */
  messageRead: 'message_read',
  /** client → server `{ matchId }`; server → the other member `{ matchId, userId }` */
  typing: 'typing',
  userOnline: 'user_online',
  userOffline: 'user_offline',
  /** server → both members: unmatched, blocked or an account deleted, the conversation is gone; the member who ended it gets `{ matchId, endedBy }` (their own id), the other only `{ matchId }` (never whether it was a block) */
  matchEnded: 'match_ended',
  notification: 'notification',
  /** server → a member: their employment document was approved or rejected (their verified state and standing changed) */
  verificationReviewed: 'verification_reviewed',
  /** server → a member: some of their notifications were removed (a block, a ban, a deleted account): refetch the list and count */
  notificationsRemoved: 'notifications_removed',
  /** server → a member: some of their notifications became read (they read the conversation): refetch the list and count */
  notificationsRead: 'notifications_read',
  error: 'error',
} as const;
