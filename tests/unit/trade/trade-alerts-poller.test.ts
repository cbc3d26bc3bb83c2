import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertsSummary } from '../../../server/contracts/trade.js';
import { ACKNOWLEDGED_DEALS_KEY } from '../../../web/src/features/trade/alerts/acknowledged-deals.js';
import { startTradeAlerts, type TradeAlertsOptions } from '../../../web/src/features/trade/alerts/trade-alerts-poller.js';
import { TRADE } from '../../../web/src/features/trade/lib/trade-constants.js';
import { resetCounts } from '../../../web/src/features/trade/live/counts-order.js';
import { memoryStorage } from '../../helpers/memory-storage.js';

/**
 * The sidebar's trade badge (docs/product/trade.md#trade-alert-badge) as the member sees it, driven by a fake clock and
 * server.
 */
describe('trade-alert badge: timing, gating and counting', () => {
  let visible: boolean;
  let answers: (AlertsSummary | Error)[];
  let fetches: number;
  let badge: { tradeAlerts: number; unreadChats: number; newApplications: number };
  let tick = 0;

  const summary = (openDealIds: string[], extra: Partial<AlertsSummary> = {}): AlertsSummary => ({
    ok: true, openDealIds, newApplicationDealIds: [], unreadChats: 0, asOf: new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)).toISOString(), ...extra,
  });
  const options = (intervalMs: number | false = TRADE.alertPollMs): TradeAlertsOptions => ({
    fetchSummary: async () => {
      fetches += 1;
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    isVisible: () => visible,
    sink: {
      setTradeAlerts: (count) => void (badge.tradeAlerts = count),
      setUnreadChats: (count) => void (badge.unreadChats = count),
      setNewApplications: (count) => void (badge.newApplications = count),
    },
    intervalMs,
  });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
    resetCounts();
    visible = true;
    fetches = 0;
    answers = [summary(['a', 'b'])];
    badge = { tradeAlerts: -1, unreadChats: -1, newApplications: -1 };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks on mount, then every 5000 ms from the sidebar', async () => {
    const poller = startTradeAlerts('token', options(TRADE.alertPollMs))!;
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    expect(badge.tradeAlerts).toBe(2);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetches).toBe(4);
    poller.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetches).toBe(4);
  });

  it('uses 10000 ms by default', async () => {
    expect(TRADE.alertPollDefaultMs).toBe(10_000);
    startTradeAlerts('token', options(TRADE.alertPollDefaultMs))!;
    await vi.advanceTimersByTimeAsync(9999);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
  });

  it('asks nothing without a token, and shows no counts', async () => {
    expect(startTradeAlerts(null, options())).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toBe(0);
    expect(badge).toEqual({ tradeAlerts: 0, unreadChats: 0, newApplications: 0 });
  });

  it('does not poll while the page is hidden, and asks at once when it becomes visible', async () => {
    const poller = startTradeAlerts('token', options())!;
    await vi.advanceTimersByTimeAsync(0);
    visible = false;
    poller.handleVisibilityChange();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toBe(1);
    visible = true;
    poller.handleVisibilityChange();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetches).toBe(3);
  });

  it('while the live push is connected: no timer, but still on mount and on becoming visible', async () => {
    const poller = startTradeAlerts('token', options(false))!;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toBe(1);
    poller.handleVisibilityChange();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(2);
  });

  it('ignores a failed summary: every count stays as it was', async () => {
    answers = [summary(['a', 'b'], { unreadChats: 3, newApplicationDealIds: ['a'] }), new Error('500'), summary(['a'])];
    startTradeAlerts('token', options())!;
    await vi.advanceTimersByTimeAsync(0);
    expect(badge).toEqual({ tradeAlerts: 2, unreadChats: 3, newApplications: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetches).toBe(2);
    expect(badge).toEqual({ tradeAlerts: 2, unreadChats: 3, newApplications: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(badge).toEqual({ tradeAlerts: 1, unreadChats: 0, newApplications: 0 });
  });

  it('counts open deals minus acknowledged ones, records only open deals, and prunes what is no longer open', async () => {
    localStorage.setItem(ACKNOWLEDGED_DEALS_KEY, JSON.stringify(['gone']));
    answers = [summary(['a', 'b', 'c']), summary(['b', 'c'])];
    const poller = startTradeAlerts('token', options())!;
    await vi.advanceTimersByTimeAsync(0);
    expect(badge.tradeAlerts).toBe(3);
    expect(JSON.parse(localStorage.getItem(ACKNOWLEDGED_DEALS_KEY)!)).toEqual([]);

    poller.acknowledge('a');
    poller.acknowledge('b');
    poller.acknowledge('not-open');
    poller.acknowledge(undefined);
    expect(badge.tradeAlerts).toBe(1);
    expect(JSON.parse(localStorage.getItem(ACKNOWLEDGED_DEALS_KEY)!)).toEqual(['a', 'b']);

    // 'a' closed: its acknowledgement is dropped; 'b' stays acknowledged.
    await vi.advanceTimersByTimeAsync(5000);
    expect(JSON.parse(localStorage.getItem(ACKNOWLEDGED_DEALS_KEY)!)).toEqual(['b']);
    expect(badge.tradeAlerts).toBe(1);
  });

  it('never goes below zero, and an older pushed summary does not undo a newer one', async () => {
    localStorage.setItem(ACKNOWLEDGED_DEALS_KEY, JSON.stringify(['a', 'b', 'x', 'y']));
    const older = summary(['a', 'b', 'z']);
    answers = [summary(['a', 'b'])];
    const poller = startTradeAlerts('token', options())!;
    await vi.advanceTimersByTimeAsync(0);
    expect(badge.tradeAlerts).toBe(0);
    poller.applySummary(older);
    expect(badge.tradeAlerts).toBe(0);
  });

  it('the catch-up after a reconnect hears a failure, which polls ignore', async () => {
    answers = [new Error('down')];
    const poller = startTradeAlerts('token', options())!;
    await vi.advanceTimersByTimeAsync(0);
    await expect(poller.resync()).rejects.toThrow('down');
    await expect(poller.refresh()).resolves.toBeUndefined();
  });
});
