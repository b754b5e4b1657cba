import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_MODE, showCommonPasswordRefusal } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, TextField, toast } from '../../../components';
import { useT } from '../../../i18n';
import { useFieldError } from '../../../lib/use-field-error';
import { useResetPasswordMutation } from '../api/auth-api';
import { resetPasswordSchema } from '../lib/validation';
import { AuthLayout, StyledForm, StyledHeading, StyledMuted } from './auth-layout';

/** /reset-password?token=… (spec §2): a missing token toasts and goes to /. */
export function ResetPasswordScreen() {
  const t = useT();
  const [search] = useSearchParams();
  const token = search.get('token');
  const warned = useRef(false);

  useEffect(() => {
    if (!token && !warned.current) {
      warned.current = true;
      toast({ variant: 'destructive', title: t('reset.toast.invalidLink'), description: t('messages.resetLinkInvalid') });
    }
  }, [token, t]);

  if (!token) return <Navigate to="/" replace />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const t = useT();
  const { register, handleSubmit, formState, setError } = useForm({ mode: FORM_MODE, resolver: valibotResolver(resetPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const fieldError = useFieldError(formState.errors);
  const [reset, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  const submit = async ({ password }: { password: string }) => {
    if (isLoading) return;
    try {
      await reset({ token, password }).unwrap();
      toast({ title: t('reset.toast.success'), description: t('reset.toast.successText') });
      navigate('/', { replace: true });
    } catch (error) {
      if (showCommonPasswordRefusal(error, setError, 'password')) return;
      toast({ variant: 'destructive', title: t('reset.toast.failed'), description: t('reset.toast.failedText') });
    }
  };

  return (
    <AuthLayout>
      <StyledForm onSubmit={handleSubmit(submit)} noValidate aria-labelledby="reset-heading">
        <StyledHeading id="reset-heading">{t('reset.heading')}</StyledHeading>
        <StyledMuted>{t('reset.intro')}</StyledMuted>
        <TextField label={t('reset.field.password')} type="password" autoComplete="new-password" error={fieldError('password')} {...register('password')} />
        <TextField label={t('auth.field.confirmPassword')} type="password" autoComplete="new-password" error={fieldError('confirmPassword')} {...register('confirmPassword')} />
        <Button type="submit" $variant="accent" $block disabled={isLoading}>
          {isLoading ? t('reset.pending') : t('reset.submit')}
        </Button>
      </StyledForm>
    </AuthLayout>
  );
}
