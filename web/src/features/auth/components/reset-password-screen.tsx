import { ComingSoon } from '../../../components';

export function ResetPasswordScreen() {
  return <ComingSoon title="Reset Password" line="Choose a new password." />;
}
