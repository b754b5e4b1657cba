// The Activity screen (loaded as its own chunk); the navigation's badge comes from './badge'.
export { NotificationsScreen } from './components/notifications-screen';
