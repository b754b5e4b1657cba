export { ProfileScreen } from './components/profile-screen';
export { profileApi } from './api/profile-api';
