import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { MatchView, MessageView } from '@aero/contracts/shared';
import { text, type Text } from '../i18n/message-key';
import { fetchFresh } from './fetch-fresh';
import { sharedApi } from './shared-api';

// What the 'New message' toast (spec §7: its title) tells of a message that arrives while the member
// is on another screen than Messages, or in another match's chat: who wrote and what, and which
// conversation opens (app/realtime-toasts.tsx and features/chat's pushes show it); and what the
// 'It's a Match!' toast tells of a match the other member made (app/realtime-toasts.tsx). The name
// comes only from the member's own match list (the one whose other member sent it), the preview
// only from the message they were sent; nothing else is taken on trust.

/** the longest text preview shown, in characters (the rest is cut with an ellipsis) */
export const PREVIEW_MAX_CHARS = 60;

export interface NewMessageToast {
  matchId: string;
  /** 'Name: preview', in the active language */
  description: string;
}

/** A text message's first words on one line, cut at PREVIEW_MAX_CHARS. */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= PREVIEW_MAX_CHARS ? line : `${chars.slice(0, PREVIEW_MAX_CHARS - 1).join('').trimEnd()}…`;
}

/**
 * The toast's text for `message`, from the match list held (`matches`), shown by `show` (a
 * catalogue text in the active language): the sender's first name (or 'User' when the list does
 * not name them) and a preview of the text, or for a voice or photo message its label.
 */
export function newMessageToast(
  message: Pick<MessageView, 'matchId' | 'senderId' | 'content' | 'messageType'>,
  matches: readonly MatchView[] | undefined,
  show: (value: Text) => string,
): NewMessageToast {
  const match = matches?.find((m) => m.id === message.matchId && m.otherUser.id === message.senderId);
  const name = match?.otherUser.firstName?.trim() || show(text('chat.list.userFallback'));
  const preview =
    message.messageType === 'voice' ? show(text('chat.toast.previewVoice')) : message.messageType === 'photo' ? show(text('chat.toast.previewPhoto')) : previewOf(message.content);
  return { matchId: message.matchId, description: show(text('chat.toast.newMessageText', { name, preview })) };
}

type MatchesState = Parameters<ReturnType<typeof sharedApi.endpoints.getMatches.select>>[0];

/**
 * The member's match list: the one held when it has `matchId`, else fetched again (a match made
 * since; the push that told of it makes the list stale while it is fetched: `fetchFresh`), or the
 * one held when that fails.
 */
const matchListWith =
  (matchId: string) =>
  async (dispatch: ThunkDispatch<MatchesState, unknown, UnknownAction>, getState: () => MatchesState): Promise<readonly MatchView[] | undefined> => {
    const held = sharedApi.endpoints.getMatches.select()(getState()).data;
    if (held?.some((m) => m.id === matchId)) return held;
    return fetchFresh(dispatch(sharedApi.endpoints.getMatches.initiate(undefined, { forceRefetch: true }))).catch(() => held);
  };

/** The toast's text for `message` (as `newMessageToast`), from the member's match list (`matchListWith`). */
export const describeNewMessage =
  (message: Pick<MessageView, 'matchId' | 'senderId' | 'content' | 'messageType'>, show: (value: Text) => string) =>
  async (dispatch: ThunkDispatch<MatchesState, unknown, UnknownAction>): Promise<NewMessageToast> =>
    newMessageToast(message, await dispatch(matchListWith(message.matchId)), show);

/**
 * The text of the toast that tells a member of a match made by the other's swipe ('It's a
 * Match!'): 'You and {name} like each other.' with the name from their match list, or without a
 * name when the list does not have it.
 */
export const describeNewMatch =
  (matchId: string, show: (value: Text) => string) =>
  async (dispatch: ThunkDispatch<MatchesState, unknown, UnknownAction>): Promise<NewMessageToast> => {
    const name = (await dispatch(matchListWith(matchId)))?.find((m) => m.id === matchId)?.otherUser.firstName?.trim();
    return { matchId, description: show(name ? text('match.text', { name }) : text('match.textAnonymous')) };
  };
