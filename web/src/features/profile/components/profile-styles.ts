import styled from 'styled-components';
import { StyledCard } from '../../../components';
import { theme } from '../../../theme';

export const StyledSection = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  h2 { font-size: ${theme.font.size.md}; font-weight: ${theme.font.weight.bold}; }
`;

export const StyledRows = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${theme.space.sm} ${theme.space.lg};
  dt { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; align-self: center; }
  dd { margin: 0; text-align: right; font-weight: ${theme.font.weight.medium}; }
`;

export const StyledBadge = styled.span<{ $tone: 'accent' | 'success' | 'muted' }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 3px 10px;
  border-radius: ${theme.radius.pill};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  background: ${({ $tone }) => ($tone === 'accent' ? theme.colors.accent : $tone === 'success' ? theme.colors.success : theme.colors.backgroundAlt)};
  color: ${({ $tone }) => ($tone === 'muted' ? theme.colors.text : theme.colors.onAccent)};
`;

export const StyledFormGrid = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;
