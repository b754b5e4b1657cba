import styled, { keyframes } from 'styled-components';
import { Button, CloseIcon, PlaneIcon } from '../../../components';
import { PRODUCT_NAME } from '@aero/contracts/shared';
import { useT } from '../../../i18n';
import { theme } from '../../../theme';

const rise = keyframes`from { transform: translateY(24px); opacity: 0; } to { transform: none; opacity: 1; }`;

const StyledCard = styled.aside<{ $aboveNav: boolean }>`
  position: fixed;
  left: ${theme.space.md};
  right: ${theme.space.md};
  bottom: ${({ $aboveNav }) => ($aboveNav ? `calc(${theme.layout.bottomNavHeight} + ${theme.space.md} + env(safe-area-inset-bottom))` : `calc(${theme.space.md} + env(safe-area-inset-bottom))`)};
  z-index: ${theme.zIndex.floating};
  max-width: calc(${theme.layout.maxWidth} - 24px);
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  border-radius: ${theme.radius.lg};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  box-shadow: ${theme.shadow.raised};
  animation: ${rise} 220ms ease-out;
`;

const StyledBadge = styled.div`
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: ${theme.radius.md};
  display: grid;
  place-items: center;
  background: ${theme.colors.heroGradient};
  color: ${theme.colors.onHero};
`;

const StyledText = styled.div`
  flex: 1;
  min-width: 0;
  h2 { font-size: ${theme.font.size.sm}; line-height: 1.3; }
  p { font-size: ${theme.font.size.xs}; line-height: 1.3; color: ${theme.colors.textMuted}; }
`;

const StyledInstall = styled(Button)`
  padding: 0 ${theme.space.lg};
`;

const StyledClose = styled(Button)`
  padding: 0;
  border-radius: 50%;
`;

/** The fixed install card of spec §4 (shown by InstallCard when the browser offers to install). */
export function InstallCardView({ aboveNav, install, dismiss }: { aboveNav: boolean; install: () => void; dismiss: () => void }) {
  const t = useT();
  return (
    <StyledCard $aboveNav={aboveNav} aria-labelledby="install-card-title">
      <StyledBadge>
        <PlaneIcon size={24} />
      </StyledBadge>
      <StyledText>
        <h2 id="install-card-title">{t('install.title', { name: PRODUCT_NAME })}</h2>
        <p>{t('install.text')}</p>
      </StyledText>
      <StyledInstall $variant="accent" onClick={install}>
        {t('install.install')}
      </StyledInstall>
      <StyledClose $variant="ghost" aria-label={t('install.dismiss')} onClick={dismiss}>
        <CloseIcon size={20} />
      </StyledClose>
    </StyledCard>
  );
}
