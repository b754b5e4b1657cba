import { useForm } from 'react-hook-form';
import { FORM_MODE } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import styled from 'styled-components';
import { Button, Spinner, TextField } from '../../../components';
import { StyledCallout } from '../../../components/controls';
import { useErrorText, useT } from '../../../i18n';
import { useFieldError } from '../../../lib/use-field-error';
import { useConfirmTestPaymentMutation } from '../api/subscription-api';
import { formatCardNumber, formatExpiry, testCardSchema, type TestCardValues } from '../lib/card-form';
import type { PaymentFormProps } from '../types/payment-form';
import { theme } from '../../../theme';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: ${theme.space.md}; }
  .row > * { min-width: 0; }
  input { width: 100%; }
`;

/**
 * The test provider's card form (no Stripe keys set): card number, expiry and CVC, styled like
 * the rest of the app and saying it is test mode. Stripe's test cards behave as in Stripe.
 */
export default function TestPaymentForm({ clientSecret, payLabel, onPaid, onFailed }: PaymentFormProps) {
  const t = useT();
  const errorText = useErrorText();
  const [confirm, { isLoading }] = useConfirmTestPaymentMutation();
  const { register, handleSubmit, setValue, formState } = useForm<TestCardValues>({
    mode: FORM_MODE,
    resolver: valibotResolver(testCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const fieldError = useFieldError(formState.errors);

  const pay = async (card: TestCardValues) => {
    try {
      // a payment that is no longer due (its subscription ended meanwhile) is answered with its status
      const { status } = await confirm({ clientSecret, ...card }).unwrap();
      if (status === 'active') onPaid();
      else onFailed(t('subscribe.toast.paymentFailedText'));
    } catch (error) {
      onFailed(errorText(error, 'subscribe.toast.paymentFailedText'));
    }
  };

  const cardNumber = register('cardNumber');
  const expiry = register('expiry');
  return (
    <StyledForm noValidate onSubmit={handleSubmit(pay)} aria-label={t('subscribe.payment')}>
      <StyledCallout role="note">{t('subscribe.testMode')}</StyledCallout>
      <TextField
        label={t('subscribe.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={fieldError('cardNumber')}
        {...cardNumber}
        onChange={(e) => {
          setValue('cardNumber', formatCardNumber(e.target.value), { shouldValidate: formState.isSubmitted });
        }}
      />
      <div className="row">
        <TextField
          label={t('subscribe.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('subscribe.expiryPlaceholder')}
          error={fieldError('expiry')}
          {...expiry}
          onChange={(e) => {
            setValue('expiry', formatExpiry(e.target.value), { shouldValidate: formState.isSubmitted });
          }}
        />
        <TextField label={t('subscribe.cvc')} inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} error={fieldError('cvc')} {...register('cvc')} />
      </div>
      <Button type="submit" $variant="accent" $block disabled={isLoading} aria-busy={isLoading || undefined}>
        {isLoading && <Spinner $size={18} />}
        {isLoading ? t('subscribe.paying') : payLabel}
      </Button>
    </StyledForm>
  );
}
