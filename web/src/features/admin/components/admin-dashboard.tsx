import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowLeftIcon, Button, PageHeader, Spinner, StyledCard, StyledPage, toast } from '../../../components';
import { useFormatDateTime, useOptionLabel, useT } from '../../../i18n';
import { documentUrl, useGetPendingVerificationsQuery, useReviewVerificationMutation } from '../api/admin-api';
import type { PendingVerification } from '../types';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledItem = styled(StyledCard).attrs({ as: 'li' })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  h3 { font-size: ${({ theme }) => theme.font.size.lg}; }
  .muted { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px ${({ theme }) => theme.space.md}; font-size: ${({ theme }) => theme.font.size.sm}; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const StyledDocLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  text-underline-offset: 3px;
  overflow-wrap: anywhere;
`;

const StyledButtons = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledReject = styled(Button)`
  border-color: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
`;

const StyledEmpty = styled(StyledCard)`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledBack = styled.button.attrs({ type: 'button' })`
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  display: grid;
  place-items: center;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const StyledHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

function VerificationItem({ item }: { item: PendingVerification }) {
  const t = useT();
  const when = useFormatDateTime();
  const optionLabel = useOptionLabel();
  const [review] = useReviewVerificationMutation();
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const act = async (decision: 'approve' | 'reject') => {
    setPending(decision);
    try {
      await review({ id: item.id, decision }).unwrap();
      toast({ title: t(decision === 'approve' ? 'admin.toast.approved' : 'admin.toast.rejected') });
    } catch {
      toast({ variant: 'destructive', title: t(decision === 'approve' ? 'admin.toast.approveFailed' : 'admin.toast.rejectFailed') });
      setPending(null);
    }
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
        <StyledReject $variant="outline" disabled={!!pending} onClick={() => act('reject')}>
          {pending === 'reject' ? <Spinner $size={18} /> : t('admin.reject')}
        </StyledReject>
        <Button $variant="accent" disabled={!!pending} onClick={() => act('approve')}>
          {pending === 'approve' ? <Spinner $size={18} /> : t('admin.approve')}
        </Button>
      </StyledButtons>
    </StyledItem>
  );
}

/** Admin Dashboard (/admin): the pending employment verifications (spec §2). */
export function AdminDashboard() {
  const t = useT();
  const navigate = useNavigate();
  const { data, isLoading, isError } = useGetPendingVerificationsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <StyledPage $withNav>
      <PageHeader
        title={t('admin.title')}
        leading={
          <StyledBack aria-label={t('admin.back')} onClick={() => navigate('/profile')}>
            <ArrowLeftIcon />
          </StyledBack>
        }
      />
      <section aria-labelledby="pending-title" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <StyledHeading id="pending-title">{t('admin.pending')}</StyledHeading>
        {isLoading ? (
          <Spinner />
        ) : isError ? (
          <StyledEmpty role="alert">{t('admin.loadError')}</StyledEmpty>
        ) : !data?.length ? (
          <StyledEmpty>{t('admin.empty')}</StyledEmpty>
        ) : (
          <StyledList>
            {data.map((item) => (
              <VerificationItem key={item.id} item={item} />
            ))}
          </StyledList>
        )}
      </section>
    </StyledPage>
  );
}
