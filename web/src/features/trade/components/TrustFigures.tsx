import { tradeKo } from '../../../i18n/trade';
import { sellerTrustColour } from '../../../lib/colour-bands';
import '../trade.css';

const t = tradeKo.credibility;

/** A member's finished deals by how they ended (a trade profile's, or a seller's credibility). */
export interface TrustCounts {
  rate: number;
  completed: number;
  total: number;
  cancelledBySelf: number;
  cancelledByCounterpart: number;
  expired: number;
}

/**
 * The completion rate as a line and a bar filled to the same number, coloured by the trust bands
 * (docs/product/trade.md#trust-colour-bands), with the counts it comes from and the rule written beside it. Without
 * finished deals: "no record" in grey, bar empty.
 */
export function TrustFigures({ counts }: { counts: TrustCounts }) {
  const hasRecord = counts.total > 0;
  const colour = hasRecord ? sellerTrustColour(counts.rate) : 'grey';
  const percent = hasRecord ? counts.rate : 0;
  return (
    <div className="trade-trust" data-testid="trust-figures">
      <p className={`trade-cred__rate trade-colour--${colour}`} data-testid="seller-trust-rate" data-colour={colour}>
        {hasRecord ? t.rate(counts.rate) : t.noDeals}
      </p>
      <div className="trade-gauge" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
        aria-label={hasRecord ? t.rate(counts.rate) : t.noDeals} data-testid="trust-rate-bar">
        <div className={`trade-gauge__fill trade-bg--${colour}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="muted trade-cred__facts">
        <span>{t.counts(counts.completed, counts.total)}</span>
        {(counts.cancelledByCounterpart > 0 || counts.expired > 0) && <span>{t.others(counts.cancelledByCounterpart, counts.expired)}</span>}
      </p>
      <details className="trade-trust__rule">
        <summary>{t.ruleTitle}</summary>
        <p>{t.rule}</p>
      </details>
    </div>
  );
}
