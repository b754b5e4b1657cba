import { Outlet, useLocation } from 'react-router-dom';
import { ToastViewport } from '../../components';
import { useAuth } from '../../features/auth';
import { InstallCard } from '../../features/pwa';
import { BottomNav } from './bottom-nav';
import { isBottomNavVisible } from './nav-visibility';

export function AppLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const showNav = isBottomNavVisible(pathname, !!user);
  return (
    <>
      <Outlet />
      {showNav && <BottomNav />}
      <InstallCard aboveNav={showNav} />
      <ToastViewport />
    </>
  );
}

/** Whether the current page sits above the bottom navigation (for bottom padding). */
export function useHasBottomNav(): boolean {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return isBottomNavVisible(pathname, !!user);
}
