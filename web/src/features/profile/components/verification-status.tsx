import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { VerificationStatus as Status } from '@aero/contracts/shared';
import { Button } from '../../../components';
import { useT } from '../../../i18n';
import { verificationBadge } from '../lib/verification-badge';
import { StyledBadge, StyledSection } from './profile-styles';
import { theme } from '../../../theme';

const StyledStatus = styled(StyledSection)`
  gap: ${theme.space.sm};
  .head { display: flex; align-items: center; justify-content: space-between; gap: ${theme.space.sm}; flex-wrap: wrap; }
  p { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
  button { align-self: flex-start; margin-top: ${theme.space.xs}; }
`;

/**
 * My Profile's employment verification of an airline member not verified yet (spec §4): its status
 * as a badge ('Under Review' or 'Verification rejected') with what comes next, and
 * for none or rejected 'Upload Document', which leads to Settings' upload. Nothing while the
 * status is unknown or approved (the verified badge says that). The status is My Profile's, asked
 * with the page's own data (ProfileScreen), so that the card takes its place as the page shows.
 */
export function VerificationStatus({ status }: { status: Status | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const shown = verificationBadge(status);
  if (!shown) return null;
  return (
    <StyledStatus aria-labelledby="verification-title">
      <div className="head">
        <h2 id="verification-title">{t('verification.title')}</h2>
        {shown.badge && <StyledBadge $tone="muted">{t(shown.badge)}</StyledBadge>}
      </div>
      <p>{t(shown.text)}</p>
      {shown.upload && (
        <Button $variant="outline" onClick={() => navigate('/settings#verification')}>
          {t('verification.upload')}
        </Button>
      )}
    </StyledStatus>
  );
}
