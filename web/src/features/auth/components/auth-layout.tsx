import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PRODUCT_NAME } from '@aero/contracts/shared';
import { useT } from '../../../i18n';
import { theme } from '../../../theme';

const StyledShell = styled.main`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${theme.colors.heroGradient};
`;

const StyledHero = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.sm};
  padding: calc(${theme.space.xxl} + env(safe-area-inset-top)) ${theme.space.lg} ${theme.space.xl};
  color: ${theme.colors.onHero};
  text-align: center;
  img { width: 72px; height: 72px; border-radius: 18px; box-shadow: ${theme.shadow.logo}; }
  p.brand { font-size: ${theme.font.size.xxl}; font-weight: ${theme.font.weight.bold}; letter-spacing: -0.02em; }
  p.tagline { opacity: 0.88; }
`;

const StyledSheet = styled.div`
  flex: 1;
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  background: ${theme.colors.surface};
  border-radius: ${theme.radius.xl} ${theme.radius.xl} 0 0;
  padding: ${theme.space.xl} ${theme.space.xl} calc(${theme.space.xxl} + env(safe-area-inset-bottom));
  box-shadow: ${theme.shadow.raised};
  @media (min-width: 520px) {
    flex: none;
    border-radius: ${theme.radius.xl};
    margin-bottom: ${theme.space.xxl};
  }
`;

export const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

export const StyledHeading = styled.h2`
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.bold};
`;

export const StyledMuted = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
`;

export const StyledRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
`;

/** The branded frame of the login and reset screens: sky hero on top, a sheet below. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <StyledShell>
      <StyledHero>
        <img src="/icons/logo.svg" alt="" width={72} height={72} />
        <p className="brand">{PRODUCT_NAME}</p>
        <p className="tagline">{t('app.tagline')}</p>
      </StyledHero>
      <StyledSheet>{children}</StyledSheet>
    </StyledShell>
  );
}
