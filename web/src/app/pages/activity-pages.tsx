import { NotificationsScreen } from '../../features/activity';

// Activity (/notifications) composed from the activity feature. Loaded as its own chunk.
export function NotificationsPage() {
  return <NotificationsScreen />;
}
