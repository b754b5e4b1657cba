import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { conversationPath, type MatchView } from '@aero/contracts/shared';
import { BackButton, Button, ChatIcon, EmptyState, PendingState, VisuallyHidden } from '../../../components';
import { useOptionLabel, useT, useText } from '../../../i18n';
import { selectConnection } from '../../../lib/realtime';
import { useGetMatchesQuery } from '../api/chat-api';
import { matchSubtitle } from '../lib/chat-rules';
import { Avatar } from './avatar';
import { StyledHeader, StyledScreen } from './chat-styles';
import { oneLine, theme } from '../../../theme';

const StyledList = styled.ul`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  list-style: none;
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
`;

const StyledRow = styled(Link)<{ $unread: boolean }>`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  min-height: 72px;
  padding: ${theme.space.md};
  margin-bottom: ${theme.space.sm};
  border-radius: ${theme.radius.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  box-shadow: ${theme.shadow.card};
  color: ${theme.colors.text};
  text-decoration: none;
  .text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  .name { font-size: ${theme.font.size.lg}; font-weight: ${({ $unread }) => ($unread ? theme.font.weight.bold : theme.font.weight.semibold)}; ${oneLine} }
  /* a long job line ('Fluggerätmechaniker/in bei Alaska Airlines') wraps: the airline is not cut off */
  .line { color: ${({ $unread }) => ($unread ? theme.colors.text : theme.colors.textMuted)}; font-size: ${theme.font.size.sm}; overflow-wrap: break-word; }
  .side { display: flex; flex-direction: column; align-items: flex-end; gap: 6px; }
  .online {
    padding: 2px 10px;
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.success};
    color: ${theme.colors.onSuccess};
    font-size: ${theme.font.size.xs};
    font-weight: ${theme.font.weight.semibold};
  }
  .unread { width: 12px; height: 12px; border-radius: 50%; background: ${theme.colors.accent}; }
  @media (hover: hover) { &:hover { border-color: ${theme.colors.primary}; } }
`;

function MatchRow({ match, online }: { match: MatchView; online: boolean }) {
  const t = useT();
  const show = useText();
  const label = useOptionLabel();
  const name = match.otherUser.firstName || t('chat.list.userFallback');
  const subtitle = matchSubtitle(match, (value) => label('position', value));
  return (
    <li>
      <StyledRow to={conversationPath(match.id)} state={{ fromList: true }} $unread={match.hasUnreadMessages} data-match-id={match.id}>
        <Avatar photo={match.otherUser.mainPhoto} name={name} size={56} />
        <span className="text">
          <span className="name">{name}</span>
          <span className="line">{show(subtitle)}</span>
        </span>
        <span className="side">
          {online && <span className="online">{t('chat.list.online')}</span>}
          {match.hasUnreadMessages && (
            <span className="unread">
              <VisuallyHidden>{t('chat.list.unread')}</VisuallyHidden>
            </span>
          )}
        </span>
      </StyledRow>
    </li>
  );
}

/** Messages without a selected match (spec §2): the matches, newest activity first. */
export function MatchList() {
  const t = useT();
  const navigate = useNavigate();
  const { data: matches, isError, refetch } = useGetMatchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const { onlineUserIds } = useSelector(selectConnection);

  return (
    <StyledScreen>
      <StyledHeader>
        <BackButton label={t('common.back')} onClick={() => navigate('/swipe')} />
        <h1>{t('chat.title')}</h1>
      </StyledHeader>
      {!matches ? (
        <PendingState failed={isError} failedTitle={t('chat.list.loadError')} onRetry={() => void refetch()} />
      ) : matches.length === 0 ? (
        <EmptyState
          icon={<ChatIcon size={44} />}
          title={t('chat.list.empty.title')}
          text={t('chat.list.empty.text')}
          actions={
            <Button $variant="accent" $block onClick={() => navigate('/swipe')}>
              {t('chat.list.empty.action')}
            </Button>
          }
        />
      ) : (
        <StyledList aria-label={t('chat.list.label')}>
          {matches.map((match) => (
            <MatchRow key={match.id} match={match} online={onlineUserIds.includes(match.otherUser.id)} />
          ))}
        </StyledList>
      )}
    </StyledScreen>
  );
}
