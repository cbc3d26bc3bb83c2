import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useEscapeKey } from '../hooks/use-escape-key';
import { SHELL_MOBILE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { CloseIcon, HomeIcon } from '../icons';
import { NoticePopupOverlay } from '../../features/notices/NoticePopupOverlay';
import { useMergeMarksAtLogin } from '../../features/marks/use-merge-marks';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The page frame: sidebar (a slide-in drawer under 820 px), top bar, content and footer. */
export function AppLayout() {
  const isMobile = useMediaQuery(SHELL_MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // A visitor's favourites and recent views move to the account at login, whichever page the login ends on.
  useMergeMarksAtLogin();

  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEscapeKey(closeDrawer, drawerOpen);

  return (
    <div className={isMobile ? 'shell shell--mobile' : 'shell'}>
      {isMobile ? (
        <>
          <div className={drawerOpen ? 'drawer-backdrop drawer-backdrop--open' : 'drawer-backdrop'}
            onClick={() => setDrawerOpen(false)} aria-hidden="true" />
          <aside className={drawerOpen ? 'drawer drawer--open' : 'drawer'} aria-hidden={!drawerOpen}
            inert={!drawerOpen} data-testid="mobile-drawer">
            <button type="button" className="icon-button drawer__close" aria-label={ko.topBar.closeMenu}
              onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </button>
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
          </aside>
        </>
      ) : (
        <aside className="shell__sidebar">
          <Sidebar />
        </aside>
      )}
      <div className="shell__main">
        <TopBar isMobile={isMobile} onOpenMenu={() => setDrawerOpen(true)} />
        <main className="content" id="content">
          <Suspense fallback={<p className="muted">{ko.common.loading}</p>}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <NoticePopupOverlay />
      {isMobile && (
        <Link to="/" className="floating-home" aria-label={ko.home.floatingHome} onClick={() => window.scrollTo(0, 0)}>
          <HomeIcon />
        </Link>
      )}
    </div>
  );
}
