import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useT } from '../i18n';
import { Button } from './button';
import { Spinner } from './spinner';
import { theme } from '../theme';

/**
 * A screen's empty or failed state: a round emblem on the brand gradient (`.emblem`), a heading, a
 * muted line and actions (`.actions`), centred; `$card` puts it on a card.
 */
export const StyledEmptyState = styled.div<{ $card?: boolean }>`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  gap: ${theme.space.md};
  padding: ${theme.space.xl};
  ${({ $card }) =>
    $card &&
    css`
      border-radius: ${theme.radius.xl};
      background: ${theme.colors.surface};
      border: 1px solid ${theme.colors.border};
      box-shadow: ${theme.shadow.card};
    `}
  .emblem {
    width: 96px;
    height: 96px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    background: ${theme.colors.heroGradient};
    color: ${theme.colors.onHero};
    box-shadow: ${theme.shadow.raised};
    margin-bottom: ${theme.space.sm};
  }
  h2 { font-size: ${theme.font.size.xl}; font-weight: ${theme.font.weight.bold}; }
  p { color: ${theme.colors.textMuted}; max-width: 30ch; }
  .actions { display: flex; flex-direction: column; gap: ${theme.space.sm}; width: 100%; max-width: 280px; margin-top: ${theme.space.md}; }
`;

interface EmptyStateProps {
  /** the emblem's icon element (decorative) */
  icon?: ReactNode;
  title: string;
  text?: string;
  /** the buttons under the text */
  actions?: ReactNode;
  /** on a card (the deck's states) */
  card?: boolean;
  role?: 'alert' | 'status';
  className?: string;
}

/** A screen's empty or failed state: the one markup of `StyledEmptyState`'s parts. */
export function EmptyState({ icon, title, text, actions, card, role, className }: EmptyStateProps) {
  return (
    <StyledEmptyState $card={card} role={role} className={className}>
      {icon && (
        <div className="emblem" aria-hidden="true">
          {icon}
        </div>
      )}
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {actions && <div className="actions">{actions}</div>}
    </StyledEmptyState>
  );
}

/**
 * What a screen shows until its data is held: a spinner while it loads ('Loading' to assistive
 * technology), or, when loading failed, `failedTitle` with a 'Try again' button.
 */
export function PendingState({ failed, failedTitle, onRetry, className }: { failed: boolean; failedTitle: string; onRetry: () => void; className?: string }) {
  const t = useT();
  return failed ? (
    <EmptyState role="alert" title={failedTitle} actions={<Button onClick={onRetry}>{t('common.retry')}</Button>} className={className} />
  ) : (
    <StyledEmptyState role="status" aria-label={t('common.loading')} className={className}>
      <Spinner />
    </StyledEmptyState>
  );
}
