import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import { useTradePollInterval } from '../live/live-status';
import { TRADE } from '../lib/trade-constants';
import { timeAgo } from '../lib/time-ago';
import { Amount } from './Amount';
import { DealCompletion } from './DealCompletion';
import { LiveStatusLine } from './LiveStatusLine';

const t = ko.trade.applicants;

/** The seller's applicants (§6), polled every 5 s while the live push is down, each with chat and complete. */
export function ApplicantList({ postId }: { postId: string }) {
  const refetchInterval = useTradePollInterval(TRADE.applicantPollMs);
  const query = useQuery({
    queryKey: tradeKeys.deals(postId),
    queryFn: () => tradeApi.deals(postId),
    refetchInterval,
    staleTime: 0,
  });
  return (
    <section className="trade-card" aria-label={t.title} data-testid="applicant-list">
      <h2>{t.title}</h2>
      <LiveStatusLine pollMs={TRADE.applicantPollMs} />
      {query.isError && <p className="trade-error">{t.loadFailed}</p>}
      {query.data && query.data.deals.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="trade-applicants">
        {query.data?.deals.map((deal) => (
          <li key={deal._id} className="trade-applicant" data-testid="applicant">
            <div className="trade-applicant__who">
              <strong>{deal.buyerId.nickname}</strong>
              {!deal.sellerAcked && <span className="trade-badge trade-badge--new">{t.newTag}</span>}
              {deal.unreadCount > 0 && <span className="trade-badge trade-badge--unread">{t.unread(deal.unreadCount)}</span>}
              <span className="muted">{timeAgo(deal.createdAt)}</span>
            </div>
            <Amount value={deal.price} />
            {deal.note && <p className="trade-applicant__note">{deal.note}</p>}
            <div className="trade-applicant__actions">
              <Link className="button" to={`/trade/chat/${postId}/${deal._id}`}>{t.chat}</Link>
              <DealCompletion postId={postId} dealId={deal._id} role="seller" status={deal.status} closed={deal.closed}
                confirmations={deal.confirmations} buttonLabel={t.complete} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
