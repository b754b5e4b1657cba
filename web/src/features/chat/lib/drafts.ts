import { readJson, removeKey, writeJson } from '../../../lib/storage';

// What a member has typed into a conversation and not sent: kept per conversation in this tab's
// sessionStorage, as the send queue is (lib/outbox.ts), so that leaving the conversation, opening
// another or reloading the tab loses none of it; a session's end empties it (lib/storage.ts).

export const draftStorageKey = (userId: string, matchId: string) => `aero.draft.${userId}.${matchId}`;

/** the draft kept under `key`: text only, whole (one longer than a message may be is the member's to shorten: ChatInput says so) */
export function readDraft(key: string): string {
  const kept = readJson<unknown>(key, 'session');
  return typeof kept === 'string' ? kept : '';
}

/** keeps `text` under `key`; a blank one is no draft */
export function keepDraft(key: string, text: string): void {
  if (text.trim()) writeJson(key, text, 'session');
  else removeKey(key, 'session');
}

/** forgets the draft of a conversation whose match ended (unmatched or blocked): it can never be sent */
export const forgetDraft = (userId: string, matchId: string): void => removeKey(draftStorageKey(userId, matchId), 'session');
