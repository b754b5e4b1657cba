import { isAirline } from '@aero/contracts/shared';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { BackButton, BellIcon, Button, EmptyState, PendingState, Spinner, StyledScreenAboveNav, StyledScreenHeader } from '../../../components';
import { useT } from '../../../i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { useGetVerificationStatusQuery } from '../../../lib/shared-api';
import { useGetNotificationsQuery } from '../api/activity-api';
import { matchedMembers } from '../lib/notification-list';
import { readerState } from '../lib/notification-text';
import { useMinute } from '../hooks/use-minute';
import { useOlderNotifications } from '../hooks/use-older-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationItem } from './notification-item';
import { theme } from '../../../theme';

// positioned, so that what is laid out absolutely inside (each unread item's visually hidden
// 'Unread') scrolls with the list instead of stretching the whole page
const StyledScroller = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${theme.space.sm} ${theme.space.md};
  ul { list-style: none; margin: 0; padding: 0; }
  .older { display: grid; place-items: center; min-height: 48px; }
  .older-failed { display: grid; justify-items: center; gap: ${theme.space.xs}; padding: ${theme.space.sm} 0; color: ${theme.colors.textMuted}; p { margin: 0; } }
`;

/**
 * Activity (/notifications; spec §2 Notifications): the member's notifications, newest first, with
 * older ones as the end of the list comes into view. A click marks one read and opens where it
 * leads. Back goes to /swipe.
 */
export function NotificationsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { data: notifications, isError, refetch } = useGetNotificationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const open = useOpenNotification();
  const { sentinel, hasMore, loadingOlder, failed: olderFailed, loadOlder } = useOlderNotifications(notifications);
  const matched = matchedMembers(notifications ?? []);
  const now = useMinute();
  const user = useCurrentUser();
  // an airline member's welcome asks for their document until it is sent (pending) or approved
  const airline = isAirline(user?.userType);
  const { data: verification } = useGetVerificationStatusQuery(undefined, { skip: !airline || !user || user.verified });
  const reader = useMemo(() => readerState(user, verification?.status), [user, verification]);

  return (
    <StyledScreenAboveNav>
      <StyledScreenHeader>
        <BackButton label={t('common.back')} onClick={() => navigate('/swipe')} />
        <h1>{t('activity.title')}</h1>
      </StyledScreenHeader>
      {!notifications ? (
        <PendingState failed={isError} failedTitle={t('activity.list.loadError')} onRetry={() => void refetch()} />
      ) : notifications.length === 0 ? (
        <EmptyState icon={<BellIcon size={44} />} title={t('activity.empty.title')} text={t('activity.empty.text')} />
      ) : (
        <StyledScroller>
          <ul aria-label={t('activity.list.label')}>
            {notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} matched={matched.has(n.data.fromUserId ?? '')} reader={reader} now={now} onOpen={open} />
            ))}
          </ul>
          {hasMore && (
            <div className="older" ref={sentinel}>
              {loadingOlder && (
                <span role="status" aria-label={t('activity.list.loadingMore')}>
                  <Spinner />
                </span>
              )}
              {olderFailed && (
                // the end of the list was in view when the page was asked for: so is what it says
                <div role="alert" className="older-failed" ref={(el) => el?.scrollIntoView({ block: 'nearest' })}>
                  <p>{t('activity.list.loadMoreError')}</p>
                  <Button $variant="outline" onClick={() => void loadOlder()}>
                    {t('common.retry')}
                  </Button>
                </div>
              )}
            </div>
          )}
        </StyledScroller>
      )}
    </StyledScreenAboveNav>
  );
}
