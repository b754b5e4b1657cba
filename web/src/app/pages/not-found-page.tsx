import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PlaneIcon, StyledCard, StyledPage } from '../../components';
import { useT } from '../../i18n';
import { theme } from '../../theme';

const StyledBody = styled(StyledCard)`
  margin-top: 15vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${theme.space.md};
  svg { color: ${theme.colors.accent}; transform: rotate(25deg); }
  h1 { font-size: ${theme.font.size.xxl}; }
  p { color: ${theme.colors.textMuted}; }
`;

const StyledHome = styled(Link)`
  min-height: ${theme.touchTarget};
  display: inline-flex;
  align-items: center;
  padding: 0 ${theme.space.xl};
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-weight: ${theme.font.weight.semibold};
  text-decoration: none;
`;

export function NotFoundPage() {
  const t = useT();
  return (
    // (room for the bottom navigation, which a signed-in member has here: the card's foot stays above it)
    <StyledPage $withNav>
      <StyledBody>
        <PlaneIcon size={48} />
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <StyledHome to="/">{t('notFound.home')}</StyledHome>
      </StyledBody>
    </StyledPage>
  );
}
