import { SocketEvents } from '@aero/contracts/shared';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, type ApiTag } from '../api';

// What a server push means for the RTK Query cache: the tags it makes stale (the screens showing
// them refetch). Presence (user_online / user_offline) is client state in the realtime slice.

/** The name of an event of the socket (libs/contracts `SocketEvents`). */
export type SocketEvent = (typeof SocketEvents)[keyof typeof SocketEvents];

export const PUSH_TAGS: Partial<Record<SocketEvent, (payload: unknown) => TagDescription<ApiTag>[]>> = {
  /** an activity notification was stored for us (like, super like, match, message) */
  [SocketEvents.notification]: (payload) => {
    const type = (payload as { type?: unknown } | null)?.type;
    const tags: TagDescription<ApiTag>[] = ['Notifications'];
    if (type === 'match' || type === 'message') tags.push('Matches');
    if (type === 'like' || type === 'super_like') tags.push('ProfileViews');
    return tags;
  },
  /**
   * our notifications changed without an alert: some were removed (a block, a ban, a deleted
   * account), or one was stored quietly, as a match our own like made (on another device, maybe):
   * the match list may have changed too
   */
  [SocketEvents.notificationsRemoved]: () => ['Notifications', 'Matches'],
  /**
   * some of our notifications became read (we read the conversation their messages were in, maybe
   * in another tab): the list's unread marks and the Messages badge change too
   */
  [SocketEvents.notificationsRead]: () => ['Notifications', 'Matches'],
  /**
   * a chat message in one of our matches: the list's order and unread marks change; an open
   * conversation takes the message from the push itself (features/chat), so it is not refetched
   */
  [SocketEvents.newMessage]: () => ['Matches'],
  /**
   * a match ended (unmatched or blocked): it leaves the list. Its conversation is not made stale: an
   * open one would ask the server again for the messages of a match that is gone (a 404); the chat
   * closes it (features/chat), and its cache entry goes with it.
   */
  [SocketEvents.matchEnded]: () => ['Matches'],
  /** our employment verification was reviewed: the current user (verified, whether they must pay) is fetched again */
  [SocketEvents.verificationReviewed]: () => ['Verification', 'CurrentUser'],
};

/**
 * What each authentication of the connection fetches again: the pushes sent while it was not
 * connected (before it first opened, which is after the first screen's data, or during a drop)
 * are lost, so what they would have refreshed is stale. Every tag a push invalidates but a conversation's messages
 * (the open conversation fetches itself again after a reconnect, merged: features/chat).
 */
export const RESYNC_TAGS: ApiTag[] = ['Notifications', 'Matches', 'ProfileViews', 'Verification', 'CurrentUser'];

/** The tags a push invalidates (none for events the cache does not hold). */
export const tagsForPush = (event: SocketEvent, payload: unknown): TagDescription<ApiTag>[] => PUSH_TAGS[event]?.(payload) ?? [];

/** The events that change the cache, with what they make stale. */
export const pushesWithTags = () => Object.keys(PUSH_TAGS) as SocketEvent[];

/**
 * The resync tags of an authentication made at `authenticatedAt` that still need fetching again:
 * those some cache entry of which was asked before it (its answer may miss a push of the gap). An
 * entry asked after it (a badge's count asked once the connection settled, a push's refetch) is
 * kept up to date by the pushes, and is not asked twice.
 */
export function resyncTagsSince(state: Parameters<typeof api.util.selectInvalidatedBy>[0], authenticatedAt: number): ApiTag[] {
  const queries = state.api.queries;
  return RESYNC_TAGS.filter((tag) =>
    api.util.selectInvalidatedBy(state, [tag]).some(({ queryCacheKey }) => (queries[queryCacheKey]?.startedTimeStamp ?? 0) < authenticatedAt),
  );
}
