import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Toaster } from '../../components';
import { InstallCard, UpdatePrompt } from '../../features/pwa';
import { useGateSession } from '../guards/use-gate-session';
import { BottomNav } from './bottom-nav';
import { isBottomNavVisible } from './nav-visibility';

export function AppLayout() {
  // the navigation shows with the signed-in screens (a member's arrival renders in the background)
  const { user } = useGateSession();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // a new page opens at its top; going back keeps the browser's scroll restoration
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  const showNav = isBottomNavVisible(pathname, user);
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
