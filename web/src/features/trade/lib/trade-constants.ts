import { TRADE_LIMITS } from '@shared/rules/trade';

/** Polling and display constants of the trade pages, with the limits the server applies (rules/trade.ts). */
export const TRADE = {
  pageSize: TRADE_LIMITS.pageSize,
  listPollMs: 5000,
  applicantPollMs: 5000,
  chatPollMs: 3000,
  /** The sidebar polls the alert summary every 5000 ms; the alert hook's own default is 10000 ms. */
  alertPollMs: 5000,
  alertPollDefaultMs: 10000,
  chatAutoScrollPx: 80,
  chatMaxLength: TRADE_LIMITS.chatMaxLength,
  reasonMaxLength: TRADE_LIMITS.reasonMaxLength,
  dealExpiryHours: TRADE_LIMITS.dealExpiryHours,
} as const;
