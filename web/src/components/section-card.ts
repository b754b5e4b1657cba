import styled from 'styled-components';
import { StyledCard } from './page';
import { theme } from '../theme';

/** One card of a settings-like screen: a heading, hints and its controls. */
export const StyledSectionCard = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  h2 { font-size: ${theme.font.size.md}; font-weight: ${theme.font.weight.bold}; margin-bottom: ${theme.space.xs}; }
  p.hint { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
  & > [data-switch-row] + [data-switch-row], & > [data-switch-row] + div { border-top: 1px solid ${theme.colors.border}; padding-top: ${theme.space.xs}; }
  & > form { display: flex; flex-direction: column; gap: ${theme.space.sm}; }
`;
