import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import type { MessageView } from '@aero/contracts/shared';
import { addOutgoing, removeOutgoing, setOutgoingState, settleOutgoing, type OutgoingMessage } from '../lib/outbox-queue';

// The send queue as client state: messages on their way out, kept while the screen changes (and,
// by the messages screen, across a reload of the tab), so a message written while offline goes
// once the connection is back. The session's end (the API cache reset) empties it: nothing of one
// member's is sent under the next one's session in the same tab.
export interface ChatState {
  outbox: OutgoingMessage[];
}

export const initialChatState: ChatState = { outbox: [] };

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    outgoingAdded(state, action: PayloadAction<OutgoingMessage>) {
      state.outbox = addOutgoing(state.outbox, action.payload);
    },
    /** sending again (`confirmed`: sent anyway after 'Are you sure?'), queued (nothing reached the server), held (sent from the queue, it met 'Are you sure?') or failed (a photo or voice clip not uploaded or refused) */
    outgoingStateChanged(state, action: PayloadAction<{ id: string; state: OutgoingMessage['state']; confirmed?: true }>) {
      const { id, confirmed } = action.payload;
      state.outbox = setOutgoingState(state.outbox, id, action.payload.state).map((m) => (confirmed && m.id === id ? { ...m, confirmed } : m));
    },
    /** a photo or voice clip's file is uploaded and registered: its message can be sent */
    outgoingUploaded(state, action: PayloadAction<{ id: string; attachmentUrl: string }>) {
      const { id, attachmentUrl } = action.payload;
      state.outbox = state.outbox.map((m) => (m.id === id ? { ...m, attachmentUrl } : m));
    },
    /** deleted, refused, or its match ended (lib/ended-matches) */
    outgoingDropped(state, action: PayloadAction<string>) {
      state.outbox = removeOutgoing(state.outbox, action.payload);
    },
    /** what this tab kept across a reload, queued again (messages already held are kept as they are) */
    outgoingRestored(state, action: PayloadAction<OutgoingMessage[]>) {
      for (const message of action.payload) state.outbox = addOutgoing(state.outbox, message);
    },
    outgoingDelivered(state, action: PayloadAction<MessageView[]>) {
      state.outbox = settleOutgoing(state.outbox, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(api.util.resetApiState.match, () => initialChatState);
  },
});

export const { outgoingAdded, outgoingStateChanged, outgoingUploaded, outgoingDropped, outgoingRestored, outgoingDelivered } = chatSlice.actions;
export const selectOutbox = (s: { chat: ChatState }) => s.chat.outbox;
