import { type ComponentType, useState } from 'react';
import styled from 'styled-components';
import { BellIcon, ChatIcon, HeartIcon, PlaneIcon, StarIcon, VisuallyHidden } from '../../../components';
import { useFormatDateTime, useLocale, useT, useText } from '../../../i18n';
import { formatActivityTime } from '../lib/activity-time';
import { notificationRoute } from '../lib/notification-route';
import { notificationText, type ReaderState, typeLabel } from '../lib/notification-text';
import type { NotificationType, NotificationView } from '../model';
import { theme } from '../../../theme';

const ICONS: Record<NotificationType, ComponentType<{ size?: number }>> = {
  like: HeartIcon,
  super_like: StarIcon,
  match: PlaneIcon,
  message: ChatIcon,
  other: BellIcon,
};

const tones: Record<NotificationType, string> = {
  like: theme.colors.swipeLike,
  super_like: theme.colors.swipeSuper,
  match: theme.colors.accent,
  message: theme.colors.primary,
  other: theme.colors.textMuted,
};

const StyledItem = styled.button.attrs({ type: 'button' })<{ $unread: boolean; $type: NotificationType; $expanded: boolean }>`
  width: 100%;
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.md};
  min-height: 72px;
  padding: ${theme.space.md};
  margin-bottom: ${theme.space.sm};
  border-radius: ${theme.radius.lg};
  background: ${({ $unread }) => ($unread ? theme.colors.surfaceRaised : theme.colors.surface)};
  border: 1px solid ${({ $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  box-shadow: ${theme.shadow.card};
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  .emblem {
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    background: ${({ $type }) => tones[$type]};
    color: ${theme.colors.surface};
  }
  .text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  .meta { display: flex; align-items: center; gap: ${theme.space.sm}; flex-wrap: wrap; }
  .type {
    padding: 1px 8px;
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.tag};
    color: ${theme.colors.text};
    font-size: ${theme.font.size.xs};
    font-weight: ${theme.font.weight.semibold};
  }
  time { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.xs}; }
  .title { font-size: ${theme.font.size.md}; font-weight: ${({ $unread }) => ($unread ? theme.font.weight.bold : theme.font.weight.semibold)}; }
  .message {
    color: ${({ $unread }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
    font-size: ${theme.font.size.sm};
    overflow-wrap: anywhere;
    ${({ $expanded }) => !$expanded && 'display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;'}
  }
  .dot { flex: none; align-self: center; width: 12px; height: 12px; border-radius: 50%; background: ${theme.colors.accent}; }
  @media (hover: hover) { &:hover { border-color: ${theme.colors.primary}; } }
`;

/**
 * One notification (spec §2): type badge, when (relative while recent, lib/activity-time, kept
 * current by the screen's minute; the full date and time on hover, read out, and shown once
 * expanded), title, message (two lines at most) and the unread dot. A tap opens where
 * it leads; one that leads nowhere (the server's own notices) shows, or hides again, its whole message.
 */
export function NotificationItem({
  notification: n,
  matched,
  reader,
  now,
  onOpen,
}: {
  notification: NotificationView;
  matched: boolean;
  /** what the reader has done (a welcome no longer asks for it) */
  reader: ReaderState;
  /** now (the screen's minute: the relative time follows it) */
  now: Date;
  onOpen: (n: NotificationView) => void;
}) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  const locale = useLocale();
  const Icon = ICONS[n.type] ?? BellIcon;
  const { title, message } = notificationText(n, matched, reader);
  const show = useText();
  const expandable = notificationRoute(n) === null && !!message;
  const [expanded, setExpanded] = useState(false);
  return (
    <li>
      <StyledItem
        $unread={!n.read}
        $type={n.type}
        $expanded={expanded}
        aria-expanded={expandable ? expanded : undefined}
        onClick={() => {
          onOpen(n);
          if (expandable) setExpanded((was) => !was);
        }}
        data-notification-id={n.id}
        data-read={n.read}
      >
        <span className="emblem" aria-hidden="true">
          <Icon size={22} />
        </span>
        <span className="text">
          <span className="meta">
            <span className="type">{t(typeLabel(n.type))}</span>
            <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
              {formatActivityTime(new Date(n.createdAt), now, locale)}
            </time>
            {/* the full date and time, for whoever cannot hover: read out, and shown once expanded */}
            {expanded ? <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time> : <VisuallyHidden>({formatDateTime(n.createdAt)})</VisuallyHidden>}
          </span>
          <span className="title">{show(title)}</span>
          {message && <span className="message">{show(message)}</span>}
        </span>
        {!n.read && (
          <span className="dot">
            <VisuallyHidden>{t('activity.list.unread')}</VisuallyHidden>
          </span>
        )}
      </StyledItem>
    </li>
  );
}
