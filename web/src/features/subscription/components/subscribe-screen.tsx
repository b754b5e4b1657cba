import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, HeartIcon, PlaneIcon, Spinner, toast } from '../../../components';
import { ConfirmDialog, StyledCallout } from '../../../components/controls';
import { DocumentUploadButton } from '../../../components/document-upload-button';
import { useErrorText, useT } from '../../../i18n';
import { useGetVerificationStatusQuery } from '../../../lib/shared-api';
import { useCancelSubscriptionMutation, useGetBillingConfigQuery, useGetOrCreateSubscriptionMutation } from '../api/subscription-api';
import { currentUserChangeOf } from '../lib/subscription-result';
import { StripePaymentForm, TestPaymentForm } from './payment-form';
import { PlanCard, usePrice } from './plan-card';
import { theme } from '../../../theme';

const StyledShell = styled.main`
  min-height: 100dvh;
  background: ${theme.colors.heroGradient};
  display: flex;
  flex-direction: column;
`;

const StyledHero = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.sm};
  padding: calc(${theme.space.xl} + env(safe-area-inset-top)) ${theme.space.lg} ${theme.space.lg};
  color: ${theme.colors.onHero};
  text-align: center;
  .badge { width: 56px; height: 56px; border-radius: 50%; display: grid; place-items: center; background: ${theme.colors.surface}; color: ${theme.colors.accent}; box-shadow: ${theme.shadow.logo}; }
  h1 { font-size: ${theme.font.size.xxl}; font-weight: ${theme.font.weight.bold}; letter-spacing: -0.02em; }
  p { opacity: 0.9; }
`;

const StyledSheet = styled.div`
  flex: 1;
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  background: ${theme.colors.surfaceRaised};
  border-radius: ${theme.radius.xl} ${theme.radius.xl} 0 0;
  /* no bottom navigation here: the screen is shown only to members who must pay first (app/layout) */
  padding: ${theme.space.xl} ${theme.space.lg} calc(${theme.space.xl} + env(safe-area-inset-bottom));
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xl};
  h2 { font-size: ${theme.font.size.lg}; font-weight: ${theme.font.weight.bold}; }
  @media (min-width: 520px) {
    flex: none;
    border-radius: ${theme.radius.xl};
    margin-bottom: ${theme.space.xl};
  }
`;

const StyledCentered = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.xl} 0;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/**
 * The way to the payment form, under the plan: on a small phone it waits at the window's bottom
 * until the page is scrolled to its place (the form and its Subscribe button are below the first screen).
 */
const StyledToPayment = styled(Button)<{ $measuring: boolean }>`
  visibility: ${({ $measuring }) => ($measuring ? 'hidden' : 'visible')};
  position: sticky;
  bottom: calc(${theme.space.md} + env(safe-area-inset-bottom));
  box-shadow: ${theme.shadow.raised};
