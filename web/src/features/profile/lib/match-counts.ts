import type { MatchView } from '@aero/contracts/shared';

/** My Profile's counts from GET /api/matches (spec §2): Matches, and Conversations (matches with messages). */
export function matchCounts(matches: readonly Pick<MatchView, 'hasMessages'>[] | undefined): { matches: number; conversations: number } {
  const list = matches ?? [];
  return { matches: list.length, conversations: list.filter((m) => m.hasMessages).length };
}
