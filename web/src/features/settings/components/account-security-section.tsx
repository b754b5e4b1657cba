import { useForm } from 'react-hook-form';
import { FORM_MODE, showCommonPasswordRefusal } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Button, TextField, toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { useFieldError } from '../../../lib/use-field-error';
import { useChangePasswordMutation, useLogoutOthersMutation } from '../api/settings-api';
import { changePasswordSchema, type ChangePasswordValues } from '../lib/change-password';
import { StyledSectionCard as StyledSection } from '../../../components';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Settings' Account Management, signed-in security: change the password (the current one
 * required; every other session ends) and sign out of all other devices.
 */
export function AccountSecuritySection() {
  const t = useT();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, reset, setError } = useForm<ChangePasswordValues>({ mode: FORM_MODE, resolver: valibotResolver(changePasswordSchema), defaultValues: EMPTY });
  const fieldError = useFieldError(formState.errors);
  const [changePassword, { isLoading: changing }] = useChangePasswordMutation();
  const [logoutOthers, { isLoading: signingOut }] = useLogoutOthersMutation();

  const submit = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      reset(EMPTY);
      toast({ title: t('settings.security.changed'), description: t('settings.security.changedText') });
    } catch (error) {
      if (showCommonPasswordRefusal(error, setError, 'newPassword')) return;
      toast({ variant: 'destructive', title: t('settings.security.changeFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  const signOutOthers = async () => {
    try {
      await logoutOthers().unwrap();
      toast({ title: t('settings.security.signedOutOthers') });
    } catch (error) {
      toast({ variant: 'destructive', title: t('settings.security.signOutFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  return (
    <StyledSection aria-labelledby="settings-security">
      <h2 id="settings-security">{t('settings.security.title')}</h2>
      <form noValidate onSubmit={handleSubmit(submit)} aria-label={t('settings.security.changePassword')}>
        <TextField label={t('settings.security.currentPassword')} type="password" autoComplete="current-password" error={fieldError('currentPassword')} {...register('currentPassword')} />
        <TextField label={t('settings.security.newPassword')} type="password" autoComplete="new-password" error={fieldError('newPassword')} {...register('newPassword')} />
        <TextField label={t('settings.security.confirmPassword')} type="password" autoComplete="new-password" error={fieldError('confirmPassword')} {...register('confirmPassword')} />
        <Button type="submit" $variant="outline" $block disabled={changing}>
          {t('settings.security.changePassword')}
        </Button>
      </form>
      <p className="hint">{t('settings.security.othersHint')}</p>
      <Button type="button" $variant="outline" $block disabled={signingOut} onClick={signOutOthers}>
        {t('settings.security.signOutOthers')}
      </Button>
    </StyledSection>
  );
}
