/** Types of the trade API, taken from the server's contracts (types only; nothing of the server is bundled). */
export type {
  AlertsSummary, ChatInboxItem, Confirmations, DealStatus, DealParty, DealChangeResponse, ChatInboxResponse, ChatMessage, ChatResponse, ConfirmResponse, ContactWarning, Deal,
  DealsResponse, HistoryItem, HistoryResponse, PostListResponse, PostResponse, ProposeResponse, SellerCredibility,
  SendMessageResponse, TradePost, TradePostStatusCode, TradePostSummary, TradeProfile, AdminTrustItem,
  AdminTrustListResponse, AdminTrustPatchResponse, TradePostState, TradeStandingResponse, TradeRestriction,
} from '@shared/contracts/trade';
export type {
  AdminReportItem, AdminReportsResponse, BlockedMember, BlockListResponse, ReportReason,
} from '@shared/contracts/trade-safety';
export type { AdminAuditEntry, AdminAuditResponse } from '@shared/contracts/admin-audit';

/** POST /api/trade/reports's answer. */
export interface CreateReportResponse {
  ok: true;
  message: string;
  reportId: string;
  created: boolean;
}

/** POST and DELETE /api/trade/blocks's answer. */
export interface BlockResponse {
  ok: true;
  message: string;
  changed: boolean;
}
export type { VendorAd, VendorAdListResponse, VendorAdResponse, BannerUploadResponse } from '@shared/contracts/ads';
