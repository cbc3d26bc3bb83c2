/** Polling and display constants of the trade pages (02-community.md §9); form rules are in post-rules.ts. */
export const TRADE = {
  pageSize: 20,
  listPollMs: 5000,
  applicantPollMs: 5000,
  chatPollMs: 3000,
  /** The sidebar polls the alert summary every 5000 ms; the alert hook's own default is 10000 ms. */
  alertPollMs: 5000,
  alertPollDefaultMs: 10000,
  chatAutoScrollPx: 80,
  /** The server's limit on one chat message. */
  chatMaxLength: 1000,
  /** The server's limit on a reason for ending a deal. */
  reasonMaxLength: 200,
  /** An open deal expires after this long without a message or confirmation (the server's DEAL_EXPIRY_HOURS). */
  dealExpiryHours: 72,
} as const;
