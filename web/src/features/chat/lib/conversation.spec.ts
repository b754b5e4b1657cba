import type { MessageView } from '@aero/contracts/shared';
import { applyReadReceipt, hasOlderThan, hasUnreadFromOther, lastSeenOwnMessageId, markOthersRead, mergeMessages } from './conversation';

const me = 'u-me';
const other = 'u-other';
let seq = 0;
const msg = (over: Partial<MessageView> & { at: string }): MessageView => ({
  id: `m${++seq}`,
  matchId: 'match-1',
  senderId: me,
  content: 'hi',
  messageType: 'text',
  attachmentUrl: null,
  attachmentDuration: null,
  attachmentWidth: null,
  attachmentHeight: null,
  createdAt: `2026-05-01T10:00:${over.at}.000Z`,
  readAt: null,
  ...over,
});
const ids = (list: MessageView[]) => list.map((m) => m.id);

describe('a conversation merges what arrives (dedupe by id, server order)', () => {
  const a = msg({ id: 'a', at: '01' });
  const b = msg({ id: 'b', at: '02', senderId: other });
  const c = msg({ id: 'c', at: '03' });

  it('keeps each message once, whatever path it came by and however often', () => {
    // the page, then the push to both members, then the ack of our own message, then the refetch after a reconnect
    const page = mergeMessages([], [a, b]);
    const pushed = mergeMessages(page, [c]);
    const acked = mergeMessages(pushed, [c]);
    const refetched = mergeMessages(acked, [a, b, c]);
    expect(ids(refetched)).toEqual(['a', 'b', 'c']);
  });

  it('orders by createdAt (then id), so a late push lands in its place', () => {
    expect(ids(mergeMessages([c], [b, a]))).toEqual(['a', 'b', 'c']);
    const twin = msg({ id: 'aa', at: '01' });
    expect(ids(mergeMessages([twin], [a]))).toEqual(['a', 'aa']);
  });

  it('puts an older page in front of what is shown', () => {
    const older = [msg({ id: 'o1', at: '00' })];
    expect(ids(mergeMessages([a, b], older))).toEqual(['o1', 'a', 'b']);
  });

  it('takes the newer copy of a message but never loses a known read time', () => {
    const read = { ...a, readAt: '2026-05-01T10:05:00.000Z' };
    const merged = mergeMessages([read], [{ ...a, content: 'edited' }]);
    expect(merged[0]).toMatchObject({ content: 'edited', readAt: read.readAt });
  });

  it('answers the same array when nothing arrives', () => {
    const list = [a];
    expect(mergeMessages(list, [])).toBe(list);
  });

  it('knows a short page is the start of the conversation', () => {
    expect(hasOlderThan(new Array(50).fill(a))).toBe(true);
    expect(hasOlderThan(new Array(49).fill(a))).toBe(false);
    expect(hasOlderThan([])).toBe(false);
  });
});

describe('read receipts and unread messages', () => {
  const mine1 = msg({ id: 'x1', at: '01' });
  const theirs = msg({ id: 'x2', at: '02', senderId: other });
  const mine2 = msg({ id: 'x3', at: '03' });
  const mine3 = msg({ id: 'x4', at: '09' });
  const list = [mine1, theirs, mine2, mine3];

  it("marks our messages up to the other's read time as read", () => {
    const read = applyReadReceipt(list, me, '2026-05-01T10:00:05.000Z');
    expect(read.map((m) => !!m.readAt)).toEqual([true, false, true, false]);
    expect(lastSeenOwnMessageId(read, me)).toBe('x3');
  });

  it("shows 'seen' under no message until the other has read one of ours", () => {
    expect(lastSeenOwnMessageId(list, me)).toBeNull();
    expect(lastSeenOwnMessageId([{ ...theirs, readAt: '2026-05-01T10:00:05.000Z' }], me)).toBeNull();
  });

  it('finds messages from the other that we have not read, and marks them read', () => {
    expect(hasUnreadFromOther(list, me)).toBe(true);
    const after = markOthersRead(list, me, '2026-05-01T10:01:00.000Z');
    expect(hasUnreadFromOther(after, me)).toBe(false);
    expect(after.filter((m) => m.senderId === me).every((m) => m.readAt === null)).toBe(true);
    expect(markOthersRead(after, me, '2026-05-01T10:02:00.000Z')).toBe(after);
  });

  it('marks only the messages the read was asked for, when told which: one that came since stays unread', () => {
    const asked = new Set(list.filter((m) => m.senderId !== me).map((m) => m.id));
    const later = msg({ senderId: other, at: '2026-05-01T10:05:00.000Z' });
    const after = markOthersRead([...list, later], me, '2026-05-01T10:01:00.000Z', asked);
    expect(after.filter((m) => m.senderId !== me && m.readAt === null).map((m) => m.id)).toEqual([later.id]);
    expect(hasUnreadFromOther(after, me)).toBe(true);
  });

  it('answers the same array when a receipt changes nothing', () => {
    expect(applyReadReceipt([theirs], me, '2026-05-01T10:00:05.000Z')).toEqual([theirs]);
  });
});
