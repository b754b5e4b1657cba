import { useCallback, useEffect, useRef, useState } from 'react';
import { upsertNotifications, useLazyGetNotificationsBeforeQuery } from '../api/activity-api';
import { mayHaveOlder, oldestId } from '../lib/notification-list';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationView } from '../model';
import { useActivityDispatch } from './use-activity-dispatch';

/**
 * Older notifications, a page at a time, when the end of the list comes into view: `sentinel` goes
 * on an element after the last item. Stops after a short page (or one that brought nothing new).
 * A page that failed is `failed` until `loadOlder` (a 'Try Again', or the end coming into view
 * again) asks for it once more.
 */
export function useOlderNotifications(held: readonly NotificationView[] | undefined) {
  const dispatch = useActivityDispatch();
  const [fetchBefore, { isFetching }] = useLazyGetNotificationsBeforeQuery();
  const [exhausted, setExhausted] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ held, isFetching, exhausted });
  latest.current = { held, isFetching, exhausted };
  const hasMore = !exhausted && (held?.length ?? 0) >= NOTIFICATIONS_PAGE_SIZE;

  const loadOlder = useCallback(async () => {
    const { held: now, isFetching: busy, exhausted: done } = latest.current;
    const before = now ? oldestId(now) : null;
    if (!now || !before || busy || done) return;
    setFailed(false);
    try {
      const page = await fetchBefore(before).unwrap();
      if (!mayHaveOlder(page, now)) setExhausted(true);
      dispatch(upsertNotifications(page));
    } catch {
      // not the end of the list: asked again on 'Try Again' or when its end comes into view again
      setFailed(true);
    }
  }, [dispatch, fetchBefore]);

  const [node, setNode] = useState<Element | null>(null);
  useEffect(() => {
    if (!node || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadOlder();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, hasMore, loadOlder, held?.length]);

  return { sentinel: setNode, hasMore, loadingOlder: isFetching, failed: failed && !isFetching, loadOlder };
}
