import { type ComponentType, useDeferredValue } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { BellIcon, ChatIcon, CompassIcon, UserIcon, VisuallyHidden } from '../../components';
import { useActivityBadge } from '../../features/activity/badge';
import { useMessagesBadge } from '../../features/chat/badge';
import { useT, type MessageKey } from '../../i18n';
import { badgeText } from './nav-badge';
import { isNavEntryActive, NAV_ENTRIES, type NavEntry } from './nav-visibility';
import { narrowWindow, sideNavWindow, theme } from '../../theme';

const icons: Record<NavEntry['label'], ComponentType<{ size?: number }>> = {
  Discover: CompassIcon,
  Messages: ChatIcon,
  Activity: BellIcon,
  Profile: UserIcon,
};

const labels: Record<NavEntry['label'], MessageKey> = {
  Discover: 'nav.discover',
  Messages: 'nav.messages',
  Activity: 'nav.activity',
  Profile: 'nav.profile',
};

const StyledNav = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.zIndex.nav};
  background: ${theme.colors.navBackground};
  backdrop-filter: saturate(1.4) blur(12px);
  border-top: 1px solid ${theme.colors.border};
  padding-bottom: env(safe-area-inset-bottom);
  ${sideNavWindow} { top: 0; right: auto; }
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0 auto;
  padding: 0 ${theme.space.sm};
  max-width: ${theme.layout.maxWidth};
  height: ${theme.layout.bottomNavHeight};
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  font-size: ${theme.font.size.xs};
  /* on the rail, and in a 320 px window's 76 px, a German label ('Nachrichten', bold when active) stays whole */
  ${narrowWindow} { font-size: 0.6875rem; }
  ${sideNavWindow} { font-size: 0.6875rem; width: 78px; height: 100%; padding: 0; grid-template-columns: none; grid-auto-rows: 64px; align-content: center; }
`;

const StyledLink = styled(Link)<{ $active: boolean }>`
  height: 100%;
  min-height: ${theme.touchTarget};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  border-radius: ${theme.radius.md};
  text-decoration: none;
  font-weight: ${({ $active }) => ($active ? theme.font.weight.bold : theme.font.weight.medium)};
  color: ${({ $active }) => ($active ? theme.colors.navActive : theme.colors.navInactive)};
  position: relative;
  &::before {
    content: '';
    position: absolute;
    top: 6px;
    width: 36px;
    height: 28px;
    border-radius: ${theme.radius.pill};
    background: ${({ $active }) => ($active ? theme.colors.backgroundAlt : 'transparent')};
    z-index: -1;
  }
  &:focus-visible { outline-offset: -3px; }
`;

/** the unread count over the Messages and Activity icons */
const StyledBadge = styled.span`
  position: absolute;
  top: 4px;
  left: calc(50% + 4px);
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${theme.radius.pill};
  border: 2px solid ${theme.colors.surface};
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
  font-size: 0.6875rem;
  font-weight: ${theme.font.weight.bold};
  line-height: 16px;
  text-align: center;
`;

/**
 * An entry's name with its unread badge, `count` as its hook gives it (null while unknown). The
 * name says the count when there is a badge: 'Activity 3 unread notifications', 'Messages 1 unread
 * conversation'.
 */
function BadgedEntryText({ name, count: live, unread }: { name: string; count: number | null; unread: MessageKey }) {
  const t = useT();
  // a new count renders as a transition (in slices): the first one arrives as the first screen
  // shows, and its text's plural is the page's first (the browser loads its plural rules then)
  const count = useDeferredValue(live);
  const text = badgeText(count);
  return (
    <>
      <span>
        {name}
        {text && <VisuallyHidden> {t(unread, { count: count ?? 0 })}</VisuallyHidden>}
      </span>
      {text && <StyledBadge aria-hidden="true">{text}</StyledBadge>}
    </>
  );
}

/**
 * The badged entries' names. Each its own component: a badge's waits (the first screen settling,
 * the connection's first attempt) and its count render it, not the whole navigation.
 */
function ActivityEntryText({ name }: { name: string }) {
  return <BadgedEntryText name={name} count={useActivityBadge()} unread="nav.activityUnread" />;
}

function MessagesEntryText({ name }: { name: string }) {
  return <BadgedEntryText name={name} count={useMessagesBadge()} unread="nav.messagesUnread" />;
}

const entryTexts: Partial<Record<NavEntry['label'], ComponentType<{ name: string }>>> = { Activity: ActivityEntryText, Messages: MessagesEntryText };

/** The bottom navigation of spec §2 (the layout decides when it shows). */
export function BottomNav() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <StyledNav aria-label={t('nav.label')}>
      <StyledList>
        {NAV_ENTRIES.map((entry) => {
          const Icon = icons[entry.label];
          const EntryText = entryTexts[entry.label];
          const active = isNavEntryActive(entry, pathname);
          return (
            <li key={entry.to}>
              <StyledLink to={entry.to} $active={active} aria-current={active ? 'page' : undefined}>
                <Icon size={22} />
                {EntryText ? <EntryText name={t(labels[entry.label])} /> : <span>{t(labels[entry.label])}</span>}
              </StyledLink>
            </li>
          );
        })}
      </StyledList>
    </StyledNav>
  );
}
