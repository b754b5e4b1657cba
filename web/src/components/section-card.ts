import styled from 'styled-components';
import { StyledCard } from './page';

/** One card of a settings-like screen: a heading, hints and its controls. */
export const StyledSectionCard = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.font.size.md}; font-weight: ${({ theme }) => theme.font.weight.bold}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  p.hint { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  & > [data-switch-row] + [data-switch-row], & > [data-switch-row] + div { border-top: 1px solid ${({ theme }) => theme.colors.border}; padding-top: ${({ theme }) => theme.space.xs}; }
  & > form { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.sm}; }
`;
