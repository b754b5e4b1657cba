import * as Toast from '@radix-ui/react-toast';
import styled, { css, keyframes } from 'styled-components';
import { useT } from '../../i18n';
import { dismissToast, TOAST_DEFAULT_DURATION, TOAST_SWIPE_THRESHOLD, type ToastItem } from './toast-store';
import { useToast } from './use-toast';
import { theme } from '../../theme';

// The toasts of spec §9 on Radix Toast: one at a time (the store keeps one), 5000 ms, swipe right
// past 50 px to dismiss, F8 focuses the viewport; paused while hovered or focused. They stand just
// below the height of a screen's header: never over its controls (back, menu, filters), and far
// from the swipe buttons, the chat's input and the bottom navigation.

const slideIn = keyframes`from { transform: translateY(-16px); opacity: 0; } to { transform: none; opacity: 1; }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;
const swipeOut = keyframes`from { transform: translateX(var(--radix-toast-swipe-end-x)); } to { transform: translateX(100%); opacity: 0; }`;

const StyledViewport = styled(Toast.Viewport)`
  position: fixed;
  top: calc(env(safe-area-inset-top, 0px) + ${theme.layout.headerHeight} + ${theme.space.sm});
  left: 0;
  right: 0;
  z-index: ${theme.zIndex.toast};
  list-style: none;
  margin: 0 auto;
  padding: 0 ${theme.space.md};
  width: 100%;
  max-width: calc(${theme.layout.maxWidth} + 2 * ${theme.space.md});
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  pointer-events: none;
  outline: none;
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 4px; border-radius: ${theme.radius.md}; min-height: 8px; }
`;

// The text and the action share a row while the text keeps 10rem; a longer action ('Send Message')
// goes under the text instead of squeezing it to a word a line. Close stays at the top right.
const StyledToast = styled(Toast.Root)<{ $variant: ToastItem['variant'] }>`
  pointer-events: auto;
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${theme.space.sm} ${theme.space.md};
  padding: ${theme.space.md} calc(${theme.touchTarget} + ${theme.space.sm}) ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.raised};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  touch-action: pan-y;
  user-select: none;
  ${({ $variant }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: ${theme.colors.onDanger};
    `}
  &[data-state='open'] { animation: ${slideIn} 180ms ease-out; }
  &[data-state='closed'] { animation: ${fadeOut} 150ms ease-in forwards; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-swipe='end'] { animation: ${swipeOut} 150ms ease-out forwards; }
`;

const StyledBody = styled.div`
  flex: 1 1 10rem;
  min-width: 0;
  padding-top: 2px;
`;

const StyledTitle = styled(Toast.Title)`
  font-weight: ${theme.font.weight.semibold};
`;

const StyledDescription = styled(Toast.Description)`
  font-size: ${theme.font.size.sm};
  opacity: 0.92;
  overflow-wrap: anywhere;
`;

const StyledAction = styled(Toast.Action)`
  flex: none;
  align-self: center;
  min-height: ${theme.touchTarget};
  padding: 0 ${theme.space.lg};
  border: 2px solid currentColor;
  border-radius: ${theme.radius.pill};
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: ${theme.font.weight.semibold};
  cursor: pointer;
`;

const StyledClose = styled(Toast.Close)`
  position: absolute;
  top: ${theme.space.xs};
  right: ${theme.space.sm};
  width: ${theme.touchTarget};
  height: ${theme.touchTarget};
  display: grid;
  place-items: center;
  border: 0;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.8;
  &:hover { opacity: 1; }
`;

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  return (
    <StyledToast
      $variant={item.variant}
      data-variant={item.variant}
      open={item.open}
      duration={item.duration}
      type={item.variant === 'destructive' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
    >
      <StyledBody>
        {item.title && <StyledTitle>{item.title}</StyledTitle>}
        {item.description && <StyledDescription>{item.description}</StyledDescription>}
      </StyledBody>
      {item.action && (
        <StyledAction altText={item.action.label} onClick={item.action.onClick}>
          {item.action.label}
        </StyledAction>
      )}
      <StyledClose aria-label={closeLabel}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </StyledClose>
    </StyledToast>
  );
}

/** The toast region: `Notifications (F8)`, translated. */
export function ToastViewport() {
  const { toasts } = useToast();
  const t = useT();
  return (
    <Toast.Provider duration={TOAST_DEFAULT_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={t('toast.notification')}>
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} closeLabel={t('toast.close')} />
      ))}
      <StyledViewport hotkey={['F8']} label={t('toast.viewport', { hotkey: '{hotkey}' })} />
    </Toast.Provider>
  );
}
