import styled from 'styled-components';
import { StyledCard } from '../../../components';

// What the admin section's lists share: the list, a card per item, the empty or failed state.

export const StyledAdminList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const StyledAdminItem = styled(StyledCard).attrs({ as: 'li' })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  h3 { font-size: ${({ theme }) => theme.font.size.lg}; }
  h4 { font-size: ${({ theme }) => theme.font.size.md}; }
  .muted { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; overflow-wrap: anywhere; }
`;

export const StyledAdminEmpty = styled(StyledCard)`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
