export { ProfileScreen } from './components/profile-screen';
export { profileApi } from './api/profile-api';
export type { MyProfile } from './types';
