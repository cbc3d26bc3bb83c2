import { Link } from 'react-router-dom';
import { TopBarAlerts } from '../../features/trade/alerts/TopBarAlerts';
import { ko } from '../../i18n/ko';
import { useSessionStore } from '../../stores/session';
import { HomeIcon, MenuIcon } from '../icons';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  isMobile: boolean;
  onOpenMenu(): void;
}

/** Home icon and menu button on phones; the trade badges, login/signup or the user menu; the theme switch. */
export function TopBar({ isMobile, onOpenMenu }: TopBarProps) {
  const signedIn = useSessionStore((state) => state.token !== null);
  return (
    <header className="top-bar">
      {isMobile && (
        <div className="top-bar__start">
          <button type="button" className="icon-button" aria-label={ko.topBar.openMenu} onClick={onOpenMenu}>
            <MenuIcon />
          </button>
          <Link to="/" className="icon-button" aria-label={ko.topBar.home}>
            <HomeIcon />
          </Link>
        </div>
      )}
      <div className="top-bar__end">
        {signedIn && <TopBarAlerts />}
        <ThemeSwitch />
        {signedIn ? (
          <UserMenu />
        ) : (
          <>
            <Link to="/login" className="button button--ghost">{ko.topBar.login}</Link>
            <Link to="/signup" className="button button--primary">{ko.topBar.signup}</Link>
          </>
        )}
      </div>
    </header>
  );
}
