import type { MatchView } from '@aero/contracts/shared';

// The Messages entry's count (the navigation, on every screen) and the conversation an address
// opens (the Messages page too): light, with nothing of the chat's screens or rules.

/** the conversation open at this address (/messages?matchId=… or /messages/{matchId}, spec §2), or null */
export function openConversationId({ pathname, search }: { pathname: string; search: string }): string | null {
  const [, first, second] = pathname.split('/');
  if (first !== 'messages') return null;
  const fromQuery = new URLSearchParams(search).get('matchId');
  if (fromQuery) return fromQuery;
  if (!second) return null;
  try {
    return decodeURIComponent(second);
  } catch {
    return null;
  }
}

/**
 * How many conversations hold messages the member has not read yet. The open one does not count:
 * it is being read (its read mark goes to the server as a message arrives, and the list that the
 * message's push has fetched again may still say unread until then).
 */
export const unreadConversations = (matches: readonly Pick<MatchView, 'id' | 'hasUnreadMessages'>[], openMatchId: string | null): number =>
  matches.filter((m) => m.hasUnreadMessages && m.id !== openMatchId).length;
