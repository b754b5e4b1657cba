import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { conversationPath, Limits } from '@aero/contracts/shared';
import { HeartIcon, UserIcon } from '../../../components';
import { useT } from '../../../i18n';
import { useGetMatchesQuery } from '../api/discovery-api';
import { theme } from '../../../theme';

const pop = keyframes`0% { transform: scale(0.6); opacity: 0; } 70% { transform: scale(1.06); opacity: 1; } 100% { transform: scale(1); }`;
const rise = keyframes`from { transform: translateY(16px); opacity: 0; } to { transform: translateY(0); opacity: 1; }`;
const beat = keyframes`0%, 100% { transform: translate(-50%, -50%) scale(1); } 50% { transform: translate(-50%, -50%) scale(1.12); }`;

const StyledMatch = styled.main`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.floating};
  display: flex;
  flex-direction: column;
  align-items: center;
  /* (safe: taller than a phone on its side, it starts at the top and scrolls) */
  justify-content: safe center;
  gap: ${theme.space.xl};
  padding: ${theme.space.xxl} ${theme.space.xl};
  padding-bottom: calc(${theme.space.xxl} + env(safe-area-inset-bottom));
  background: ${theme.colors.heroGradient};
  color: ${theme.colors.onHero};
  text-align: center;
  overflow-y: auto;
  h1 {
    font-size: 2.75rem;
    line-height: 1.05;
    font-weight: ${theme.font.weight.bold};
    letter-spacing: -0.02em;
    text-shadow: ${theme.shadow.textOnHero};
    animation: ${pop} 420ms cubic-bezier(0.2, 0.9, 0.3, 1.2) both;
  }
  .lead { margin-top: ${theme.space.sm}; font-size: ${theme.font.size.lg}; opacity: 0.92; animation: ${rise} 320ms 80ms ease-out both; }
`;

const StyledPair = styled.div`
  position: relative;
  display: flex;
  justify-content: center;
  flex: none;
  height: 180px;
  width: 300px;
  animation: ${rise} 360ms ease-out both;
  .photo {
    position: absolute;
    top: 0;
    width: 150px;
    height: 180px;
    border-radius: ${theme.radius.xl};
    border: 4px solid ${theme.colors.onHero};
    overflow: hidden;
    display: grid;
    place-items: center;
    background: ${theme.colors.photoControl};
    box-shadow: ${theme.shadow.logo};
  }
  .photo img { width: 100%; height: 100%; object-fit: cover; }
  .mine { left: 10px; transform: rotate(-8deg); }
  .theirs { right: 10px; transform: rotate(8deg); }
  .heart {
    position: absolute;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -50%);
    width: 56px;
    height: 56px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    background: ${theme.colors.onHero};
    color: ${theme.colors.accent};
    box-shadow: ${theme.shadow.logo};
    animation: ${beat} 1.2s ease-in-out infinite;
    svg { fill: currentColor; }
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  width: 100%;
  max-width: 320px;
  animation: ${rise} 320ms 120ms ease-out both;
  button {
    min-height: 52px;
    border-radius: ${theme.radius.pill};
    font-size: ${theme.font.size.md};
    font-weight: ${theme.font.weight.bold};
    cursor: pointer;
  }
  .send { border: none; background: ${theme.colors.onHero}; color: ${theme.colors.primary}; box-shadow: ${theme.shadow.logo}; }
  .keep { border: 2px solid ${theme.colors.onHero}; background: transparent; color: ${theme.colors.onHero}; }
`;

/**
 * The match screen (spec §2): 'It's a Match!' with both photos; 'Send Message' opens the chat
 * (/messages?matchId=…), 'Keep Matching' goes back to /swipe, as does the page itself after 4 s
 * (unless a key was pressed).
 * Reads /match?user={firstName}&matchId={id} (or /match/{matchId}).
 */
/** what the deck tells the match screen it shows: the other member's photo, and that it came from the deck */
export interface MatchScreenState {
  photo: string | null;
  fromDeck: true;
}

export function MatchScreen({ myPhoto }: { myPhoto: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const { matchId: pathMatchId } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const matchId = search.get('matchId') ?? pathMatchId ?? null;
  const { data: matches } = useGetMatchesQuery(undefined, { skip: !matchId });
  const match = matches?.find((m) => m.id === matchId);
  const name = search.get('user') || match?.otherUser.firstName || '';
  const shownFrom = location.state as MatchScreenState | null;
  const theirPhoto = shownFrom?.photo ?? match?.otherUser.mainPhoto ?? null;
  // the screen is a moment, not a place to come back to: leaving it for the deck goes back to the
  // deck's own entry when the deck showed it (Back then never shows it again), else replaces it
  const fromDeck = shownFrom?.fromDeck === true;
  const backToDeck = useCallback(() => (fromDeck ? navigate(-1) : navigate('/swipe', { replace: true })), [fromDeck, navigate]);

  // a member using the keyboard (or a screen reader's keys) is given the time they need: a key
  // pressed here keeps the screen until they choose (WCAG 2.2.1)
  useEffect(() => {
    const timer = window.setTimeout(backToDeck, Limits.matchRedirectMs);
    const hold = () => window.clearTimeout(timer);
    window.addEventListener('keydown', hold);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', hold);
    };
  }, [backToDeck]);

  return (
    <StyledMatch>
      <StyledPair>
        <span className="photo mine">{myPhoto ? <img src={`${myPhoto}?size=thumb`} alt={t('match.yourPhoto')} /> : <UserIcon size={48} />}</span>
        <span className="photo theirs">
          {theirPhoto ? <img src={theirPhoto} alt={name ? t('match.theirPhoto', { name }) : t('match.theirPhotoAnonymous')} /> : <UserIcon size={48} />}
        </span>
        <span className="heart" aria-hidden="true">
          <HeartIcon size={28} />
        </span>
      </StyledPair>
      <div>
        <h1>{t('match.title')}</h1>
        <p className="lead">{name ? t('match.text', { name }) : t('match.textAnonymous')}</p>
      </div>
      <StyledActions>
        <button type="button" className="send" onClick={() => navigate(matchId ? conversationPath(matchId) : '/messages', { replace: true })}>
          {t('match.sendMessage')}
        </button>
        <button type="button" className="keep" onClick={backToDeck}>
          {t('match.keepMatching')}
        </button>
      </StyledActions>
    </StyledMatch>
  );
}
