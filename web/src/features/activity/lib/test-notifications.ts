import type { NotificationView } from '../model';

/** A notification for unit tests: unread, a like from Maya, unless told otherwise. */
export function aNotification(over: Partial<NotificationView> & { id: string }): NotificationView {
  return {
    type: 'like',
    title: 'Maya liked you',
    message: 'Swipe right on Maya to match.',
    read: false,
    createdAt: '2025-06-01T10:00:00.000Z',
    data: { fromUserId: 'u-maya' },
    ...over,
  };
}
