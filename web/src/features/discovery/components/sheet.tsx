import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { CloseIcon, VisuallyHidden } from '../../../components';
import { fadeIn, StyledRoundButton, StyledSheetOverlay } from '../../../components/sheet';
import { useReturnFocus } from '../../../components/return-focus';
import { theme } from '../../../theme';

// The discovery dialogs: bottom sheets (the shared Sheet) and a full-screen photo layer.
export { Sheet } from '../../../components/sheet';

/** a photo layer covers everything under it, the sheet it may be opened from included */
const StyledPhotoBackdrop = styled(StyledSheetOverlay)`
  z-index: ${theme.zIndex.photoOverlay};
`;

const StyledFullScreen = styled(Dialog.Content)`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.photoLayer};
  display: flex;
  flex-direction: column;
  color: ${theme.colors.onHero};
  animation: ${fadeIn} 160ms ease-out;
  &:focus { outline: none; }
  header {
    position: absolute;
    top: 0;
    left: 0;
    right: 0;
    z-index: 2;
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: ${theme.space.md};
    padding-top: calc(${theme.space.md} + env(safe-area-inset-top));
  }
  .count {
    padding: 4px 12px;
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.photoControl};
    font-size: ${theme.font.size.sm};
    font-weight: ${theme.font.weight.semibold};
  }
  .stage { flex: 1; min-height: 0; }
`;

/** A full-screen photo layer (the photo viewer and the zoom overlay). */
export function PhotoLayer({
  open,
  onOpenChange,
  title,
  closeLabel,
  badge,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <StyledPhotoBackdrop $dark />
        <StyledFullScreen aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <header>
            <Dialog.Title asChild>
              <VisuallyHidden>{title}</VisuallyHidden>
            </Dialog.Title>
            <span>{badge}</span>
            <Dialog.Close asChild>
              <StyledRoundButton $onPhoto aria-label={closeLabel}>
                <CloseIcon size={22} />
              </StyledRoundButton>
            </Dialog.Close>
          </header>
          <div className="stage">{children}</div>
        </StyledFullScreen>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
