import { useNavigate } from 'react-router-dom';
import { Button, EmptyState, PlaneIcon } from '../../components';
import { useT } from '../../i18n';
import { useCurrentUser } from '../../lib/current-user';
import { createProfilePath } from './create-profile-path';

// What the swipe screen (and `/`) and My Profile show a member whose profile is not complete (a new
// member who went Back from Create Profile, after paying or not): the deck has no cards for them
// and the view mode would be empty, so both lead to Create Profile instead. Its own chunk, loaded
// by either screen when it shows it (neither screen's first load carries it).

/** 'Create your profile', and a button to Create Profile (the module's default export: React.lazy's). */
export default function CreateProfilePrompt() {
  const t = useT();
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (
    <EmptyState
      card
      icon={<PlaneIcon size={44} />}
      title={t('profile.incomplete.title')}
      text={t('profile.incomplete.text')}
      actions={
        <Button $variant="accent" $block onClick={() => navigate(createProfilePath(user))}>
          {t('register.title')}
        </Button>
      }
    />
  );
}
