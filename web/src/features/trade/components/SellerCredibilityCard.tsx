import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import type { TradePostSummary } from '../api/trade-types';
import { SellerName } from './SellerName';
import { TrustFigures } from './TrustFigures';

const t = tradeKo.credibility;

/**
 * Seller credibility (docs/product/trade.md#seller-credibility): the completion rate over finished deals, its bar
 * filled to the same number and coloured by the trust bands, the rule beside it; the score (+1 per completed deal, 10 =
 * full) as its own labelled gauge; the trusted and restricted badges.
 */
export function SellerCredibilityCard({ seller, linkToHistory = true }: { seller: TradePostSummary['sellerId']; linkToHistory?: boolean }) {
  const sellerId = seller._id;
  const query = useQuery({ queryKey: tradeKeys.credibility(sellerId), queryFn: () => tradeApi.sellerCredibility(sellerId) });
  const cred = query.data;
  return (
    <section className="trade-card trade-cred" aria-label={t.title} data-testid="seller-credibility">
      <div className="trade-cred__head">
        <h2>{t.title}</h2>
        <strong className="trade-cred__nick"><SellerName seller={seller} /></strong>
        {cred?.isTrusted && <span className="trade-badge trade-badge--trusted">{t.trusted}</span>}
        {cred?.isBanned && <span className="trade-badge trade-badge--restricted">{t.restricted}</span>}
      </div>
      {query.isError && <p className="muted">{t.loadFailed}</p>}
      {cred && (
        <>
          <TrustFigures counts={{ ...cred, completed: cred.completedCount, total: cred.totalCount }} />
          <p className="trade-cred__score" data-testid="seller-score">{t.scoreGauge(cred.score, cred.scorePercent)}</p>
          <div className="trade-gauge trade-gauge--score" role="meter" aria-valuemin={0} aria-valuemax={100}
            aria-valuenow={cred.scorePercent} aria-label={t.scoreGauge(cred.score, cred.scorePercent)}>
            <div className="trade-gauge__fill trade-bg--blue" style={{ width: `${cred.scorePercent}%` }} />
          </div>
          {cred.prevVerifiedCount > 0 && <p className="muted trade-cred__facts">{t.previous(cred.prevVerifiedCount)}</p>}
          {linkToHistory && !seller.isAdmin && <Link to={`/trade/history/${sellerId}`}>{t.history}</Link>}
        </>
      )}
    </section>
  );
}
