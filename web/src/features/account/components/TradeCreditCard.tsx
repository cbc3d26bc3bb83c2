import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accountKo } from '../../../i18n/account';
import { tradeApi } from '../../trade/api/trade-api';
import { TrustFigures } from '../../trade/components/TrustFigures';
import { accountKeys } from '../account-api';

const t = accountKo.tradeCard;

/** The member's trade credit (GET /api/trade/profile/me); shown only when the trade profile answers. */
export function TradeCreditCard() {
  const profile = useQuery({ queryKey: accountKeys.tradeProfile(), queryFn: tradeApi.profileMe, retry: false });
  if (!profile.data) return null;
  const { credit, isBanned, isTrusted } = profile.data;
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
      </dl>
      <TrustFigures counts={profile.data} />
      <Link to="/trade/history/me">{t.history}</Link>
    </section>
  );
}
