import styled, { css } from 'styled-components';
import { EmptyState, PendingState, StyledScreenAboveNav, StyledScreenHeader } from '../../../components';
import { StyledRoundButton } from '../../../components/sheet';
import { theme } from '../../../theme';

// Pieces the chat's screens share: the full-height screen, the header row, round icon buttons
// and avatars.

export const StyledScreen = StyledScreenAboveNav;

/** the screen's header row (back, title, actions) */
export const StyledHeader = StyledScreenHeader;

/** a round icon button; `$submit` makes it its form's submit button */
export const StyledIconButton = styled(StyledRoundButton).attrs<{ $submit?: boolean }>((p) => ({ type: p.$submit ? 'submit' : 'button' }))<{ $tone?: 'plain' | 'accent' | 'danger' }>`
  background: ${({ $tone }) => ($tone === 'accent' ? theme.colors.accent : $tone === 'danger' ? theme.colors.danger : 'transparent')};
  color: ${({ $tone }) => ($tone === 'accent' ? theme.colors.onAccent : $tone === 'danger' ? theme.colors.onDanger : theme.colors.text)};
  transition: background 150ms ease, transform 80ms ease;
  &:active:not(:disabled) { transform: scale(0.94); }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
`;

export const StyledAvatar = styled.span<{ $size: number }>`
  position: relative;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${theme.colors.heroGradient};
  color: ${theme.colors.onHero};
  font-weight: ${theme.font.weight.bold};
  font-size: ${({ $size }) => Math.round($size / 2.4)}px;
  overflow: hidden;
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
`;

const chatState = css`
  background: ${theme.colors.background};
  .emblem { width: 80px; height: 80px; }
`;

/** The conversation's area when it holds no messages: gone or empty, */
export const ChatState = styled(EmptyState)`${chatState}`;
/** and while they load or when they failed to. */
export const ChatPendingState = styled(PendingState)`${chatState}`;
