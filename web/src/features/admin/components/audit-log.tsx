import styled from 'styled-components';
import { Button, Spinner } from '../../../components';
import { useFormatDateTime, useT } from '../../../i18n';
import { useGetAuditLogInfiniteQuery } from '../api/admin-api';
import { AUDIT_LABELS } from '../lib/moderation';
import { StyledAdminEmpty, StyledAdminItem, StyledAdminList } from './admin-styles';
import { theme } from '../../../theme';

const StyledList = styled(StyledAdminList).attrs({ as: 'ol' })`
  gap: ${theme.space.sm};
`;

const StyledEntry = styled(StyledAdminItem)`
  gap: 2px;
  padding: ${theme.space.md};
  .what { font-weight: ${theme.font.weight.semibold}; }
  .muted { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; overflow-wrap: anywhere; }
  .why { overflow-wrap: anywhere; }
`;


/** The append-only audit log of admin actions (who, what, on whom, when, why), newest first; older pages on request. */
export function AuditLog() {
  const t = useT();
  const when = useFormatDateTime();
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetAuditLogInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const entries = data?.pages.flat() ?? [];
  if (isLoading) return <Spinner />;
  if (isError && !entries.length) return <StyledAdminEmpty role="alert">{t('admin.audit.loadError')}</StyledAdminEmpty>;
  if (!entries.length) return <StyledAdminEmpty>{t('admin.audit.empty')}</StyledAdminEmpty>;
  return (
    <>
      <StyledList>
        {entries.map((e) => {
          const until = typeof e.details.suspendedUntil === 'string' ? e.details.suspendedUntil : null;
          return (
            <StyledEntry key={e.id}>
              <span className="what">
                {t(AUDIT_LABELS[e.action])}
                {until && ` · ${t('admin.audit.until', { until: when(until) })}`}
              </span>
              <span className="muted">
                {t('admin.audit.who', { admin: e.adminEmail ?? e.adminId, member: e.targetEmail ?? e.targetUserId ?? '—' })}
              </span>
              <span className="muted">{when(e.createdAt)}</span>
              {e.reason && <span className="why">{e.reason}</span>}
            </StyledEntry>
          );
        })}
      </StyledList>
      {isError && <StyledAdminEmpty role="alert">{t('admin.audit.loadError')}</StyledAdminEmpty>}
      {hasNextPage && (
        <Button $variant="outline" $block disabled={isFetchingNextPage} aria-busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {t('admin.audit.older')}
        </Button>
      )}
    </>
  );
}
