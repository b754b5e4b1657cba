import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { isAirline } from '@aero/contracts/shared';
import { FullScreenSpinner, PageHeader, StyledPage } from '../../components';
import { useT } from '../../i18n';
import { hasCompleteProfile, showsVerificationStatus, useCurrentUser } from '../../lib/current-user';
import { type LayoverAccess, SwipeScreen } from '../../features/discovery';
import type { LocalSettings } from '../../features/settings/model';
import { LazyReportDialog } from './report-dialog-slot';

// Discovery composed from its feature: the member (the current user) and the distance unit of the local
// settings go in as props. Loaded as its own chunk (gestures and springs included).

// for a member whose profile is not complete, in a chunk of its own (shared with My Profile, which
// shows it too): the deck's first screen does not carry it
const CreateProfilePrompt = lazy(() => import('./create-profile-prompt'));

/** layovers are for verified crew; an airline member whose employment is not verified yet is told what opens them */
const layoverAccess = (user: Parameters<typeof showsVerificationStatus>[0]): LayoverAccess => (showsVerificationStatus(user) ? 'locked' : isAirline(user.userType) ? 'open' : 'none');

export function SwipePage() {
  const t = useT();
  const user = useCurrentUser();
  const distanceUnit = useSelector((s: { settings: LocalSettings }) => s.settings.preferences.distanceUnit);
  if (!user) return <FullScreenSpinner />;
  // no deck without a profile (the server has no cards for them): the way to create it instead
  if (!hasCompleteProfile(user))
    return (
      <StyledPage $withNav>
        <PageHeader title={t('discovery.title')} />
        <Suspense fallback={null}>
          <CreateProfilePrompt />
        </Suspense>
      </StyledPage>
    );
  return (
    <SwipeScreen
      key={user.id}
      userId={user.id}
      distanceUnit={distanceUnit}
      distancePreference={user.distancePreference ?? null}
      layoverAccess={layoverAccess(user)}
      ReportDialog={LazyReportDialog}
    />
  );
}
