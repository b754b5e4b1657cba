import styled, { keyframes } from 'styled-components';
import { Button, EmptyState, PlaneIcon } from '../../../components';
import { useT } from '../../../i18n';
import { theme } from '../../../theme';

const shimmer = keyframes`from { background-position: -480px 0; } to { background-position: 480px 0; }`;

const StyledSkeleton = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  border-radius: ${theme.radius.xl};
  overflow: hidden;
  background: ${theme.colors.backgroundAlt};
  box-shadow: ${theme.shadow.card};
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(90deg, transparent 0%, ${theme.colors.surface} 50%, transparent 100%) no-repeat;
    background-size: 480px 100%;
    opacity: 0.7;
    animation: ${shimmer} 1.3s linear infinite;
  }
  .lines {
    position: absolute;
    left: ${theme.space.lg};
    right: ${theme.space.lg};
    bottom: ${theme.space.xl};
    display: flex;
    flex-direction: column;
    gap: ${theme.space.sm};
  }
  .lines span { display: block; height: 14px; border-radius: ${theme.radius.pill}; background: ${theme.colors.border}; }
  .lines span:first-child { height: 26px; width: 55%; }
  .lines span:nth-child(2) { width: 75%; }
  .lines span:nth-child(3) { width: 45%; }
`;

/** A card-shaped placeholder while the deck loads (spec: skeleton cards while loading). */
export function SkeletonCard() {
  const t = useT();
  return (
    <StyledSkeleton role="status" aria-label={t('discovery.loading')}>
      <div className="lines" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </StyledSkeleton>
  );
}

/** The empty stack (spec §2): 'No more profiles' and 'View Messages'. */
export function EmptyDeck({
  onViewMessages,
  onChangeFilters,
  onWidenDistance,
  layoverCity,
}: {
  onViewMessages: () => void;
  onChangeFilters?: () => void;
  /** the member's distance preference limits the deck */
  onWidenDistance?: () => void;
  /** the deck is the crew of the member's current layover's city */
  layoverCity?: string;
}) {
  const t = useT();
  return (
    <EmptyState
      card
      icon={<PlaneIcon size={44} />}
      title={t('discovery.empty.title')}
      text={layoverCity ? t('discovery.empty.layoverText', { city: layoverCity }) : t(onWidenDistance ? 'discovery.empty.reachText' : 'discovery.empty.text')}
      actions={
        <>
          <Button $variant="accent" $block onClick={onViewMessages}>
            {t('discovery.empty.viewMessages')}
          </Button>
          {onWidenDistance && (
            <Button $variant="outline" $block onClick={onWidenDistance}>
              {t('discovery.empty.widenDistance')}
            </Button>
          )}
          {onChangeFilters && (
            <Button $variant="outline" $block onClick={onChangeFilters}>
              {t('discovery.empty.changeFilters')}
            </Button>
          )}
        </>
      }
    />
  );
}

/** The deck could not load: say so, and offer another try. */
export function DeckError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <EmptyState
      card
      role="alert"
      title={t('discovery.loadError')}
      actions={
        <Button $block onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
