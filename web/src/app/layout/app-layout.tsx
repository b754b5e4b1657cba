import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Toaster } from '../../components';
import { useCurrentUser } from '../../lib/current-user';
import { InstallCard, UpdatePrompt } from '../../features/pwa';
import { BottomNav } from './bottom-nav';
import { isBottomNavVisible } from './nav-visibility';

export function AppLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // a new page opens at its top; going back keeps the browser's scroll restoration
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  const showNav = isBottomNavVisible(pathname, !!user);
  return (
    <>
      <Outlet />
      {showNav && <BottomNav />}
      <InstallCard aboveNav={showNav} />
      <UpdatePrompt />
      <Toaster />
    </>
  );
}

/** Whether the current page sits above the bottom navigation (for bottom padding). */
export function useHasBottomNav(): boolean {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  return isBottomNavVisible(pathname, !!user);
}
