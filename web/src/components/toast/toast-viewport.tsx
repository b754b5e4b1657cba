import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { dismissToast, isSwipeDismiss, type ToastItem } from './toast-store';
import { useToast } from './use-toast';

const slideIn = keyframes`from { transform: translateY(-16px); opacity: 0; } to { transform: none; opacity: 1; }`;

const StyledViewport = styled.section`
  position: fixed;
  top: max(env(safe-area-inset-top), 8px);
  left: 0;
  right: 0;
  z-index: 100;
  display: flex;
  justify-content: center;
  padding: 0 ${({ theme }) => theme.space.md};
  pointer-events: none;
  outline: none;
  &:focus-visible ol { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 4px; border-radius: ${({ theme }) => theme.radius.md}; }
`;

const StyledList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
`;

const StyledToast = styled.li<{ $variant: ToastItem['variant']; $open: boolean }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.sm} ${theme.space.md} ${theme.space.lg}`};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  touch-action: pan-y;
  user-select: none;
  animation: ${slideIn} 180ms ease-out;
  transition: opacity 200ms ease, transform 200ms ease;
  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: ${theme.colors.onDanger};
    `}
  ${({ $open }) => !$open && css`opacity: 0; transform: translateX(100%);`}
`;

const StyledBody = styled.div`
  flex: 1;
  min-width: 0;
  padding-top: 2px;
`;

const StyledTitle = styled.div`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const StyledDescription = styled.div`
  font-size: ${({ theme }) => theme.font.size.sm};
  opacity: 0.92;
`;

const StyledClose = styled.button`
  flex: none;
  width: ${({ theme }) => theme.touchTarget};
  height: ${({ theme }) => theme.touchTarget};
  margin: -${({ theme }) => theme.space.sm} 0;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
  opacity: 0.8;
  &:hover { opacity: 1; }
`;

function Toast({ item }: { item: ToastItem }) {
  const [dragX, setDragX] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const remaining = useRef(item.duration);

  useEffect(() => {
    if (!item.open || paused || item.duration === Infinity) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [item.id, item.open, item.duration, paused]);

  const onPointerDown = (e: ReactPointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    setPaused(true);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    setDragX(Math.max(0, e.clientX - start.current));
  };
  const onPointerEnd = (e: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const delta = e.clientX - start.current;
    start.current = null;
    setPaused(false);
    if (isSwipeDismiss(delta)) dismissToast(item.id);
    else setDragX(0);
  };

  return (
    <StyledToast
      $variant={item.variant}
      $open={item.open}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={item.variant}
      style={dragX ? { transform: `translateX(${dragX}px)`, transition: 'none', opacity: Math.max(0.3, 1 - dragX / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => start.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <StyledBody>
        {item.title && <StyledTitle>{item.title}</StyledTitle>}
        {item.description && <StyledDescription>{item.description}</StyledDescription>}
      </StyledBody>
      <StyledClose type="button" aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </StyledClose>
    </StyledToast>
  );
}

/** The toast viewport: an aria-live region; F8 moves focus to it. */
export function ToastViewport() {
  const { toasts } = useToast();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8' || e.code === 'F8') {
        e.preventDefault();
        ref.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <StyledViewport ref={ref} tabIndex={-1} aria-label="Notifications (F8)">
      <StyledList aria-live="polite" aria-relevant="additions text">
        {toasts.map((t) => (
          <Toast key={t.id} item={t} />
        ))}
      </StyledList>
    </StyledViewport>
  );
}
