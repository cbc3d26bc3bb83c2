import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import type { Deal } from '../api/trade-types';
import { useTradePollInterval } from '../live/live-status';
import { TRADE } from '../lib/trade-constants';
import { timeAgo } from '../lib/time-ago';
import { Amount } from './Amount';
import { DealActions } from './DealActions';
import { LiveStatusLine } from './LiveStatusLine';

const t = tradeKo.applicants;

function Applicant({ postId, deal, readOnly }: { postId: string; deal: Deal; readOnly: boolean }) {
  const open = deal.status === 'IN_PROGRESS';
  return (
    <li className={open ? 'trade-applicant' : 'trade-applicant trade-applicant--ended'} data-testid="applicant" data-status={deal.status}>
      <div className="trade-applicant__who">
        <strong>{deal.buyerId.nickname}</strong>
        {/* New: an open application the seller has not opened yet. An ended one is no news. */}
        {open && !deal.sellerAcked && <span className="trade-badge trade-badge--new">{t.newTag}</span>}
        {!open && <span className="trade-badge">{tradeKo.dealStatus[deal.status]}</span>}
        {deal.unreadCount > 0 && <span className="trade-badge trade-badge--unread">{t.unread(deal.unreadCount)}</span>}
        <span className="muted">{timeAgo(deal.createdAt)}</span>
      </div>
      <Amount value={deal.price} />
      {deal.note && <p className="trade-applicant__note">{deal.note}</p>}
      <div className="trade-applicant__actions">
        <Link className="button" to={`/trade/chat/${postId}/${deal._id}`}>{t.chat}</Link>
        <DealActions postId={postId} dealId={deal._id} role="seller" deal={deal} completeLabel={t.complete} readOnly={readOnly} />
      </div>
    </li>
  );
}

/**
 * The seller's applicants (docs/product/trade.md#applicant-list), polled every 5 s while the live push is down: open
 * applications first, each with chat, complete and reject (or cancel once under way); ended ones folded below with how
 * they ended.
 */
export function ApplicantList({ postId, readOnly = false }: { postId: string; readOnly?: boolean }) {
  const refetchInterval = useTradePollInterval(TRADE.applicantPollMs);
  const query = useQuery({
    queryKey: tradeKeys.deals(postId),
    queryFn: () => tradeApi.deals(postId),
    refetchInterval,
    staleTime: 0,
  });
  const deals = query.data?.deals ?? [];
  const open = deals.filter((deal) => deal.status === 'IN_PROGRESS' || deal.status === 'COMPLETED');
  const ended = deals.filter((deal) => deal.status !== 'IN_PROGRESS' && deal.status !== 'COMPLETED');
  return (
    <section className="trade-card" aria-label={t.title} data-testid="applicant-list">
      <h2>{t.title}</h2>
      <LiveStatusLine pollMs={TRADE.applicantPollMs} />
      {query.isError && <p className="trade-error">{t.loadFailed}</p>}
      {query.data && deals.length === 0 && <p className="muted">{t.empty}</p>}
      {query.data && deals.length > 0 && open.length === 0 && <p className="muted">{t.noneOpen}</p>}
      <ul className="trade-applicants">
        {open.map((deal) => <Applicant key={deal._id} postId={postId} deal={deal} readOnly={readOnly} />)}
      </ul>
      {ended.length > 0 && (
        <details className="trade-applicants__ended">
          <summary>{t.ended(ended.length)}</summary>
          <ul className="trade-applicants">
            {ended.map((deal) => <Applicant key={deal._id} postId={postId} deal={deal} readOnly={readOnly} />)}
          </ul>
        </details>
      )}
    </section>
  );
}
