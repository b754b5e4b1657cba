import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_NAME } from '@aero/contracts/shared';
import { BackButton, PageHeader, StyledCard, StyledPage, useGoBack } from '../../../components';
import { useFormatDateTime, useT } from '../../../i18n';
import { POLICY_SECTIONS, POLICY_UPDATED, PRIVACY_EMAIL, sectionItem, sectionParagraph, sectionTitle } from '../lib/policy';
import { theme } from '../../../theme';

const StyledSection = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  line-height: 1.55;
  h2 { font-size: ${theme.font.size.lg}; font-weight: ${theme.font.weight.bold}; }
  ul { margin: 0; padding-left: ${theme.space.xl}; display: flex; flex-direction: column; gap: ${theme.space.xs}; }
  > a { min-height: ${theme.touchTarget}; display: inline-flex; align-items: center; font-weight: ${theme.font.weight.semibold}; }
  /* within a sentence: a link of the text's own lines */
  p a { font-weight: ${theme.font.weight.semibold}; overflow-wrap: anywhere; }
`;

const StyledUpdated = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
`;

/** the policy's text, its privacy address a link that writes to it */
function withMailLink(text: string): ReactNode {
  return text.split(PRIVACY_EMAIL).flatMap((part, i) => (i === 0 ? [part] : [<a key={i} href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>, part]));
}

/** Privacy Policy (/privacy): what AeroMatch collects, why, who sees what, how long, how to delete (spec §2). */
export function PrivacyScreen() {
  const t = useT();
  const back = useGoBack('/profile');
  const date = useFormatDateTime({ dateStyle: 'long' });
  return (
    <StyledPage>
      <PageHeader title={t('privacy.title')} leading={<BackButton label={t('common.back')} onClick={back} />} />
      <StyledUpdated>{t('privacy.updated', { date: date(POLICY_UPDATED) })}</StyledUpdated>
      {POLICY_SECTIONS.map((section) => (
        <StyledSection key={section.id} aria-labelledby={`privacy-${section.id}`}>
          <h2 id={`privacy-${section.id}`}>{t(sectionTitle(section.id))}</h2>
          <p>{withMailLink(t(sectionParagraph(section.id, 1), { name: PRODUCT_NAME, email: PRIVACY_EMAIL }))}</p>
          {section.items && (
            <ul>
              {Array.from({ length: section.items }, (_, i) => (
                <li key={i}>{t(sectionItem(section.id, i + 1))}</li>
              ))}
            </ul>
          )}
          {Array.from({ length: section.paragraphs - 1 }, (_, i) => (
            <p key={i}>{withMailLink(t(sectionParagraph(section.id, i + 2), { name: PRODUCT_NAME, email: PRIVACY_EMAIL }))}</p>
          ))}
          {section.id === 'contact' && <Link to="/help">{t('privacy.helpLink')}</Link>}
        </StyledSection>
      ))}
    </StyledPage>
  );
}
