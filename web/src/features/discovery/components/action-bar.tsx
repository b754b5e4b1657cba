import styled, { css } from 'styled-components';
import { BoltIcon, CloseIcon, HeartIcon, StarIcon, UndoIcon } from '../../../components';
import { useT } from '../../../i18n';
import { narrowWindow, theme } from '../../../theme';

type Tone = 'swipeLike' | 'swipePass' | 'swipeSuper' | 'swipeBoost' | 'swipeUndo';

/**
 * Five round buttons in the column's width, down to a 320 px phone (288 px inside the page's
 * margins): the gaps shrink first, then, in a narrow window, the buttons (never below the tap
 * target's 44 px).
 */
const StyledBar = styled.div`
  --small: 48px;
  --large: 64px;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: min(${theme.space.lg}, calc((100% - 3 * var(--small) - 2 * var(--large)) / 4));
  padding: ${theme.space.md} 0 ${theme.space.xs};
  ${narrowWindow} {
    --small: ${theme.touchTarget};
    --large: 56px;
  }
`;

const StyledAction = styled.button.attrs({ type: 'button' })<{ $tone: Tone; $large?: boolean; $active?: boolean }>`
  position: relative;
  flex: none;
  width: ${({ $large }) => ($large ? 'var(--large)' : 'var(--small)')};
  height: ${({ $large }) => ($large ? 'var(--large)' : 'var(--small)')};
  display: grid;
  place-items: center;
  border-radius: 50%;
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  color: ${({ $tone }) => theme.colors[$tone]};
  box-shadow: ${theme.shadow.card};
  cursor: pointer;
  transition: transform 120ms ease, box-shadow 150ms ease, background 150ms ease;
  svg { fill: ${({ $tone, $large }) => ($large || $tone === 'swipeSuper' ? 'currentColor' : 'none')}; }
  &:active:not([aria-disabled='true']) { transform: scale(0.9); }
  @media (hover: hover) { &:hover:not([aria-disabled='true']) { transform: scale(1.06); box-shadow: ${theme.shadow.raised}; } }
  &[aria-disabled='true'] { opacity: 0.45; cursor: not-allowed; }
  ${({ $active, $tone }) =>
    $active &&
    css`
      background: ${theme.colors[$tone]};
      color: ${$tone === 'swipeBoost' ? theme.colors.onSwipeBoost : theme.colors.onHero};
      border-color: transparent;
      svg { fill: currentColor; }
    `}
  .badge {
    position: absolute;
    top: -4px;
    right: -4px;
    min-width: 20px;
    height: 20px;
    padding: 0 5px;
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    font-size: ${theme.font.size.xs};
    font-weight: ${theme.font.weight.bold};
    line-height: 20px;
  }
`;

export interface ActionBarProps {
  disabled: boolean;
  /** Undo is pressed only when an undo may be sent (none on its way, and something to undo) */
  undoDisabled: boolean;
  superLikesLeft: number;
  boostMinutesLeft: number;
  onUndo: () => void;
  onPass: () => void;
  onSuperLike: () => void;
  onLike: () => void;
  onBoost: () => void;
}

/**
 * A button that cannot be pressed for now says so (aria-disabled) and keeps the focus: a keyboard
 * member who pressed Undo or passed the last card stays on the button, where a disabled one would
 * drop the focus to the page's start.
 */
const unavailable = (off: boolean, onClick: () => void) => ({ 'aria-disabled': off, onClick: off ? undefined : onClick });

/** Undo, pass, super like, like and boost (spec §2 Discovery). */
export function ActionBar({ disabled, undoDisabled, superLikesLeft, boostMinutesLeft, onUndo, onPass, onSuperLike, onLike, onBoost }: ActionBarProps) {
  const t = useT();
  const boosted = boostMinutesLeft > 0;
  return (
    <StyledBar>
      <StyledAction $tone="swipeUndo" aria-label={t('discovery.action.undo')} {...unavailable(undoDisabled, onUndo)}>
        <UndoIcon size={22} />
      </StyledAction>
      <StyledAction $tone="swipePass" $large aria-label={t('discovery.action.pass')} aria-keyshortcuts="ArrowLeft" {...unavailable(disabled, onPass)}>
        <CloseIcon size={30} strokeWidth={3} />
      </StyledAction>
      <StyledAction $tone="swipeSuper" aria-label={t('discovery.action.superLikeLeft', { count: superLikesLeft })} {...unavailable(disabled, onSuperLike)}>
        <StarIcon size={22} />
        <span className="badge" aria-hidden="true">
          {superLikesLeft}
        </span>
      </StyledAction>
      <StyledAction $tone="swipeLike" $large aria-label={t('discovery.action.like')} aria-keyshortcuts="ArrowRight" {...unavailable(disabled, onLike)}>
        <HeartIcon size={30} />
      </StyledAction>
      <StyledAction
        $tone="swipeBoost"
        $active={boosted}
        aria-label={boosted ? t('discovery.boost.activeLabel', { minutes: boostMinutesLeft }) : t('discovery.action.boost')}
        aria-pressed={boosted}
        onClick={onBoost}
      >
        <BoltIcon size={22} />
      </StyledAction>
    </StyledBar>
  );
}
