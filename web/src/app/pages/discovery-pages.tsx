import { useSelector } from 'react-redux';
import { isAirline } from '@aero/contracts/shared';
import { FullScreenSpinner } from '../../components';
import { useCurrentUser } from '../../lib/current-user';
import { SwipeScreen } from '../../features/discovery';
import type { LocalSettings } from '../../features/settings/model';
import { LazyReportDialog } from './report-dialog-slot';

// Discovery composed from its feature: the member (the current user) and the distance unit of the local
// settings go in as props. Loaded as its own chunk (gestures and springs included).

export function SwipePage() {
  const user = useCurrentUser();
  const distanceUnit = useSelector((s: { settings: LocalSettings }) => s.settings.preferences.distanceUnit);
  if (!user) return <FullScreenSpinner />;
  return <SwipeScreen key={user.id} userId={user.id} distanceUnit={distanceUnit} distancePreference={user.distancePreference ?? null} canAddLayover={isAirline(user.userType) && user.verified === true} ReportDialog={LazyReportDialog} />;
}
