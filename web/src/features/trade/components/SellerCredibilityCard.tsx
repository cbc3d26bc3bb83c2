import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { sellerTrustColour } from '../../../lib/colour-bands';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import type { TradePostSummary } from '../api/trade-types';
import { SellerName } from './SellerName';

const t = ko.trade.credibility;

/**
 * Seller credibility (§4): completion rate coloured by the trust bands (95% pulsing amber, 80% yellow, 60% blue,
 * else grey), the score gauge (+1 per completed deal, 10 = 100%), and the trusted and restricted badges.
 */
export function SellerCredibilityCard({ seller }: { seller: TradePostSummary['sellerId'] }) {
  const sellerId = seller._id;
  const query = useQuery({ queryKey: tradeKeys.credibility(sellerId), queryFn: () => tradeApi.sellerCredibility(sellerId) });
  const cred = query.data;
  const colour = cred && cred.totalCount > 0 ? sellerTrustColour(cred.rate) : 'grey';
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
          <p className={`trade-cred__rate trade-colour--${colour}`} data-testid="seller-trust-rate" data-colour={colour}>
            {cred.totalCount > 0 ? t.rate(cred.rate) : t.noDeals}
          </p>
          <div className="trade-gauge" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={cred.scorePercent}
            aria-label={t.gauge(cred.scorePercent)}>
            <div className={`trade-gauge__fill trade-bg--${colour}`} style={{ width: `${cred.scorePercent}%` }} />
          </div>
          <p className="muted trade-cred__facts">
            <span data-testid="seller-score">{t.score(cred.score)}</span>
            <span>{t.counts(cred.completedCount, cred.totalCount)}</span>
            {cred.prevVerifiedCount > 0 && <span>{t.previous(cred.prevVerifiedCount)}</span>}
          </p>
          {!seller.isAdmin && <Link to={`/trade/history/${sellerId}`}>{t.history}</Link>}
        </>
      )}
    </section>
  );
}
