import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { CloseIcon, HomeIcon } from '../icons';
import { NoticePopupOverlay } from '../../features/notices/NoticePopupOverlay';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

interface ShellFrameProps {
  isMobile: boolean;
  drawerOpen: boolean;
  onOpenDrawer(): void;
  onCloseDrawer(): void;
  children: ReactNode;
}

/**
 * The page frame around `children`: sidebar (a slide-in drawer under 820 px), top bar, content and footer. Drawn by
 * AppLayout in the browser, and at build time into index.html (web/src/shell-prerender.tsx), so a phone paints the
 * frame before the app's code arrives.
 */
export function ShellFrame({ isMobile, drawerOpen, onOpenDrawer, onCloseDrawer, children }: ShellFrameProps) {
  return (
    <div className={isMobile ? 'shell shell--mobile' : 'shell'}>
      {isMobile ? (
        <>
          <div className={drawerOpen ? 'drawer-backdrop drawer-backdrop--open' : 'drawer-backdrop'}
            onClick={onCloseDrawer} aria-hidden="true" />
          <aside className={drawerOpen ? 'drawer drawer--open' : 'drawer'} aria-hidden={!drawerOpen}
            inert={!drawerOpen} data-testid="mobile-drawer">
            <button type="button" className="icon-button drawer__close" aria-label={ko.topBar.closeMenu}
              onClick={onCloseDrawer}>
              <CloseIcon />
            </button>
            <Sidebar onNavigate={onCloseDrawer} />
          </aside>
        </>
      ) : (
        <aside className="shell__sidebar">
          <Sidebar />
        </aside>
      )}
      <div className="shell__main">
        <TopBar isMobile={isMobile} onOpenMenu={onOpenDrawer} />
        <main className="content" id="content">
          {children}
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
