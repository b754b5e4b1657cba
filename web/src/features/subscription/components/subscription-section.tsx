import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Spinner, StyledSectionCard, toast } from '../../../components';
import { ConfirmDialog } from '../../../components/controls';
import { useErrorText, useFormatDateTime, useT } from '../../../i18n';
import { useCancelSubscriptionMutation, useGetSubscriptionQuery, useResumeSubscriptionMutation } from '../api/subscription-api';
import { theme } from '../../../theme';

const StyledStatus = styled.p`
  font-weight: ${theme.font.weight.semibold};
`;

/**
 * Settings: the member's plan, its renewal or end date, and Cancel (at the end of the paid period),
 * then Resume while that period lasts (both beyond the spec). A renewal whose payment failed is paid
 * (on /subscribe) or cancelled, at once, so its open invoice is never charged. `onlyWhenSubscribed`
 * (airline staff, who need none): shown only while there is a plan to see or an unpaid renewal.
 */
export function SubscriptionSection({ onlyWhenSubscribed = false }: { onlyWhenSubscribed?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const formatDate = useFormatDateTime({ dateStyle: 'long' });
  const { data, isLoading } = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cancel, { isLoading: cancelling }] = useCancelSubscriptionMutation();
  const [resume, { isLoading: resuming }] = useResumeSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  const date = data?.currentPeriodEnd ? formatDate(data.currentPeriodEnd) : '';
  if (onlyWhenSubscribed && (!data || (data.status !== 'active' && !data.renewalFailed))) return null;

  const onCancel = async () => {
    try {
      const view = await cancel().unwrap();
      setConfirming(false);
      const description = view.status === 'active' ? t('subscription.toast.cancelledText', { date: view.currentPeriodEnd ? formatDate(view.currentPeriodEnd) : '' }) : t('subscription.toast.cancelledNowText');
      toast({ title: t('subscription.toast.cancelled'), description });
    } catch (error) {
      setConfirming(false);
      toast({ variant: 'destructive', title: t('subscription.toast.cancelFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  const onResume = async () => {
    try {
      const view = await resume().unwrap();
      toast({ title: t('subscription.toast.resumed'), description: t('subscription.renews', { date: view.currentPeriodEnd ? formatDate(view.currentPeriodEnd) : '' }) });
    } catch (error) {
      toast({ variant: 'destructive', title: t('subscription.toast.resumeFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  return (
    <StyledSectionCard aria-labelledby="settings-subscription">
      <h2 id="settings-subscription">{t('subscription.title')}</h2>
      {isLoading ? (
        <Spinner $size={24} />
      ) : !data ? (
        <p className="hint">{t('subscription.loadError')}</p>
      ) : data.status === 'active' ? (
        <>
          <StyledStatus role="status">{t('subscription.active')}</StyledStatus>
          <p className="hint">{data.cancelAtPeriodEnd ? t('subscription.ends', { date }) : t('subscription.renews', { date })}</p>
          {data.cancelAtPeriodEnd ? (
            <Button onClick={() => void onResume()} disabled={resuming}>
              {t('subscription.resume')}
            </Button>
          ) : (
            <Button $variant="outline" onClick={() => setConfirming(true)}>
              {t('subscription.cancel')}
            </Button>
          )}
        </>
      ) : data.renewalFailed ? (
        <>
          <StyledStatus role="status">{t('subscription.renewalFailed')}</StyledStatus>
          <p className="hint">{t('subscription.renewalFailedText')}</p>
          <Button $variant="accent" onClick={() => navigate('/subscribe')}>
            {t('subscription.payNow')}
          </Button>
          <Button $variant="outline" onClick={() => setConfirming(true)}>
            {t('subscription.cancel')}
          </Button>
        </>
      ) : (
        <>
          <StyledStatus role="status">{t('subscription.inactive')}</StyledStatus>
          <Button onClick={() => navigate('/subscribe')}>{t('subscription.subscribe')}</Button>
        </>
      )}
      <ConfirmDialog open={confirming} title={t('subscription.cancelConfirmTitle')} confirmLabel={t('subscription.cancel')} cancelLabel={t('subscription.keep')} pending={cancelling} onConfirm={() => void onCancel()} onCancel={() => setConfirming(false)}>
        <p>{data?.renewalFailed ? t('subscription.cancelNowText') : t('subscription.cancelConfirmText', { date })}</p>
      </ConfirmDialog>
    </StyledSectionCard>
  );
}
