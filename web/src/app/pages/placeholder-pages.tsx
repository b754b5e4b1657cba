import { Navigate } from 'react-router-dom';
import { ComingSoon, FullScreenSpinner } from '../../components';
import { isAirlineType, useAuth } from '../../features/auth';
import { useT } from '../../i18n';

// Screens that later issues build: the screen's title and one line, inside the real routing.

/** /subscribe is open but has its own redirects (spec §2). */
export function SubscribePage() {
  const t = useT();
  const { user, status } = useAuth();
  if (!user) return status === 'loading' ? <FullScreenSpinner /> : <Navigate to="/auth" replace />;
  if (user.userType !== 'general' || user.subscriptionStatus === 'active' || isAirlineType(user.userType)) return <Navigate to="/swipe" replace />;
  return <ComingSoon title={t('placeholder.subscribe.title')} line={t('placeholder.subscribe.line')} />;
}