`;

/** paying: a first payment, or the open invoice of a renewal that failed (which may be cancelled instead) */
type Stage = { kind: 'preparing' } | { kind: 'paying'; clientSecret: string; renewalFailed: boolean } | { kind: 'setup-error' };

export interface SubscribeScreenProps {
  /** an airline member asked to pay (their document was rejected or never uploaded): they may upload one again */
  airlineMember: boolean;
  /** after a successful payment */
  onPaid(): void;
  /** the way out for a member who does not want to pay now (every other screen sends them back here) */
  onSignOut(): void;
}

/** The browser's back button stays on this screen, with the toast 'Subscription Required' (spec §2). */
function useBackButtonTrap() {
  const t = useT();
  useEffect(() => {
    const trap = () => window.history.pushState(window.history.state, '', window.location.href);
    trap();
    const onPop = () => {
      trap();
      toast({ title: t('subscribe.toast.required') });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [t]);
}

/**
 * Subscription (/subscribe, spec §2 and §4): the plan, the payment provider's form, its outcomes.
 * When the subscription turns out to be active already, or nothing is to pay, or a new employment
 * document makes the member staff again, the current user says so and the page's redirect takes over.
 * A member whose renewal's payment failed pays its open invoice here, or cancels the subscription at
 * once (beyond the spec: the provider would charge that invoice later) and may subscribe anew.
 */
export function SubscribeScreen({ airlineMember, onPaid, onSignOut }: SubscribeScreenProps) {
  const t = useT();
  const navigate = useNavigate();
  const price = usePrice();
  const [stage, setStage] = useState<Stage>({ kind: 'preparing' });
  const errorText = useErrorText();
  const [getOrCreate] = useGetOrCreateSubscriptionMutation();
  const [cancel, { isLoading: cancelling }] = useCancelSubscriptionMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const { data: config, isError: configFailed } = useGetBillingConfigQuery();
  // a document sent again after a rejection is under review, yet lets the member in only once approved
  const { data: review } = useGetVerificationStatusQuery(undefined, { skip: !airlineMember });
  const started = useRef(false);
  const payment = useRef<HTMLElement>(null);
  // 'Continue to payment' while the payment form is out of sight (a small phone's first screen),
  // measured with the button in its place (hidden) and gone for good once the form has been seen
  const [toPayment, setToPayment] = useState<'measuring' | 'shown' | 'seen'>('measuring');
  useEffect(() => {
    const section = payment.current;
    if (!section) return;
    const seen = new IntersectionObserver(([entry]) => setToPayment((was) => (entry!.isIntersecting || was === 'seen' ? 'seen' : 'shown')));
    seen.observe(section);
    return () => seen.disconnect();
  }, [stage.kind]);
  useBackButtonTrap();

  const prepare = useCallback(() => {
    setStage({ kind: 'preparing' });
    getOrCreate()
      .unwrap()
      .then(
        (reply) => {
          if (currentUserChangeOf(reply)) return; // the current user changed: the page's redirect takes over
          if (reply.clientSecret) setStage({ kind: 'paying', clientSecret: reply.clientSecret, renewalFailed: reply.status === 'past_due' });
          else {
            toast({ variant: 'destructive', title: t('subscribe.toast.setupError'), description: t('subscribe.toast.setupErrorText') });
            setStage({ kind: 'setup-error' });
          }
        },
        (error: { status?: number }) => {
          if (error?.status === 0) toast({ variant: 'destructive', title: t('subscribe.toast.connectionError'), description: t('subscribe.toast.connectionErrorText') });
          else toast({ variant: 'destructive', title: t('subscribe.toast.setupError'), description: t('subscribe.toast.setupErrorText') });
          setStage({ kind: 'setup-error' });
        },
      );
  }, [getOrCreate, t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    prepare();
  }, [prepare]);

  const cancelUnpaid = async () => {
    try {
      await cancel().unwrap();
      toast({ title: t('subscription.toast.cancelled'), description: t('subscription.toast.cancelledNowText') });
      prepare();
    } catch (error) {
      toast({ variant: 'destructive', title: t('subscription.toast.cancelFailed'), description: errorText(error, 'common.tryAgain') });
    } finally {
      setConfirmingCancel(false);
    }
  };

  useEffect(() => {
    if (configFailed && stage.kind === 'paying') {
      toast({ variant: 'destructive', title: t('subscribe.toast.connectionError'), description: t('subscribe.toast.connectionErrorText') });
      setStage({ kind: 'setup-error' });
    }
  }, [configFailed, stage.kind, t]);

  const paid = () => {
    toast({ title: t('subscribe.toast.paymentSuccessful') });
    onPaid();
  };
  const failed = (message: string) => toast({ variant: 'destructive', title: t('subscribe.toast.paymentFailed'), description: message });

  if (stage.kind === 'setup-error') {
    return (
      <StyledShell>
        <StyledHero>
          <span className="badge" aria-hidden="true">
            <PlaneIcon />
          </span>
          <h1>{t('subscribe.setupError.title')}</h1>
        </StyledHero>
        <StyledSheet>
          <p>{t('subscribe.setupError.text')}</p>
          <Button $block onClick={() => navigate('/auth')}>
            {t('subscribe.backToLogin')}
          </Button>
        </StyledSheet>
      </StyledShell>
    );
  }

  const payLabel = t('subscribe.pay', { price });
  return (
    <StyledShell>
      <StyledHero>
        <span className="badge" aria-hidden="true">
          <HeartIcon />
        </span>
        <h1>{t('subscribe.heading')}</h1>
        <p>{t('subscribe.intro')}</p>
      </StyledHero>
      <StyledSheet>
        {airlineMember && (
          <StyledCallout role="note">
            {review?.status === 'pending' ? (
              <p>{t('subscribe.airlineUnderReview')}</p>
            ) : (
              <>
                <p>{t('subscribe.airlineNote')}</p>
                <DocumentUploadButton variant="outline" label={t('subscribe.uploadDocument')} />
              </>
            )}
          </StyledCallout>
        )}
        {stage.kind === 'paying' && stage.renewalFailed && (
          <StyledCallout role="note" aria-labelledby="subscribe-renewal-failed">
            <h2 id="subscribe-renewal-failed">{t('subscription.renewalFailed')}</h2>
            <p>{t('subscription.renewalFailedText')}</p>
            <Button $variant="outline" onClick={() => setConfirmingCancel(true)}>
              {t('subscription.cancel')}
            </Button>
          </StyledCallout>
        )}
        <PlanCard />
        {toPayment !== 'seen' && (
          <StyledToPayment
            $measuring={toPayment === 'measuring'}
            $variant="accent"
            onClick={() => {
              payment.current?.scrollIntoView();
              payment.current?.querySelector('input')?.focus({ preventScroll: true });
            }}
          >
            {t('subscribe.toPayment')}
          </StyledToPayment>
        )}
        <section ref={payment} aria-labelledby="subscribe-payment">
          <h2 id="subscribe-payment">{t('subscribe.payment')}</h2>
          {stage.kind === 'paying' && config ? (
            <Suspense fallback={<Spinner $size={28} />}>
              {config.provider === 'stripe' && config.publishableKey ? (
                <StripePaymentForm publishableKey={config.publishableKey} clientSecret={stage.clientSecret} payLabel={payLabel} onPaid={paid} onFailed={failed} />
              ) : (
                <TestPaymentForm clientSecret={stage.clientSecret} payLabel={payLabel} onPaid={paid} onFailed={failed} />
              )}
            </Suspense>
          ) : (
            <StyledCentered role="status">
              <Spinner $size={28} />
              {t('subscribe.preparing')}
            </StyledCentered>
          )}
        </section>
        <Button $variant="link" $block onClick={onSignOut}>
          {t('subscribe.signOut')}
        </Button>
      </StyledSheet>
      <ConfirmDialog open={confirmingCancel} title={t('subscription.cancelConfirmTitle')} confirmLabel={t('subscription.cancel')} cancelLabel={t('subscription.keep')} pending={cancelling} onConfirm={() => void cancelUnpaid()} onCancel={() => setConfirmingCancel(false)}>
        <p>{t('subscription.cancelNowText')}</p>
      </ConfirmDialog>
    </StyledShell>
  );
}
