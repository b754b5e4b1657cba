import styled from 'styled-components';
import { oneLine, theme } from '../theme';

/**
 * A word on a photo thumbnail's top corner (the main photo's 'Main', a removed one's): on one line,
 * ended with an ellipsis where the thumbnail, a third of a narrow screen, has no room for all of
 * it ('Hauptfoto' and 'Principale' broke inside the word at 360 px).
 */
export const StyledPhotoBadge = styled.span<{ $tone?: 'accent' | 'danger' }>`
  position: absolute;
  top: 4px;
  left: 4px;
  max-width: calc(100% - 8px);
  padding: 2px 7px;
  border-radius: ${theme.radius.pill};
  background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.accent)};
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.onDanger : theme.colors.onAccent)};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  ${oneLine}
`;
