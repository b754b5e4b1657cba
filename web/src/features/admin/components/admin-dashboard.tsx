import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { BackButton, Button, PageHeader, Spinner, StyledPage, toast } from '../../../components';
import { ConfirmDialog } from '../../../components/controls';
import { useErrorText, useFormatDateTime, useOptionLabel, useT } from '../../../i18n';
import { documentUrl, useGetPendingVerificationsQuery, useReviewVerificationMutation } from '../api/admin-api';
import type { PendingVerification } from '../types';
import { StyledAdminEmpty, StyledAdminItem, StyledAdminList } from './admin-styles';
import { AuditLog } from './audit-log';
import { ReportsQueue } from './reports-queue';
import { theme } from '../../../theme';


const StyledItem = styled(StyledAdminItem)`
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px ${theme.space.md}; font-size: ${theme.font.size.sm}; }
  dt { color: ${theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const StyledDocLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.touchTarget};
  color: ${theme.colors.primary};
  font-weight: ${theme.font.weight.semibold};
  text-underline-offset: 3px;
  overflow-wrap: anywhere;
`;

const StyledButtons = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
`;

const StyledReject = styled(Button)`
  border-color: ${theme.colors.danger};
  color: ${theme.colors.danger};
`;

// each tab as wide as its label needs (equal thirds wrapped 'Pending Verifications' on a phone); where
// the labels are together wider than the bar (German on a 360 px phone), the bar scrolls sideways
const StyledTabs = styled.div`
  display: flex;
  gap: 4px;
  padding: 4px;
  overflow-x: auto;
  scrollbar-width: none;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  button {
    flex: 1 1 auto;
    min-height: ${theme.touchTarget};
    padding: 0 8px;
    white-space: nowrap;
    border: none;
    border-radius: ${theme.radius.pill};
    background: transparent;
    color: ${theme.colors.text};
    font: inherit;
    font-size: ${theme.font.size.xs};
    font-weight: ${theme.font.weight.semibold};
    cursor: pointer;
  }
  button[aria-selected='true'] { background: ${theme.colors.primary}; color: ${theme.colors.onPrimary}; }
  button:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: -3px; }
`;

const StyledPanel = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const StyledHeading = styled.h2`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`;

const TABS = ['pending', 'reports', 'audit'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS = { pending: 'admin.pending', reports: 'admin.tab.reports', audit: 'admin.tab.audit' } as const;

function VerificationItem({ item }: { item: PendingVerification }) {
  const t = useT();
  const errorText = useErrorText();
  const when = useFormatDateTime();
  const optionLabel = useOptionLabel();
  const [review] = useReviewVerificationMutation();
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  // a rejected document is deleted: Reject asks first (Approve stays one tap)
  const [confirmingReject, setConfirmingReject] = useState(false);
  const act = async (decision: 'approve' | 'reject') => {
    setPending(decision);
    try {
      await review({ id: item.id, decision }).unwrap();
      toast({ title: t(decision === 'approve' ? 'admin.toast.approved' : 'admin.toast.rejected') });
    } catch (error) {
      // (the server says why, e.g. an employment changed since the document was sent)
      toast({ variant: 'destructive', title: t(decision === 'approve' ? 'admin.toast.approveFailed' : 'admin.toast.rejectFailed'), description: errorText(error, 'common.tryAgain') });
      setPending(null);
    }
    setConfirmingReject(false);
  };
  const name = item.user.firstName ?? t('admin.unnamed');
  return (
    <StyledItem aria-label={t('admin.itemLabel', { name })}>
      <div>
        <h3>{name}</h3>
        {item.user.email && <p className="muted">{item.user.email}</p>}
      </div>
      <dl>
        <dt>{t('profile.field.airline')}</dt>
        <dd>{item.user.airline ?? '—'}</dd>
        <dt>{t('profile.field.position')}</dt>
        <dd>{item.user.position ? optionLabel('position', item.user.position) : '—'}</dd>
        <dt>{t('admin.submitted')}</dt>
        <dd>{when(item.createdAt)}</dd>
      </dl>
      <StyledDocLink href={documentUrl(item.id)} target="_blank" rel="noopener noreferrer" aria-label={t('admin.viewDocument', { file: item.fileName })}>
        📄 {item.fileName}
      </StyledDocLink>
      <StyledButtons>
        <StyledReject $variant="outline" disabled={!!pending} onClick={() => setConfirmingReject(true)}>
          {pending === 'reject' ? <Spinner $size={18} /> : t('admin.reject')}
        </StyledReject>
        <Button $variant="accent" disabled={!!pending} onClick={() => act('approve')}>
          {pending === 'approve' ? <Spinner $size={18} /> : t('admin.approve')}
        </Button>
      </StyledButtons>
      <ConfirmDialog
        open={confirmingReject}
        title={t('admin.rejectConfirm.title', { name })}
        confirmLabel={t('admin.reject')}
        pending={pending === 'reject'}
        onConfirm={() => void act('reject')}
        onCancel={() => setConfirmingReject(false)}
      >
        <p>{t('admin.rejectConfirm.text', { name, file: item.fileName })}</p>
      </ConfirmDialog>
    </StyledItem>
  );
}

function VerificationQueue() {
  const t = useT();
  const { data, isLoading, isError } = useGetPendingVerificationsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner />;
  if (isError && !data) return <StyledAdminEmpty role="alert">{t('admin.loadError')}</StyledAdminEmpty>;
  if (!data?.length) return <StyledAdminEmpty>{t('admin.empty')}</StyledAdminEmpty>;
  return (
    <StyledAdminList>
      {data.map((item) => (
        <VerificationItem key={item.id} item={item} />
      ))}
    </StyledAdminList>
  );
}

/**
 * Admin Dashboard (/admin): the pending employment verifications (spec §2), the reports of
 * members (the moderation queue) and the audit log of every admin action, as tabs.
 */
export function AdminDashboard() {
  const t = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('pending');
  const select = (next: Tab) => {
    setTab(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  };
  return (
    <StyledPage $withNav>
      <PageHeader
        title={t('admin.title')}
        leading={
          <BackButton label={t('admin.back')} onClick={() => navigate('/profile')} />
        }
      />
      <StyledTabs
        role="tablist"
        aria-label={t('admin.title')}
        onKeyDown={(e) => {
          const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (step) select(TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!);
        }}
      >
        {TABS.map((id) => (
          <button key={id} id={`admin-tab-${id}`} type="button" role="tab" aria-selected={tab === id} aria-controls={`admin-panel-${id}`} tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)}>
            {t(TAB_LABELS[id])}
          </button>
        ))}
      </StyledTabs>
      <StyledPanel id={`admin-panel-${tab}`} role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
        <StyledHeading>{t(TAB_LABELS[tab])}</StyledHeading>
        {tab === 'pending' ? <VerificationQueue /> : tab === 'reports' ? <ReportsQueue /> : <AuditLog />}
      </StyledPanel>
    </StyledPage>
  );
}
