import styled from 'styled-components';
import { StyledCard } from '../../../components';
import { theme } from '../../../theme';

// What the admin section's lists share: the list, a card per item, the empty or failed state.

export const StyledAdminList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

export const StyledAdminItem = styled(StyledCard).attrs({ as: 'li' })`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  h3 { font-size: ${theme.font.size.lg}; }
  h4 { font-size: ${theme.font.size.md}; }
  .muted { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; overflow-wrap: anywhere; }
`;

export const StyledAdminEmpty = styled(StyledCard)`
  text-align: center;
  color: ${theme.colors.textMuted};
`;
