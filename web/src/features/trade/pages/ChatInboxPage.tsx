import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useNavBadgeStore } from '../../../stores/nav-badges';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import { AlertSettingsCard } from '../alerts/AlertSettingsCard';
import { Amount } from '../components/Amount';
import { LiveStatusLine } from '../components/LiveStatusLine';
import { acceptCounts } from '../live/counts-order';
import { useTradePollInterval } from '../live/live-status';
import { TRADE } from '../lib/trade-constants';
import { timeAgo } from '../lib/time-ago';
import { TradeStandingNotice } from '../standing/TradeStandingNotice';
import '../trade.css';

const t = tradeKo.inbox;

/**
 * /trade/chats: the member's deal chats with unread counts (the sidebar badge shows their total); refreshed when
 * the live push reports new unread messages or deal changes, polled every 5 s while it is down.
 */
export default function ChatInboxPage() {
  const signedIn = useSessionStore((state) => state.token !== null);
  const setUnreadChats = useNavBadgeStore((state) => state.setUnreadChats);
  const poll = useTradePollInterval(TRADE.listPollMs);
  useDocumentTitle(t.title);
  const query = useQuery({
    queryKey: tradeKeys.inbox(),
    queryFn: tradeApi.inbox,
    enabled: signedIn,
    refetchInterval: poll,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  const data = query.data;
  useEffect(() => {
    if (data && acceptCounts('unread', data.asOf)) setUnreadChats(data.unreadTotal);
  }, [data, setUnreadChats]);

  if (!signedIn) {
    return (
      <section className="trade-page">
        <h1>{t.title}</h1>
        <p className="trade-banner">{tradeKo.common.loginRequired} <Link to={`/login?next=${encodeURIComponent('/trade/chats')}`}>{tradeKo.common.goLogin}</Link></p>
      </section>
    );
  }
  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <TradeStandingNotice />
      <LiveStatusLine pollMs={TRADE.listPollMs} />
      {query.isPending && <p className="muted">{tradeKo.common.loading}</p>}
      {query.isError && <p className="trade-error">{t.loadFailed}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="trade-inbox" data-testid="chat-inbox">
        {query.data?.items.map((item) => {
          const role = item.counterpartRole === 'buyer' ? tradeKo.chat.roleBuyer : tradeKo.chat.roleSeller;
          return (
            <li key={item.dealId}>
              <Link className="trade-card trade-inbox__item" to={`/trade/chat/${item.postId}/${item.dealId}`} data-testid="chat-inbox-item">
                <span className="trade-inbox__top">
                  <strong>{item.postTitle}</strong>
                  {item.unreadCount > 0 && (
                    <span className="nav-badge" aria-label={t.unread(item.unreadCount)}>{item.unreadCount}</span>
                  )}
                </span>
                <span className="muted">{t.counterpart(role, item.counterpartNick)} · {tradeKo.dealStatus[item.dealStatus]}</span>
                <Amount value={item.price} />
                <span className="trade-inbox__last muted">
                  {item.lastMessageText ?? t.noMessages} {item.lastMessageAt && `· ${timeAgo(item.lastMessageAt)}`}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <AlertSettingsCard />
    </section>
  );
}
