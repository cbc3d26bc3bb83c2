import { Link } from 'react-router-dom';
import { tradeAlertsKo } from '../../../i18n/trade-alerts';
import { useNavBadgeStore } from '../../../stores/nav-badges';
import { BellIcon, ChatIcon } from '../../../ui/icons';

const t = tradeAlertsKo;

function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return <span className="nav-badge top-alert__badge" data-testid={testId}>{count > 99 ? '99+' : count}</span>;
}

/**
 * The trade badges on the top bar, where a phone user sees them without opening the menu: unacknowledged trade
 * alerts (to the trade list, whose banner leads to new applications) and unread chat messages (to the inbox).
 */
export function TopBarAlerts() {
  const tradeAlerts = useNavBadgeStore((state) => state.tradeAlerts);
  const unreadChats = useNavBadgeStore((state) => state.unreadChats);
  return (
    <>
      <Link to="/trade/user" className="icon-button top-alert" aria-label={t.tradeBadge(tradeAlerts)} data-testid="top-trade-alerts">
        <BellIcon />
        <CountBadge count={tradeAlerts} testId="top-trade-alerts-count" />
      </Link>
      <Link to="/trade/chats" className="icon-button top-alert" aria-label={t.chatBadge(unreadChats)} data-testid="top-unread-chats">
        <ChatIcon />
        <CountBadge count={unreadChats} testId="top-unread-chats-count" />
      </Link>
    </>
  );
}
