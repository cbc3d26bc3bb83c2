/** Types of the trade API, taken from the server's contracts (types only; nothing of the server is bundled). */
export type {
  AlertsSummary, ChatInboxItem, Confirmations, DealStatus, DealParty, DealChangeResponse, ChatInboxResponse, ChatMessage, ChatResponse, ConfirmResponse, ContactWarning, Deal,
  DealsResponse, HistoryItem, HistoryResponse, PostListResponse, PostResponse, ProposeResponse, SellerCredibility,
  SendMessageResponse, TradePost, TradePostStatusCode, TradePostSummary, TradeProfile, AdminTrustItem,
  AdminTrustListResponse, AdminTrustPatchResponse,
} from '../../../../../server/contracts/trade';
export type { VendorAd, VendorAdListResponse, VendorAdResponse, BannerUploadResponse } from '../../../../../server/contracts/ads';
