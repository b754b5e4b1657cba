import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

const StyledDialog = styled.dialog`
  margin: auto;
  width: min(92vw, 400px);
  border: none;
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  &::backdrop { background: ${({ theme }) => theme.colors.overlay}; }
  h2 { font-size: ${({ theme }) => theme.font.size.lg}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
`;

const StyledDanger = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
`;

/** A modal confirm dialog (native <dialog>: focus trap, Escape cancels). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <StyledDialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <StyledActions>
        <StyledDanger $block disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </StyledDanger>
        <Button $variant="outline" $block disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </StyledActions>
    </StyledDialog>
  );
}
