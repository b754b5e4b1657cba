import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, FullScreenSpinner, PageHeader, Spinner, StyledCard, StyledPage } from '../../../components';
import { useT } from '../../../i18n';
import { CURRENT_USER_FRESH_SECONDS, showsVerificationStatus, useGetCurrentUserQuery } from '../../../lib/current-user';
import { useGetVerificationStatusQuery } from '../../../lib/shared-api';
import { whenIdle } from '../../../lib/when-idle';
import { ProfileView, type ProfileCounts } from './profile-view';
import { hasProfileDraft } from '../lib/has-profile-draft';
import { theme } from '../../../theme';

const StyledActions = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const StyledError = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${theme.space.lg};
`;

// The edit form (fields, photo picker, airport search) is its own chunk: fetched once the profile
// shows and the browser is idle, so that a tap on Edit Profile rarely waits for it.
const loadEditForm = () => import('./profile-edit-form');
const ProfileEditForm = lazy(() => loadEditForm().then((m) => ({ default: m.ProfileEditForm })));

/**
 * My Profile (/profile): view and edit modes (spec §2, §4 Profile edit). It shows the current user,
 * asked from the server again on a visit when it is older than CURRENT_USER_FRESH_SECONDS (not right
 * after the session check); a save's reply becomes the current user. A member whose profile is not
 * complete sees `createProfilePrompt` instead of the (empty) view mode, and no Edit Profile. An
 * airline member not verified yet sees the page once their verification status (and its card) is there too.
 */
export function ProfileScreen({ counts, onSignOut, createProfilePrompt }: { counts: ProfileCounts; onSignOut: () => Promise<void>; createProfilePrompt: ReactNode }) {
  const navigate = useNavigate();
  const t = useT();
  // what the page shows of the entries, not their fetching flags: a refetch (this visit's, the
  // connection's resync) that brings the same user and status renders nothing
  const { data: profile, isLoading } = useGetCurrentUserQuery(undefined, {
    refetchOnMountOrArgChange: CURRENT_USER_FRESH_SECONDS,
    selectFromResult: ({ data, isLoading }) => ({ data, isLoading }),
  });
  // another screen may open the edit form directly (the empty deck's 'Widen Distance'); changes
  // the member left unsaved (another page, a reload) open it again, with them
  const location = useLocation();
  const [editing, setEditing] = useState(() => (location.state as { edit?: boolean } | null)?.edit === true || (!!profile && hasProfileDraft(profile.id)));
  useEffect(() => whenIdle(() => void loadEditForm().catch(() => undefined)), []);
  // an airline member's verification card sits above the stats: its status is part of the page's
  // data, so that the page shows with the card in place instead of the card pushing the stats down
  // once it arrives (app/start-early.ts sends the call with the page's)
  const withVerification = !!profile?.profileCompleted && showsVerificationStatus(profile);
  const verification = useGetVerificationStatusQuery(undefined, { skip: !withVerification, refetchOnMountOrArgChange: true, selectFromResult: ({ data, isLoading }) => ({ data, isLoading }) });

  if (isLoading || (withVerification && verification.isLoading)) return <FullScreenSpinner label={t('profile.loading')} />;
  // a refetch that failed keeps the profile it had: the page (and an edit under way) stays
  if (!profile)
    return (
      <StyledPage $withNav>
        <PageHeader title={t('profile.title')} />
        <StyledError role="alert">
          <p>{t('profile.loadError')}</p>
          <Button onClick={() => window.location.reload()}>{t('profile.refresh')}</Button>
        </StyledError>
      </StyledPage>
    );

  const complete = profile.profileCompleted;
  if (editing && complete)
    return (
      <StyledPage $withNav>
        <PageHeader title={t('profile.edit')} />
        <Suspense fallback={<Spinner />}>
          <ProfileEditForm
            key={profile.id}
            profile={profile}
            onDone={() => {
              setEditing(false);
              window.scrollTo({ top: 0 });
            }}
          />
        </Suspense>
      </StyledPage>
    );

  return (
    <StyledPage $withNav>
      <PageHeader
        title={t('profile.title')}
        trailing={
          complete && (
            <Button $variant="outline" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
          )
        }
      />
      {complete ? <ProfileView profile={profile} counts={counts} verification={verification.data?.status} /> : createProfilePrompt}
      <StyledActions aria-label={t('profile.account')}>
        {profile.isAdmin && (
          <Button $variant="primary" $block onClick={() => navigate('/admin')}>
            {t('profile.adminLink')}
          </Button>
        )}
        <Button $variant="outline" $block onClick={() => navigate('/settings')}>
          {t('settings.title')}
        </Button>
        <Button $variant="outline" $block onClick={() => navigate('/privacy')}>
          {t('profile.privacy')}
        </Button>
        <Button $variant="outline" $block onClick={() => navigate('/help')}>
          {t('profile.helpLink')}
        </Button>
        <Button
          $variant="ghost"
          $block
          onClick={async () => {
            await onSignOut();
            navigate('/', { replace: true });
          }}
        >
          {t('profile.signOut')}
        </Button>
      </StyledActions>
    </StyledPage>
  );
}
