import styled from 'styled-components';
import type { VerificationStatus as Status } from '@aero/contracts/shared';
import { DocumentUploadButton } from '../../../components/document-upload-button';
import { useT } from '../../../i18n';
import { verificationBadge } from '../lib/verification-badge';
import { StyledBadge, StyledSection } from './profile-styles';
import { theme } from '../../../theme';

const StyledStatus = styled(StyledSection)`
  gap: ${theme.space.sm};
  .head { display: flex; align-items: center; justify-content: space-between; gap: ${theme.space.sm}; flex-wrap: wrap; }
  p { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
  label { align-self: flex-start; margin-top: ${theme.space.xs}; }
`;

/**
 * My Profile's employment verification of an airline member not verified yet (spec §4): its status
 * as a badge ('Under Review' or 'Verification rejected') with what comes next, and
 * for none or rejected 'Upload Document', which opens the file picker here and sends the document
 * as Settings' upload does (the status, fetched again, then reads 'Under Review'). Nothing while
 * the status is unknown or approved (the verified badge says that). The status is My Profile's,
 * asked with the page's own data (ProfileScreen), so that the card takes its place as the page shows.
 */
export function VerificationStatus({ status }: { status: Status | undefined }) {
  const t = useT();
  const shown = verificationBadge(status);
  if (!shown) return null;
  return (
    <StyledStatus aria-labelledby="verification-title">
      <div className="head">
        <h2 id="verification-title">{t('verification.title')}</h2>
        {shown.badge && <StyledBadge $tone="muted">{t(shown.badge)}</StyledBadge>}
      </div>
      <p>{t(shown.text)}</p>
      {shown.upload && <DocumentUploadButton variant="outline" label={t('verification.upload')} />}
    </StyledStatus>
  );
}
