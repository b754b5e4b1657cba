import { api } from '../../../lib/api';
import { chatSlice, initialChatState, outgoingAdded } from './outbox-slice';

const message = (id: string, matchId: string) => ({
  id,
  matchId,
  recipientId: 'u-other',
  content: `text ${id}`,
  messageType: 'text' as const,
  attachmentUrl: null,
  attachmentDuration: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  state: 'queued' as const,
});

describe('the send queue in the store', () => {
  const reduce = (...actions: Parameters<typeof chatSlice.reducer>[1][]) => actions.reduce(chatSlice.reducer, initialChatState);

  it("is emptied when the session ends (the API cache reset): nothing of one member's goes under the next one's session", () => {
    expect(reduce(outgoingAdded(message('a', 'match-1')), api.util.resetApiState())).toEqual(initialChatState);
  });
});
