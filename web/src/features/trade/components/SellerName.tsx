import { tradeKo } from '../../../i18n/trade';
import type { TradePostSummary } from '../api/trade-types';

/**
 * A seller's nickname; the site administrator's is styled apart with an operator tag
 * (docs/product/trade.md#administrator-as-seller).
 */
export function SellerName({ seller }: { seller: TradePostSummary['sellerId'] }) {
  if (!seller.isAdmin) return <span>{seller.nickname}</span>;
  return (
    <span className="trade-admin-name">
      {seller.nickname}
      <span className="trade-badge trade-badge--admin">{tradeKo.post.adminSeller}</span>
    </span>
  );
}
