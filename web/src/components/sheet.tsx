import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from './icons';
import { useReturnFocus } from './return-focus';
import { theme } from '../theme';

// Sheets (Radix Dialog: focus trapped and restored, Escape and the overlay close): a bottom sheet
// on phones, a centred panel on wider screens. Used by the discovery dialogs and the chat's menu.

export const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const slideUp = keyframes`from { transform: translateY(40px); opacity: 0; } to { transform: translateY(0); opacity: 1; }`;

export const StyledSheetOverlay = styled(Dialog.Overlay)<{ $dark?: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.overlay};
  background: ${({ $dark }) => ($dark ? theme.colors.photoBackdrop : theme.colors.overlay)};
  animation: ${fadeIn} 160ms ease-out;
`;

const StyledSheet = styled(Dialog.Content)`
  position: fixed;
  z-index: ${theme.zIndex.dialog};
  left: 50%;
  bottom: 0;
  transform: translateX(-50%);
  width: min(100vw, ${theme.layout.maxWidth});
  max-height: 92dvh;
  display: flex;
  flex-direction: column;
  border-radius: ${theme.radius.xl} ${theme.radius.xl} 0 0;
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadow.raised};
  padding-bottom: env(safe-area-inset-bottom);
  animation: ${slideUp} 220ms cubic-bezier(0.2, 0.8, 0.2, 1);
  &:focus { outline: none; }
  @media (min-width: 768px) {
    bottom: auto;
    top: 50%;
    transform: translate(-50%, -50%);
    border-radius: ${theme.radius.xl};
    max-height: 86dvh;
  }
`;

const StyledSheetHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg} ${theme.space.lg} ${theme.space.sm} ${theme.space.xl};
  h2 { flex: 1; font-size: ${theme.font.size.xl}; font-weight: ${theme.font.weight.bold}; }
  p { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; }
`;

const StyledSheetTitles = styled.div`
  flex: 1;
`;

export const StyledSheetBody = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${theme.space.sm} ${theme.space.xl} ${theme.space.xl};
`;

// the actions share the row (each as wide as its label and a share of the rest) while their labels
// fit on one line each, and take a row each (the whole width) when they do not: a long translation
// on a small phone
export const StyledSheetFooter = styled.footer`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.md};
  padding: ${theme.space.md} ${theme.space.xl} ${theme.space.lg};
  border-top: 1px solid ${theme.colors.border};
  && > * { flex: 1 0 auto; max-width: 100%; padding-inline: ${theme.space.lg}; }
`;

export const StyledRoundButton = styled.button.attrs({ type: 'button' })<{ $onPhoto?: boolean }>`
  flex: none;
  width: ${theme.touchTarget};
  height: ${theme.touchTarget};
  display: grid;
  place-items: center;
  border: none;
  border-radius: 50%;
  background: ${({ $onPhoto }) => ($onPhoto ? theme.colors.photoControl : theme.colors.backgroundAlt)};
  color: ${({ $onPhoto }) => ($onPhoto ? theme.colors.onHero : theme.colors.text)};
  cursor: pointer;
`;

/** A bottom sheet with a title, an optional description and a close button. */
/** Escape in a search field showing its suggestions closes only them (the field does): not the sheet, and what was entered in it */
const keepOpenUnderSuggestions = (event: KeyboardEvent) => {
  if (event.target instanceof Element && event.target.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
};

export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <StyledSheetOverlay />
        <StyledSheet {...(description ? {} : { 'aria-describedby': undefined })} onCloseAutoFocus={returnFocus} onEscapeKeyDown={keepOpenUnderSuggestions}>
          <StyledSheetHeader>
            <StyledSheetTitles>
              <Dialog.Title asChild>
                <h2>{title}</h2>
              </Dialog.Title>
              {description && (
                <Dialog.Description asChild>
                  <p>{description}</p>
                </Dialog.Description>
              )}
            </StyledSheetTitles>
            <Dialog.Close asChild>
              <StyledRoundButton aria-label={closeLabel}>
                <CloseIcon size={20} />
              </StyledRoundButton>
            </Dialog.Close>
          </StyledSheetHeader>
          <StyledSheetBody>{children}</StyledSheetBody>
          {footer && <StyledSheetFooter>{footer}</StyledSheetFooter>}
        </StyledSheet>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
