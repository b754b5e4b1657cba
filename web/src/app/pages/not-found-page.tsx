import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PlaneIcon, StyledCard, StyledPage } from '../../components';
import { useT } from '../../i18n';

const StyledBody = styled(StyledCard)`
  margin-top: 15vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.md};
  svg { color: ${({ theme }) => theme.colors.accent}; transform: rotate(25deg); }
  h1 { font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledHome = styled(Link)`
  min-height: ${({ theme }) => theme.touchTarget};
  display: inline-flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  text-decoration: none;
`;

export function NotFoundPage() {
  const t = useT();
  return (
    <StyledPage>
      <StyledBody>
        <PlaneIcon size={48} />
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <StyledHome to="/">{t('notFound.home')}</StyledHome>
      </StyledBody>
    </StyledPage>
  );
}
