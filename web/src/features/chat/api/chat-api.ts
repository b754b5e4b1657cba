import type { AttachmentType, MatchView, MessageView } from '@aero/contracts/shared';
import { api, CHANGED_BY_BLOCK } from '../../../lib/api';
import { sharedApi } from '../../../lib/shared-api';
import { mergeMessages } from '../lib/conversation';
import type { sendPayload } from '../lib/outbox';
import { endedOutgoing } from '../lib/ended-matches';
import { forgetDraft } from '../lib/drafts';
import { type ChatState, outgoingDropped, selectOutbox } from '../slices/outbox-slice';
import type { ChatDispatch } from '../hooks/use-chat-dispatch';
import { errorFromResponse } from '../../../lib/http';

// Matches, messages, blocks and attachments (spec §7 and the chat contract). One cache entry per
// conversation holds every message seen so far: the latest page, older pages, pushes, acks and
// the refetch after a reconnect are merged into it (by id, in the server's order).

const path = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;

export type SendMessageBody = Omit<ReturnType<typeof sendPayload>, 'matchId' | 'recipientId'>;

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/matches/{matchId}/messages: the latest page, merged into what is held */
    getMessages: build.query<MessageView[], string>({
      query: (matchId) => `${path(matchId)}/messages`,
      providesTags: (_result, _error, matchId) => [{ type: 'Messages', id: matchId }],
      merge: (current, incoming) => mergeMessages(current, incoming),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/matches/{matchId}/messages?before=<id>: the page before a message */
    getMessagesBefore: build.query<MessageView[], { matchId: string; before: string }>({
      query: ({ matchId, before }) => ({ url: `${path(matchId)}/messages`, params: { before } }),
      keepUnusedDataFor: 0,
    }),
    /** POST /api/matches/{matchId}/messages (the HTTP way; the id makes a resend harmless) */
    sendMessage: build.mutation<MessageView, { matchId: string; body: SendMessageBody }>({
      query: ({ matchId, body }) => ({ url: `${path(matchId)}/messages`, method: 'POST', body }),
    }),
    /** POST /api/matches/{matchId}/read: the other member's messages are read */
    markRead: build.mutation<{ success: boolean; readAt: string | null }, string>({
      query: (matchId) => ({ url: `${path(matchId)}/read`, method: 'POST', body: {} }),
    }),
    /** DELETE /api/matches/{matchId} */
    unmatch: build.mutation<{ success: boolean }, string>({
      query: (matchId) => ({ url: path(matchId), method: 'DELETE', body: {} }),
      invalidatesTags: ['Matches'],
    }),
    /** POST /api/blocks: blocks the member (and ends the match) */
    block: build.mutation<{ success: boolean }, { userId: string }>({
      query: (body) => ({ url: '/blocks', method: 'POST', body }),
      invalidatesTags: [...CHANGED_BY_BLOCK],
    }),
    /** POST /api/objects/upload: where to put the next attachment */
    requestUploadUrl: build.mutation<{ uploadURL: string }, void>({
      query: () => ({ url: '/objects/upload', method: 'POST', body: {} }),
    }),
    /** PUT /api/message-attachments: the uploaded file becomes an attachment of ours */
    registerAttachment: build.mutation<{ success: boolean }, { attachmentUrl: string; messageType: AttachmentType }>({
      query: (body) => ({ url: '/message-attachments', method: 'PUT', body }),
    }),
  }),
});

export const {
  useGetMessagesQuery,
  useLazyGetMessagesBeforeQuery,
  useSendMessageMutation,
  useMarkReadMutation,
  useUnmatchMutation,
  useBlockMutation,
  useRequestUploadUrlMutation,
  useRegisterAttachmentMutation,
} = chatApi;

export { useGetMatchesQuery } from '../../../lib/shared-api';

/** Puts messages into a conversation's cache entry (when the conversation is held). */
export const upsertMessages = (matchId: string, messages: readonly MessageView[]) =>
  chatApi.util.updateQueryData('getMessages', matchId, (draft) => mergeMessages(draft, messages));

/** Rewrites a held conversation (read receipts). */
export const updateMessages = (matchId: string, update: (messages: MessageView[]) => MessageView[]) =>
  chatApi.util.updateQueryData('getMessages', matchId, (draft) => update(draft));

/**
 * A message was sent or received in a match (its push): the conversation is the latest activity, so
 * it moves to the top of the held list at once, with messages (and unread ones when `unread`); the
 * list the push also makes the app fetch again says the same once it arrives.
 */
export const conversationActive = (matchId: string, unread: boolean) =>
  sharedApi.util.updateQueryData('getMatches', undefined, (draft: MatchView[]) => {
    const at = draft.findIndex((m) => m.id === matchId);
    if (at < 0) return;
    const [match] = draft.splice(at, 1);
    draft.unshift({ ...match!, hasMessages: true, hasUnreadMessages: match!.hasUnreadMessages || unread });
  });

/** A match of `myId` ended (unmatched, blocked, or ended by the other member): it leaves the held list at once, with its unsent messages and its draft. */
export const endMatch = (matchId: string, myId: string) => (dispatch: ChatDispatch, getState: () => { chat: ChatState }) => {
  dispatch(sharedApi.util.updateQueryData('getMatches', undefined, (draft: MatchView[]) => draft.filter((m) => m.id !== matchId)));
  for (const id of endedOutgoing(selectOutbox(getState()), { matchId })) dispatch(outgoingDropped(id));
  forgetDraft(myId, matchId);
};

/** Puts a file at its upload address (always the gateway's signed /objects/ route); a refusal is an ApiError with the server's code and text. */
export async function putFile(uploadURL: string, file: Blob, contentType: string): Promise<void> {
  const res = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'content-type': contentType } });
  if (!res.ok) throw errorFromResponse(res.status, res.statusText, await res.text());
}
