import { isPhotoKind, type FileKind } from '@aero/contracts/file-type';
import { Limits, type MatchView } from '@aero/contracts/shared';
import { text, type Text } from '../../../i18n/message-key';
import { pixelsProblem } from '../../../lib/photo-selection';

// The chat's rules of spec §5 and §2 that are not about messages themselves.

/**
 * Why a file cannot be sent as a photo message (spec §5 Chat), or null when it can: by its content
 * (`kind`, its first bytes), one of the photo formats the server takes.
 */
export function chatPhotoProblem(file: { name: string; size: number }, kind: FileKind, pixels?: number | null): Text | null {
  if (!isPhotoKind(kind)) return text('messages.chatImageOnly');
  if (file.size > Limits.maxUploadBytes) return text('messages.chatFileTooLarge');
  return pixelsProblem(file, pixels);
}

/** A message's text as it is sent: trimmed; null when nothing is left (then nothing is sent). */
export const messageText = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
};

/**
 * The second line of a match in the list: 'position at airline' (spec §2), else 'Click to start
 * chatting!' while they have not written yet; a conversation under way with a member who has no
 * position (a general member) is not one to start: 'Click to continue chatting'.
 */
export function matchSubtitle(match: { otherUser: Pick<MatchView['otherUser'], 'position' | 'airline'>; hasMessages?: boolean }, positionLabel: (value: string) => string = (v) => v): Text | string {
  // positions are labelled in the active language; airline names are proper names
  const position = match.otherUser.position ? positionLabel(match.otherUser.position) : null;
  const airline = match.otherUser.airline || null;
  if (position && airline) return text('chat.list.positionAtAirline', { position, airline });
  return position ?? airline ?? text(match.hasMessages ? 'chat.list.continueChatting' : 'chat.list.startChatting');
}

/** Whether to tell the server we are typing now: at most once per interval while typing. */
export const shouldSendTyping = (lastSentAt: number | null, now: number, intervalMs = TYPING_SEND_INTERVAL_MS) => lastSentAt === null || now - lastSentAt >= intervalMs;

/** Typing events go out at most this often; the indicator they raise lasts Limits.typingIndicatorMs. */
export const TYPING_SEND_INTERVAL_MS = Limits.typingIndicatorMs / 2;

/**
 * The messages a report from the chat offers to attach: the other member's latest text messages,
 * as many as a report may carry (Limits.reportMaxMessages), and the one the report started from
 * wherever it is.
 */
export function reportableMessages<M extends { id: string; senderId: string; messageType: string }>(messages: readonly M[], otherId: string, reportFrom?: string | null): M[] {
  const theirs = messages.filter((m) => m.senderId === otherId && m.messageType === 'text' && !('pending' in m));
  return theirs.filter((m, i) => i >= theirs.length - Limits.reportMaxMessages || m.id === reportFrom);
}
