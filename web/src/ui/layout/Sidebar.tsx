import { Link, useLocation } from 'react-router-dom';
import { useTradeAlerts } from '../../features/trade/alerts/use-trade-alerts';
import { TRADE } from '../../features/trade/lib/trade-constants';
import { ko } from '../../i18n/ko';
import { tradeAlertsKo } from '../../i18n/trade-alerts';
import { useNavBadgeStore } from '../../stores/nav-badges';
import { selectIsAdmin, useSessionStore } from '../../stores/session';
import { NAV_SECTIONS, type NavLinkItem } from './nav-links';

/** True when `to` (path plus optional query) is the page being shown. */
function isCurrent(to: string, pathname: string, search: string): boolean {
  const [path, query] = to.split('?');
  if (path !== pathname) return false;
  const wanted = new URLSearchParams(query ?? '');
  const actual = new URLSearchParams(search);
  if ([...wanted.keys()].length === 0) return !actual.has('mine');
  return [...wanted.entries()].every(([key, value]) => actual.get(key) === value);
}

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="nav-badge" aria-label={label} data-testid="nav-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

function SidebarLink({ item, onNavigate }: { item: NavLinkItem; onNavigate?: () => void }) {
  const location = useLocation();
  const tradeAlerts = useNavBadgeStore((state) => state.tradeAlerts);
  const unreadChats = useNavBadgeStore((state) => state.unreadChats);
  const Icon = item.icon;
  if (item.disabled) {
    return (
      <span className="nav-link nav-link--disabled" aria-disabled="true">
        <Icon />
        <span className="nav-link__label">{item.label}</span>
        <span className="nav-soon">{ko.nav.comingSoon}</span>
      </span>
    );
  }
  const current = isCurrent(item.to, location.pathname, location.search);
  return (
    <Link to={item.to} className="nav-link" aria-current={current ? 'page' : undefined} onClick={onNavigate}>
      <Icon />
      <span className="nav-link__label">{item.label}</span>
      {item.isNew && <span className="nav-new">{ko.nav.newFlag}</span>}
      {item.badge === 'tradeAlerts' && <Badge count={tradeAlerts} label={tradeAlertsKo.tradeBadge(tradeAlerts)} />}
      {item.badge === 'unreadChats' && <Badge count={unreadChats} label={tradeAlertsKo.chatBadge(unreadChats)} />}
    </Link>
  );
}

/** The site navigation; admin links appear only for role admin. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const isAdmin = useSessionStore(selectIsAdmin);
  // The trade and chat badges: the alert summary, polled every 5000 ms from the sidebar
  // (docs/product/trade.md#trade-alert-badge).
  useTradeAlerts(TRADE.alertPollMs);
  return (
    <nav className="sidebar" aria-label={ko.nav.mainNavigation}>
      <Link to="/" className="sidebar__brand" onClick={onNavigate}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{ko.site.name}</span>
      </Link>
      {NAV_SECTIONS.filter((section) => !section.adminOnly || isAdmin).map((section) => (
        <div className="sidebar__section" key={section.title}>
          <h2 className="sidebar__title">{section.title}</h2>
          <ul>
            {section.links.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
