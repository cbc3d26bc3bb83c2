import { useEffect } from 'react';
import { useNavBadgeStore } from '../../../stores/nav-badges';
import { useSessionStore } from '../../../stores/session';
import { tradeApi } from '../api/trade-api';
import { isTransientFailure } from '../live/catch-up';
import { useTradePollInterval } from '../live/live-status';
import { addResync, onTradeEvent } from '../live/trade-socket';
import { useTradeLive } from '../live/use-trade-live';
import { TRADE } from '../lib/trade-constants';
import { ACKNOWLEDGE_DEAL_EVENT } from './acknowledged-deals';
import { startTradeAlerts } from './trade-alerts-poller';
import { useAlertSignals } from './use-alert-signals';

/**
 * Keeps the sidebar's trade badges current (the rules and timing are in TradeAlertsPoller). While the live push
 * is connected, pushed summaries and unread counts do it; while it is down, the alert summary is polled every
 * `intervalMs` (the spec's default 10000 ms; the sidebar passes 5000 ms) while the page is visible. Also on
 * mount, on every (re)connect and whenever the page becomes visible, only while a token is stored. Holds the
 * tab's live push (useTradeLive) and the alerts beyond the badges (tab title count, notification, sound) as well.
 */
export function useTradeAlerts(intervalMs: number = TRADE.alertPollDefaultMs): void {
  useTradeLive();
  useAlertSignals();
  const token = useSessionStore((state) => state.token);
  const pollMs = useTradePollInterval(intervalMs);

  useEffect(() => {
    const poller = startTradeAlerts(token, {
      fetchSummary: tradeApi.alertsSummary,
      isVisible: () => document.visibilityState === 'visible',
      sink: useNavBadgeStore.getState(),
      intervalMs: pollMs,
    });
    if (!poller) return;
    const handleVisibility = () => poller.handleVisibilityChange();
    const handleAcknowledge = (event: Event) =>
      poller.acknowledge((event as CustomEvent<{ dealId?: unknown } | null>).detail?.dealId);
    const stops = [
      addResync(() => poller.resync().catch((error: unknown) => {
        // A final refusal (4xx) will not pass by retrying; the badge keeps its counts
        // (docs/product/trade.md#trade-alert-badge).
        if (isTransientFailure(error)) throw error;
      })),
      onTradeEvent('alerts:summary', (summary) => poller.applySummary(summary)),
      onTradeEvent('chats:unread', (event) => poller.applyUnread(event)),
    ];
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener(ACKNOWLEDGE_DEAL_EVENT, handleAcknowledge);
    return () => {
      poller.stop();
      stops.forEach((stop) => stop());
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener(ACKNOWLEDGE_DEAL_EVENT, handleAcknowledge);
    };
  }, [token, pollMs]);
}
