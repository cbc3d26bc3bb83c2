import type { ChatsUnreadEvent } from '@shared/contracts/realtime';
import type { AlertsSummary } from '@shared/contracts/trade';
import { acceptCounts } from '../live/counts-order.js';
import { acknowledgeDeal, pruneAcknowledged, readAcknowledged, unacknowledgedCount } from './acknowledged-deals.js';

/** Where the counts go: the sidebar's badges and the trade list's new-applications banner (the nav-badge store). */
export interface TradeAlertsSink {
  setTradeAlerts(count: number): void;
  setUnreadChats(count: number): void;
  setNewApplications(count: number): void;
}

export interface TradeAlertsOptions {
  /** GET /api/trade/alerts/summary. */
  fetchSummary(): Promise<AlertsSummary>;
  /** Whether the page is visible (`document.visibilityState === 'visible'`). */
  isVisible(): boolean;
  sink: TradeAlertsSink;
  /** The poll interval (sidebar 5000 ms, default 10000 ms), or false while the live push keeps the counts current. */
  intervalMs: number | false;
}

/**
 * The trade-alert badge of one signed-in member (docs/product/trade.md#trade-alert-badge), framework-free so its timing
 * can be tested: the summary on start, every `intervalMs` while the page is visible (no timer runs while it is hidden)
 * and at once when it becomes visible again. A failed summary leaves every count as it was. The badge is the open deals
 * minus the acknowledged ones, never below zero; acknowledgements of deals no longer open are dropped on each fresh
 * summary; an acknowledgement counts only for a deal that is open.
 */
export class TradeAlertsPoller {
  private openDealIds: string[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(private readonly options: TradeAlertsOptions) {}

  start(): void {
    void this.refresh();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** `visibilitychange`: hidden stops the timer; visible asks at once and starts it again. */
  handleVisibilityChange(): void {
    if (this.options.isVisible()) void this.refresh();
    this.schedule();
  }

  private schedule(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.stopped || !this.options.intervalMs || !this.options.isVisible()) return;
    this.timer = setInterval(() => void this.refresh(), this.options.intervalMs);
  }

  /** A poll: failures are ignored, the counts stay as they were. */
  refresh(): Promise<void> {
    return this.resync().catch(() => undefined);
  }

  /** The live push's catch-up after a (re)connect: like a poll, but a failure rejects (it is retried). */
  async resync(): Promise<void> {
    const summary = await this.options.fetchSummary();
    if (!this.stopped) this.applySummary(summary);
  }

  /** A fresh summary (a poll's or a pushed `alerts:summary`); an older one than the newest applied is dropped. */
  applySummary(summary: AlertsSummary): void {
    const { sink } = this.options;
    if (acceptCounts('openDeals', summary.asOf)) {
      this.openDealIds = summary.openDealIds.map(String);
      sink.setTradeAlerts(unacknowledgedCount(this.openDealIds, pruneAcknowledged(this.openDealIds)));
      sink.setNewApplications(summary.newApplicationDealIds.length);
    }
    if (acceptCounts('unread', summary.asOf)) sink.setUnreadChats(summary.unreadChats);
  }

  /** A pushed `chats:unread`. */
  applyUnread(event: ChatsUnreadEvent): void {
    if (acceptCounts('unread', event.asOf)) this.options.sink.setUnreadChats(event.total);
  }

  /** The window's acknowledge event: only a deal that is open now counts; others are ignored. */
  acknowledge(dealId: unknown): void {
    if (acknowledgeDeal(dealId, this.openDealIds)) {
      this.options.sink.setTradeAlerts(unacknowledgedCount(this.openDealIds, readAcknowledged()));
    }
  }
}

/**
 * The badge for the session: polling only while a token is stored. Without one every count is zero and nothing is
 * asked; with one the poller has started.
 */
export function startTradeAlerts(token: string | null, options: TradeAlertsOptions): TradeAlertsPoller | null {
  if (!token) {
    options.sink.setTradeAlerts(0);
    options.sink.setUnreadChats(0);
    options.sink.setNewApplications(0);
    return null;
  }
  const poller = new TradeAlertsPoller(options);
  poller.start();
  return poller;
}
