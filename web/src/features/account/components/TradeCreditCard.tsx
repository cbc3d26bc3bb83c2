import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { sellerTrustColour } from '../../../lib/colour-bands';
import { Tone } from '../../../ui/stats';
import { tradeApi } from '../../trade/api/trade-api';
import { accountKeys } from '../account-api';

const t = ko.account.tradeCard;

/** The member's trade credit (GET /api/trade/profile/me); shown only when the trade profile answers. */
export function TradeCreditCard() {
  const profile = useQuery({ queryKey: accountKeys.tradeProfile(), queryFn: tradeApi.profileMe, retry: false });
  if (!profile.data) return null;
  const { credit, rate, completed, total, isBanned, isTrusted } = profile.data;
  return (
    <section className="mypage-card" data-testid="trade-credit-card">
      <h2>
        {t.title}
        {isTrusted && <span className="account-badge account-badge--ok">{t.trusted}</span>}
        {isBanned && <span className="account-badge account-badge--warn">{t.banned}</span>}
      </h2>
      <dl className="mypage-facts">
        <dt>{t.credit}</dt>
        <dd>{credit}</dd>
        <dt>{t.rate}</dt>
        <dd><Tone colour={sellerTrustColour(rate)}>{t.percent(rate)}</Tone></dd>
        <dt>{t.deals}</dt>
        <dd>{t.dealsValue(completed, total)}</dd>
      </dl>
      <Link to="/trade/history/me">{t.history}</Link>
    </section>
  );
}
