import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useNavBadgeStore } from '../../../stores/nav-badges';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import { Amount } from '../components/Amount';
import { PostStatusBadge } from '../components/PostStatusBadge';
import { SellerName } from '../components/SellerName';
import { useTradePollInterval } from '../live/live-status';
import { watchPosts } from '../live/trade-socket';
import { TRADE } from '../lib/trade-constants';
import { timeAgo } from '../lib/time-ago';
import { readLastChat } from '../lib/trade-storage';
import { TradeStandingNotice } from '../standing/TradeStandingNotice';
import '../trade.css';

const t = tradeKo.list;

/** /trade/user (mine=1: own posts): tabs, alert and resume banners, the guide and the list; page 1 polled every 5 s. */
export default function TradeListPage() {
  const [params, setParams] = useSearchParams();
  const mine = params.get('mine') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const signedIn = useSessionStore((state) => state.token !== null);
  // Applications on the member's own posts the seller has not opened (not the sidebar's count, which also holds
  // the member's own open deals as a buyer).
  const newApplications = useNavBadgeStore((state) => state.newApplications);
  const userId = useSessionStore((state) => state.user?.userId);
  const lastChat = readLastChat(userId);
  useDocumentTitle(t.title);

  // Live: posts written, applied on or completed anywhere refresh the list; down: page 1 polls every 5 s.
  useEffect(() => watchPosts(), []);
  const poll = useTradePollInterval(TRADE.listPollMs, page === 1);
  const query = useQuery({
    queryKey: tradeKeys.posts(mine, page),
    queryFn: () => tradeApi.listPosts({ page, mine }),
    enabled: !mine || signedIn,
    refetchInterval: poll,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const goToPage = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set('page', String(next));
    setParams(copy);
  };
  const data = query.data;

  return (
    <section className="trade-page">
      <div className="trade-page__head">
        <h1>{t.title}</h1>
        <Link className="button button--primary" to="/trade/user/new">{t.write}</Link>
      </div>
      <TradeStandingNotice />
      <nav className="trade-tabs" aria-label={t.title}>
        <Link to="/trade/user" aria-current={!mine ? 'page' : undefined}>{t.tabAll}</Link>
        <Link to="/trade/user?mine=1" aria-current={mine ? 'page' : undefined}>{t.tabMine}</Link>
      </nav>
      {signedIn && newApplications > 0 && (
        <p className="trade-banner" data-testid="new-applications-banner">
          {t.newApplications(newApplications)} <Link to="/trade/user?mine=1">{t.goMine}</Link>
        </p>
      )}
      {lastChat && (
        <p className="trade-banner trade-banner--muted">
          <Link to={`/trade/chat/${lastChat.postId}/${lastChat.dealId}`}>{t.resumeChat(lastChat.title)}</Link>
        </p>
      )}
      <details className="trade-guide">
        <summary>{t.guideTitle}</summary>
        <ol>{t.guideSteps.map((step) => <li key={step}>{step}</li>)}</ol>
      </details>

      {mine && !signedIn && (
        <p className="trade-banner">{t.mineNeedsLogin} <Link to={`/login?next=${encodeURIComponent('/trade/user?mine=1')}`}>{tradeKo.common.goLogin}</Link></p>
      )}
      {query.isPending && (!mine || signedIn) && <p className="muted">{tradeKo.common.loading}</p>}
      {query.isError && <p className="trade-error">{t.loadFailed}</p>}
      {data && data.items.length === 0 && <p className="muted">{mine ? t.emptyMine : t.empty}</p>}
      {data && data.items.length > 0 && (
        <ul className="trade-list" data-testid="trade-list">
          {data.items.map((post) => (
            <li key={post._id} className="trade-list__item" data-testid="trade-list-item">
              <PostStatusBadge status={post.statusCode} />
              <Link className="trade-list__title" to={`/trade/user/${post._id}`}>{post.title}</Link>
              <Amount value={post.price} />
              <span className="trade-list__meta muted">
                <SellerName seller={post.sellerId} />
                <span>{tradeKo.common.applications(post.dealCount)}</span>
                <span>{tradeKo.common.views(post.views)}</span>
                <span>{timeAgo(post.createdAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {data && (page > 1 || data.hasMore) && (
        <div className="trade-pager">
          <button type="button" className="button" disabled={page <= 1} onClick={() => goToPage(page - 1)}>{tradeKo.common.prev}</button>
          <span className="muted">{t.page(page)}</span>
          <button type="button" className="button" disabled={!data.hasMore} onClick={() => goToPage(page + 1)}>{tradeKo.common.next}</button>
        </div>
      )}
    </section>
  );
}
