import { type FormEvent, useMemo, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import styled, { useTheme } from 'styled-components';
import { SUBSCRIPTION_RETURN_PATH } from '@aero/contracts/shared';
import { Button, Spinner } from '../../../components';
import { useLocale, useT } from '../../../i18n';
import type { PaymentFormProps } from '../types/payment-form';
import { theme } from '../../../theme';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

function CardForm({ payLabel, onPaid, onFailed }: Omit<PaymentFormProps, 'clientSecret'>) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    // the provider's return URL is the registration from subscription (spec §4), for payments that leave the page
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${window.location.origin}${SUBSCRIPTION_RETURN_PATH}` }, redirect: 'if_required' });
    setPaying(false);
    if (error) onFailed(error.message ?? t('subscribe.toast.paymentFailedText'));
    else onPaid();
  };

  return (
    <StyledForm onSubmit={pay} aria-label={t('subscribe.payment')}>
      <PaymentElement />
      <Button type="submit" $variant="accent" $block disabled={!stripe || paying} aria-busy={paying || undefined}>
        {paying && <Spinner $size={18} />}
        {paying ? t('subscribe.paying') : payLabel}
      </Button>
    </StyledForm>
  );
}

/** Stripe Elements with the publishable key: Stripe.js confirms the payment with Stripe itself. */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: PaymentFormProps & { publishableKey: string }) {
  const resolved = useTheme(); // Stripe's appearance wants the mode's values, not custom properties
  const locale = useLocale();
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const options = useMemo(
    () => ({
      clientSecret,
      locale: locale.slice(0, 2) as 'en' | 'es' | 'fr' | 'de',
      appearance: {
        theme: resolved.mode === 'dark' ? ('night' as const) : ('stripe' as const),
        variables: { colorPrimary: resolved.colors.accent, colorText: resolved.colors.text, colorDanger: resolved.colors.danger, borderRadius: resolved.radius.md },
      },
    }),
    [clientSecret, locale, resolved],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <CardForm {...rest} />
    </Elements>
  );
}
