export { AdminDashboard } from './components/admin-dashboard';
export type { PendingVerification } from './types';
