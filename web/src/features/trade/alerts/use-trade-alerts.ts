import { useEffect, useRef } from 'react';
import { useNavBadgeStore } from '../../../stores/nav-badges';
import { useSessionStore } from '../../../stores/session';
import type { AlertsSummary } from '../api/trade-types';
import { tradeApi } from '../api/trade-api';
import { acceptCounts } from '../live/counts-order';
import { useTradePollInterval } from '../live/live-status';
import { addResync, onTradeEvent } from '../live/trade-socket';
import { useTradeLive } from '../live/use-trade-live';
import { TRADE } from '../lib/trade-constants';
import {
  ACKNOWLEDGE_DEAL_EVENT, acknowledgeDeal, pruneAcknowledged, readAcknowledged, unacknowledgedCount,
} from './acknowledged-deals';

/**
 * Keeps the sidebar's trade badges current. While the live push is connected, pushed summaries and unread counts
 * do it; while it is down, the alert summary is polled every `intervalMs` (the spec's default 10000 ms; the
 * sidebar passes 5000 ms). Also on mount, on every (re)connect and whenever the page becomes visible, only while a
 * token is stored. Failures leave the counts unchanged. Holds the tab's live push (useTradeLive) as well.
 */
export function useTradeAlerts(intervalMs: number = TRADE.alertPollDefaultMs): { applySummary(summary: AlertsSummary): void } {
  useTradeLive();
  const token = useSessionStore((state) => state.token);
  const pollMs = useTradePollInterval(intervalMs);
  const setTradeAlerts = useNavBadgeStore((state) => state.setTradeAlerts);
  const setUnreadChats = useNavBadgeStore((state) => state.setUnreadChats);
  const setNewApplications = useNavBadgeStore((state) => state.setNewApplications);
  const openDealIds = useRef<string[]>([]);

  const applySummary = useRef((summary: AlertsSummary) => {
    if (acceptCounts('openDeals', summary.asOf)) {
      const open = summary.openDealIds.map(String);
      openDealIds.current = open;
      setTradeAlerts(unacknowledgedCount(open, pruneAcknowledged(open)));
      setNewApplications(summary.newApplicationDealIds.length);
    }
    if (acceptCounts('unread', summary.asOf)) setUnreadChats(summary.unreadChats ?? 0);
  }).current;

  useEffect(() => {
    if (!token) {
      openDealIds.current = [];
      setTradeAlerts(0);
      setUnreadChats(0);
      setNewApplications(0);
      return;
    }
    let active = true;
    const refresh = () =>
      tradeApi.alertsSummary().then(
        (summary) => {
          if (active) applySummary(summary);
        },
        () => undefined, // §8: alert polling failures are ignored; the count stays as it was.
      );
    const handleVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const handleAcknowledge = (event: Event) => {
      const dealId = (event as CustomEvent<{ dealId?: unknown } | null>).detail?.dealId;
      if (acknowledgeDeal(dealId, openDealIds.current)) {
        setTradeAlerts(unacknowledgedCount(openDealIds.current, readAcknowledged()));
      }
    };
    void refresh();
    const timer = pollMs ? window.setInterval(refresh, pollMs) : undefined;
    const stops = [
      // The catch-up must know when the summary failed (the poll above ignores failures, §8).
      addResync(() => tradeApi.alertsSummary().then((summary) => active && applySummary(summary))),
      onTradeEvent('alerts:summary', applySummary),
      onTradeEvent('chats:unread', (event) => {
        if (acceptCounts('unread', event.asOf)) setUnreadChats(event.total);
      }),
    ];
    document.addEventListener('visibilitychange', handleVisible);
    window.addEventListener(ACKNOWLEDGE_DEAL_EVENT, handleAcknowledge);
    return () => {
      active = false;
      window.clearInterval(timer);
      stops.forEach((stop) => stop());
      document.removeEventListener('visibilitychange', handleVisible);
      window.removeEventListener(ACKNOWLEDGE_DEAL_EVENT, handleAcknowledge);
    };
  }, [token, pollMs, applySummary, setTradeAlerts, setUnreadChats, setNewApplications]);

  return { applySummary };
}
