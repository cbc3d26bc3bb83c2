import { tradeKo } from '../../../i18n/trade';
import { tradeStatusColour } from '../../../lib/colour-bands';
import type { TradePostStatusCode } from '../api/trade-types';

/** 거래대기 green, 거래중 yellow, 거래완료 grey (docs/product/trade.md#post-status). */
export function PostStatusBadge({ status }: { status: TradePostStatusCode }) {
  return (
    <span className={`trade-status trade-colour--${tradeStatusColour(status)}`} data-status={status}>
      {tradeKo.status[status]}
    </span>
  );
}
