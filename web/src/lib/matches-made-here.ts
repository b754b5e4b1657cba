// The matches this tab already tells of, for which the 'It's a Match!' toast of a match's push
// (app/realtime-toasts.tsx) would say nothing new: those its own likes made (their match screen
// tells of them) and those whose conversation has begun here (the 'New message' toast, or the open
// chat, tells of them; a match's push may come after its first message and would otherwise replace
// that toast). The server sends no push of a match to the member whose like made it (it stores
// theirs read, quietly); events from before it did still bring one, which may come before the
// answer to the like: the question waits for the likes under way. Kept for the tab's life; a member
// makes few matches.

const made = new Set<string>();
const written = new Set<string>();
const underWay = new Set<Promise<void>>();

/** the answer to a like or super like of this tab, whose match (if it made one) is noted */
export function watchLike<T extends { isMatch?: boolean; match?: { id: string } } | undefined>(answer: Promise<T>): Promise<T> {
  const noted = answer.then(
    (result) => void (result?.isMatch && result.match?.id && made.add(result.match.id)),
    () => undefined,
  );
  underWay.add(noted);
  void noted.then(() => underWay.delete(noted));
  return answer;
}

/** notes that a message of the match `matchId` reached this tab */
export function noteMessage(matchId: string): void {
  written.add(matchId);
}

/** whether the conversation of `matchId` has begun in this tab */
export function writtenHere(matchId: string): boolean {
  return written.has(matchId);
}

/**
 * whether this tab already tells of the match `matchId` (a like of its own made it, or a message
 * of it has arrived), once the likes under way have answered
 */
export async function toldHere(matchId: string): Promise<boolean> {
  await Promise.all(underWay);
  return made.has(matchId) || written.has(matchId);
}
