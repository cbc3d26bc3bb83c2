import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useEscapeKey } from '../hooks/use-escape-key';
import { SHELL_MOBILE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { useMergeMarksAtLogin } from '../../features/marks/use-merge-marks';
import { RouteLoading } from './RouteLoading';
import { ShellFrame } from './ShellFrame';

/** The page frame with the page of the address in it; the drawer closes when the address changes. */
export function AppLayout() {
  const isMobile = useMediaQuery(SHELL_MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // A visitor's favourites and recent views move to the account at login, whichever page the login ends on.
  useMergeMarksAtLogin();

  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEscapeKey(closeDrawer, drawerOpen);

  return (
    <ShellFrame isMobile={isMobile} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} onCloseDrawer={closeDrawer}>
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
      </Suspense>
    </ShellFrame>
  );
}
