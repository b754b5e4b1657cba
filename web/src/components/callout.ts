import styled from 'styled-components';

/** A note set apart from the form around it (test mode, a consequence to know before saving): a tinted box with an accent edge. */
export const StyledCallout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
