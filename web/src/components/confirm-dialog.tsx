import { type ReactNode, useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { useT } from '../i18n';
import { Button } from './button';
import { useReturnFocus } from './return-focus';
import { theme } from '../theme';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -46%) scale(0.98); } to { opacity: 1; transform: translate(-50%, -50%); }`;

// the overlay is as high as the dialogs: a confirmation opened over a sheet (whose content is at
// that height) dims the sheet too, as it comes after it in the page
export const StyledOverlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.dialog};
  background: ${theme.colors.overlay};
  animation: ${fadeIn} 150ms ease-out;
`;

export const StyledDialogContent = styled(Dialog.Content)`
  position: fixed;
  z-index: ${theme.zIndex.dialog};
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(92vw, 400px);
  max-height: 90dvh;
  overflow: auto;
  border-radius: ${theme.radius.lg};
  padding: ${theme.space.xl};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadow.raised};
  animation: ${rise} 180ms ease-out;
  &:focus { outline: none; }
`;

const StyledTitle = styled(Dialog.Title)`
  font-size: ${theme.font.size.lg};
  margin: 0 0 ${theme.space.sm};
`;

const StyledDescription = styled(Dialog.Description)`
  color: ${theme.colors.textMuted};
`;

const StyledActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.xl};
`;

const StyledDanger = styled(Button)`
  background: ${theme.colors.danger};
  color: ${theme.colors.onDanger};
`;

/**
 * A modal confirm dialog (Radix Dialog: focus trapped and restored, Escape and the overlay cancel).
 * It opens with the focus on the safe choice (Cancel, Edit), so the Enter or tap that opened it
 * does not confirm what it asks about.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmTone = 'danger',
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'Cancel' unless the choice reads better otherwise ('Edit') */
  cancelLabel?: string;
  /** the confirm button's look: red for what ends or removes something (the default), the app's own colour for what only goes ahead */
  confirmTone?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const safe = useRef<HTMLButtonElement>(null);
  const Confirm = confirmTone === 'danger' ? StyledDanger : Button;
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onCancel();
      }}
    >
      <Dialog.Portal>
        <StyledOverlay />
        <StyledDialogContent
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            safe.current?.focus();
          }}
          onCloseAutoFocus={returnFocus}
        >
          <StyledTitle>{title}</StyledTitle>
          <StyledDescription asChild>
            <div>{children}</div>
          </StyledDescription>
          <StyledActions>
            <Confirm $block disabled={pending} onClick={onConfirm}>
              {confirmLabel}
            </Confirm>
            <Button ref={safe} $variant="outline" $block disabled={pending} onClick={onCancel}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
          </StyledActions>
        </StyledDialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
