import { tradeKo } from '../../../i18n/trade';
import { useTradeLiveStore } from '../live/live-status';

const t = tradeKo.live;

/**
 * One muted line saying whether a view is kept current by the live push or by polling every `pollMs`. `polling`
 * says the view polls although the push is live (a chat that could not join its room): the line says so.
 */
export function LiveStatusLine({ pollMs, polling = false }: { pollMs: number; polling?: boolean }) {
  const status = useTradeLiveStore((state) => state.status);
  const text = status === 'live' && !polling ? t.live : status === 'syncing' ? t.syncing : t.polling(pollMs / 1000);
  return <p className="trade-live-line muted" data-testid="live-status" data-status={status} data-polling={polling}>{text}</p>;
}
