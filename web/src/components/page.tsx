import type { ReactNode } from 'react';
import styled from 'styled-components';
import { sideNavWindow, theme } from '../theme';

export const StyledPage = styled.main<{ $withNav?: boolean }>`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  min-height: 100dvh;
  padding: ${theme.space.xl} ${theme.space.lg};
  padding-bottom: ${({ $withNav }) => ($withNav ? `calc(${theme.layout.bottomNavHeight} + ${theme.space.xl} + env(safe-area-inset-bottom))` : theme.space.xl)};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

/** A screen exactly as tall as the viewport, above the bottom navigation; its parts scroll inside it. */
export const StyledScreenAboveNav = styled.main`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  height: 100dvh;
  display: flex;
  flex-direction: column;
  padding-bottom: calc(${theme.layout.bottomNavHeight} + env(safe-area-inset-bottom));
  overflow: hidden;
  ${sideNavWindow} { padding-bottom: 0; }
`;

/** The header row of a full-height screen (chat, activity): back arrow, title, actions. */
export const StyledScreenHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: ${theme.layout.headerHeight};
  padding: ${theme.space.md} ${theme.space.sm};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  h1 {
    font-size: ${theme.font.size.xxl};
    font-weight: ${theme.font.weight.bold};
    letter-spacing: -0.02em;
  }
`;

// a trailing action that does not fit beside the title goes under it (neither wraps mid-phrase)
const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: ${theme.touchTarget};
`;

const StyledTrailing = styled.div`
  margin-left: auto;
`;

const StyledTitle = styled.h1`
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.bold};
  letter-spacing: -0.01em;
`;

export const StyledCard = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius.lg};
  box-shadow: ${theme.shadow.card};
  padding: ${theme.space.xl};
`;

export function PageHeader({ title, leading, trailing }: { title: string; leading?: ReactNode; trailing?: ReactNode }) {
  return (
    <StyledHeader>
      {leading}
      <StyledTitle>{title}</StyledTitle>
      {trailing && <StyledTrailing>{trailing}</StyledTrailing>}
    </StyledHeader>
  );
}
