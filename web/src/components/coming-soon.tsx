import styled from 'styled-components';
import { useT } from '../i18n';
import { PageHeader, StyledCard, StyledPage } from './page';
import { PlaneIcon } from './icons';

const StyledBody = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  svg { color: ${({ theme }) => theme.colors.accent}; }
`;

/** Placeholder body for screens that later issues build: the screen's title and one line. */
export function ComingSoon({ title, line, withNav }: { title: string; line: string; withNav?: boolean }) {
  const t = useT();
  return (
    <StyledPage $withNav={withNav}>
      <PageHeader title={title} />
      <StyledBody aria-label={t('comingSoon.label', { title })}>
        <PlaneIcon size={40} />
        <p>{line}</p>
        <p>
          <strong>{t('comingSoon.text')}</strong>
        </p>
      </StyledBody>
    </StyledPage>
  );
}
