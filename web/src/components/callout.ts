import styled from 'styled-components';
import { theme } from '../theme';

/** A note set apart from the form around it (test mode, a consequence to know before saving): a tinted box with an accent edge. */
export const StyledCallout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.backgroundAlt};
  border-left: 4px solid ${theme.colors.accent};
  font-size: ${theme.font.size.sm};
`;
