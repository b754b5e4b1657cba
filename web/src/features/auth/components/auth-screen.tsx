import { ComingSoon } from '../../../components';

export function AuthScreen() {
  return <ComingSoon title="Sign In" line="Where Aviation Meets Romance" />;
}
