import styled, { keyframes } from 'styled-components';
import { Button, PlaneIcon } from '../../../components';
import { useT } from '../../../i18n';
import { applyUpdate, postponeUpdate } from '../lib/update-store';
import { theme } from '../../../theme';

const drop = keyframes`from { transform: translateY(-16px); opacity: 0; } to { transform: none; opacity: 1; }`;

const StyledCard = styled.aside`
  position: fixed;
  top: calc(${theme.space.md} + env(safe-area-inset-top));
  left: ${theme.space.md};
  right: ${theme.space.md};
  z-index: ${theme.zIndex.updateCard};
  max-width: calc(${theme.layout.maxWidth} - 24px);
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.lg};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  box-shadow: ${theme.shadow.raised};
  animation: ${drop} 200ms ease-out;
  svg { flex: none; color: ${theme.colors.accent}; }
  h2 { flex: 1; font-size: ${theme.font.size.sm}; }
`;

// the card's two buttons, narrower than the app's (they share its line with the title)
const StyledLater = styled(Button)`
  padding: 0 ${theme.space.md};
`;

const StyledReload = styled(Button)`
  padding: 0 ${theme.space.lg};
`;

/** The card of 'New version available': Reload now, or Later (the next visit). */
export function UpdateCard() {
  const t = useT();
  return (
    <StyledCard aria-labelledby="update-prompt-title">
      <PlaneIcon size={22} />
      <h2 id="update-prompt-title">{t('pwa.update.title')}</h2>
      <StyledLater $variant="ghost" onClick={postponeUpdate}>
        {t('pwa.update.later')}
      </StyledLater>
      <StyledReload $variant="accent" onClick={applyUpdate}>
        {t('pwa.update.reload')}
      </StyledReload>
    </StyledCard>
  );
}
