import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Toaster } from '../../components';
import { focusHeadingIfLost } from '../../lib/focus-heading';
import { InstallCard, UpdatePrompt } from '../../features/pwa';
import { useGateSession } from '../guards/use-gate-session';
import { BottomNav } from './bottom-nav';
import { isBottomNavVisible } from './nav-visibility';

export function AppLayout() {
  // the navigation shows with the signed-in screens (a member's arrival renders in the background)
  const { user } = useGateSession();
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  // a new page opens at its top; going back keeps the browser's scroll restoration
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  // the focus lost with the last screen goes to the new one's heading (not on the first screen: the page's own load)
  const arrived = useRef(false);
  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    return focusHeadingIfLost(document.getElementById('root') ?? document.body);
  }, [pathname, search]);
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
