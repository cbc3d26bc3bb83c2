import { tradeKo } from '../../../i18n/trade';
import { relativeTime } from '../../../lib/relative-time';

/** '3분 전' for an ISO time; '' when it cannot be read. */
export function timeAgo(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const ago = relativeTime(iso, now);
  return ago ? tradeKo.common.timeAgo[ago.unit](ago.value) : '';
}
