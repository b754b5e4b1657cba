import { api } from '../../../lib/api';
import { mergeLatestPage, mergeNotifications, unreadCountAfterPush, unreadCountAfterRead } from '../lib/notification-list';
import type { NotificationView } from '../model';

// The member's notifications (spec §7 and the notifications contract). One cache entry holds every
// notification seen so far: the latest page, older pages and live pushes are merged into it (by
// id, newest first). The unread count feeds the navigation badge.

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications: the latest page, in place of what is held as new as it */
    getNotifications: build.query<NotificationView[], void>({
      query: () => '/notifications',
      providesTags: ['Notifications'],
      merge: (held, incoming) => mergeLatestPage(held, incoming),
    }),
    /** GET /api/notifications?before=<id>: the page before a notification */
    getNotificationsBefore: build.query<NotificationView[], string>({
      query: (before) => ({ url: '/notifications', params: { before } }),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/notifications/unread-count: the navigation badge */
    getUnreadCount: build.query<{ count: number }, void>({
      query: () => '/notifications/unread-count',
      providesTags: ['Notifications'],
    }),
    /** PATCH /api/notifications/{id}/read (empty body) */
    markNotificationRead: build.mutation<{ read: true }, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'PATCH', body: {} }),
    }),
  }),
});

export const { useGetNotificationsQuery, useLazyGetNotificationsBeforeQuery, useGetUnreadCountQuery } = activityApi;

/** Puts notifications (an older page, a push) into the held list, when it is held. */
export const upsertNotifications = (notifications: readonly NotificationView[]) =>
  activityApi.util.updateQueryData('getNotifications', undefined, (held) => mergeNotifications(held, notifications));

/** Sets one notification's read mark in the held list. */
export const setNotificationRead = (id: string, read: boolean) =>
  activityApi.util.updateQueryData('getNotifications', undefined, (held) => {
    const found = held.find((n) => n.id === id);
    if (found) found.read = read;
  });

/** A pushed notification moves the badge (when the count is held); `held` is the list before it. */
export const countPushed = (pushed: NotificationView, held: readonly NotificationView[] | undefined) =>
  activityApi.util.updateQueryData('getUnreadCount', undefined, (draft) => {
    draft.count = unreadCountAfterPush(draft.count, held, pushed);
  });

/** The badge after marking one read (`back` undoes it after a failure). */
export const countRead = (wasUnread: boolean, back = false) =>
  activityApi.util.updateQueryData('getUnreadCount', undefined, (draft) => {
    draft.count = back ? draft.count + (wasUnread ? 1 : 0) : unreadCountAfterRead(draft.count, wasUnread);
  });
