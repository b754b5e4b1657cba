import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, FullScreenSpinner, PageHeader, StyledCard, StyledPage } from '../../../components';
import { useGetMyProfileQuery } from '../api/profile-api';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileView, type ProfileCounts } from './profile-view';

const StyledActions = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledError = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.lg};
`;

// Matches and conversations have no API yet (a later issue); Likes Given is always 0 (spec §2).
const COUNTS: ProfileCounts = { matches: 0, likesGiven: 0, conversations: 0 };

/** My Profile (/profile): view and edit modes (spec §2, §4 Profile edit). */
export function ProfileScreen({ onSignOut, onProfileSaved }: { onSignOut: () => Promise<void>; onProfileSaved?: () => void }) {
  const navigate = useNavigate();
  const { data: profile, isLoading, isError, refetch } = useGetMyProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState(false);

  if (isLoading) return <FullScreenSpinner label="Loading your profile..." />;
  if (isError || !profile)
    return (
      <StyledPage $withNav>
        <PageHeader title="My Profile" />
        <StyledError role="alert">
          <p>Error loading profile. Please try refreshing the page.</p>
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        </StyledError>
      </StyledPage>
    );

  if (editing)
    return (
      <StyledPage $withNav>
        <PageHeader title="Edit Profile" />
        <ProfileEditForm
          key={profile.id}
          profile={profile}
          onDone={(saved) => {
            setEditing(false);
            window.scrollTo({ top: 0 });
            if (saved) {
              refetch();
              onProfileSaved?.();
            }
          }}
        />
      </StyledPage>
    );

  return (
    <StyledPage $withNav>
      <PageHeader
        title="My Profile"
        trailing={
          <Button $variant="outline" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        }
      />
      <ProfileView profile={profile} counts={COUNTS} />
      <StyledActions aria-label="Account">
        {profile.isAdmin && (
          <Button $variant="primary" $block onClick={() => navigate('/admin')}>
            Admin Dashboard
          </Button>
        )}
        <Button $variant="outline" $block onClick={() => navigate('/settings')}>
          Settings
        </Button>
        <Button $variant="outline" $block onClick={() => navigate('/privacy')}>
          Privacy
        </Button>
        <Button $variant="outline" $block onClick={() => navigate('/help')}>
          Help &amp; Support
        </Button>
        <Button
          $variant="ghost"
          $block
          onClick={async () => {
            await onSignOut();
            navigate('/', { replace: true });
          }}
        >
          Sign Out
        </Button>
      </StyledActions>
    </StyledPage>
  );
}
