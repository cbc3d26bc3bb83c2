import { ko } from '../../../i18n/ko';
import { useTradeLiveStore } from '../live/live-status';

const t = ko.trade.live;

/** One muted line saying whether a view is kept current by the live push or by polling every `pollMs`. */
export function LiveStatusLine({ pollMs }: { pollMs: number }) {
  const status = useTradeLiveStore((state) => state.status);
  const text = status === 'live' ? t.live : status === 'syncing' ? t.syncing : t.polling(pollMs / 1000);
  return <p className="trade-live-line muted" data-testid="live-status" data-status={status}>{text}</p>;
}
