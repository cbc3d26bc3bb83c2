import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import { Amount } from '../components/Amount';
import { SellerCredibilityCard } from '../components/SellerCredibilityCard';
import { TrustFigures } from '../components/TrustFigures';
import { timeAgo } from '../lib/time-ago';
import '../trade.css';

const t = tradeKo.history;

/** /trade/history/me (every own deal) and /trade/history/{userId} (completed deals), newest first. */
export default function TradeHistoryPage() {
  const { userId = 'me' } = useParams();
  const own = userId === 'me';
  const signedIn = useSessionStore((state) => state.token !== null);
  const query = useInfiniteQuery({
    queryKey: tradeKeys.history(userId),
    queryFn: ({ pageParam }) => tradeApi.history(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !own || signedIn,
  });
  const first = query.data?.pages[0];
  const title = own ? t.titleMine : t.titleOf(first?.user.nickname ?? '');
  useDocumentTitle(title);

  if (own && !signedIn) {
    return (
      <section className="trade-page">
        <h1>{t.titleMine}</h1>
        <p className="trade-banner">{tradeKo.common.loginRequired} <Link to={`/login?next=${encodeURIComponent('/trade/history/me')}`}>{tradeKo.common.goLogin}</Link></p>
      </section>
    );
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="trade-page">
      <h1>{title}</h1>
      {query.isPending && <p className="muted">{tradeKo.common.loading}</p>}
      {query.isError && <p className="trade-error">{tradeFailureText(query.error, t.loadFailed)}</p>}
      {first && (
        <div className="trade-history__figures">
          {/* The seller's card, with the same figures as on their posts (the link here comes from it). */}
          <SellerCredibilityCard seller={{ _id: first.user._id, nickname: first.user.nickname, isAdmin: false }} linkToHistory={false} />
          <section className="trade-card" data-testid="trade-profile">
            <h2>{t.allRoles}</h2>
            <p className="trade-history__credit">
              {t.credit(first.profile.credit)}
              {first.profile.isTrusted && <span className="trade-badge trade-badge--trusted">{tradeKo.credibility.trusted}</span>}
              {first.profile.isBanned && <span className="trade-badge trade-badge--restricted">{tradeKo.credibility.restricted}</span>}
            </p>
            <TrustFigures counts={first.profile} />
          </section>
        </div>
      )}
      {first && items.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="trade-list">
        {items.map((item) => (
          <li key={item.dealId} className="trade-list__item">
            <span className="trade-badge">{item.role === 'seller' ? t.roleSeller : t.roleBuyer}</span>
            <Link className="trade-list__title" to={`/trade/user/${item.postId}`}>{item.postTitle}</Link>
            <Amount value={item.price} />
            <span className="trade-list__meta muted">
              <span>{t.counterpart(item.counterpartNick)}</span>
              <span>{tradeKo.dealStatus[item.status]}</span>
              {item.endReason && <span>{tradeKo.dealEnd.reason(item.endReason)}</span>}
              <span>{timeAgo(item.endedAt ?? item.createdAt)}</span>
            </span>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="button" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {tradeKo.common.loadMore}
        </button>
      )}
    </section>
  );
}
