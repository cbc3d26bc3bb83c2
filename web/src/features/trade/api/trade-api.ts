import { apiRequest, ApiError } from '../../../api/client';
import type {
  AlertsSummary, BlockListResponse, BlockResponse, ChatInboxResponse, ChatResponse, ConfirmResponse, CreateReportResponse,
  DealChangeResponse, DealsResponse, HistoryResponse, PostListResponse, PostResponse, ProposeResponse, ReportReason,
  SellerCredibility, SendMessageResponse, TradePostState, TradeProfile, TradeStandingResponse, VendorAdListResponse,
} from './trade-types';

type RequestOptions = Parameters<typeof apiRequest>[1];

/**
 * A trade call: like apiRequest, and an answer with `ok: false` is a failure too (docs/product/trade.md#failure-texts:
 * "Trade helpers treat a non-OK status or ok false as failure").
 */
export async function tradeRequest<T>(path: string, options?: RequestOptions): Promise<T> {
  const data = await apiRequest<T>(path, options);
  if (data && typeof data === 'object' && (data as { ok?: unknown }).ok === false) {
    const body = data as unknown as Record<string, unknown>;
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
    throw new ApiError(200, 'not_ok', message, body);
  }
  return data;
}

const base = (postId: string, dealId: string) => `/api/trade/posts/${postId}/deals/${dealId}`;

/** Every REST call of the trade pages (docs/product/trade.md). */
export const tradeApi = {
  listPosts: (query: { page: number; mine: boolean; limit?: number }) =>
    tradeRequest<PostListResponse>(
      `/api/trade/posts?board=user-trade&page=${query.page}&limit=${query.limit ?? 20}${query.mine ? '&mine=1' : ''}`,
    ),
  readPost: (id: string, countView: boolean) =>
    tradeRequest<PostResponse>(`/api/trade/posts/${id}${countView ? '' : '?view=0'}`),
  createPost: (body: PostFields) =>
    tradeRequest<PostResponse>('/api/trade/posts', { method: 'POST', body: { board: 'user-trade', ...body } }),
  editPost: (postId: string, body: PostFields) => tradeRequest<PostResponse>(`/api/trade/posts/${postId}`, { method: 'PUT', body }),
  setPostState: (postId: string, state: TradePostState) =>
    tradeRequest<PostResponse>(`/api/trade/posts/${postId}/state`, { method: 'POST', body: { state } }),
  propose: (postId: string, body: { price: string; note: string }) =>
    tradeRequest<ProposeResponse>(`/api/trade/posts/${postId}/propose`, { method: 'POST', body }),
  deals: (postId: string) => tradeRequest<DealsResponse>(`/api/trade/posts/${postId}/deals`),
  confirm: (postId: string, dealId: string) => tradeRequest<ConfirmResponse>(`${base(postId, dealId)}/confirm`, { method: 'POST' }),
  /** Ends an open deal: the seller rejects, the buyer withdraws (nobody confirmed yet), either cancels (under way). */
  endDeal: (postId: string, dealId: string, action: DealEndAction, reason: string) =>
    tradeRequest<DealChangeResponse>(`${base(postId, dealId)}/${action}`, { method: 'POST', body: { reason } }),
  ackSeller: (postId: string, dealId: string) =>
    tradeRequest<{ ok: true; acknowledged: boolean }>(`${base(postId, dealId)}/ack-seller`, { method: 'POST' }),
  /**
   * A chat's messages (after=<id>: newer ones; before=<id>: the older page before it); `markRead` false loads
   * them without a read receipt (read=0).
   */
  messages: (postId: string, dealId: string, query: { after?: string; before?: string; markRead: boolean }) => {
    const params = new URLSearchParams();
    if (query.after) params.set('after', query.after);
    if (query.before) params.set('before', query.before);
    if (!query.markRead) params.set('read', '0');
    const search = params.toString();
    return tradeRequest<ChatResponse>(`${base(postId, dealId)}/messages${search ? `?${search}` : ''}`);
  },
  sendMessage: (postId: string, dealId: string, body: { text: string; clientId: string }) =>
    tradeRequest<SendMessageResponse>(`${base(postId, dealId)}/messages`, { method: 'POST', body }),
  markRead: (postId: string, dealId: string, messageId: string) =>
    tradeRequest<{ ok: true; readSeq: number }>(`${base(postId, dealId)}/read`, { method: 'POST', body: { messageId } }),
  inbox: () => tradeRequest<ChatInboxResponse>('/api/trade/chats'),
  alertsSummary: () => tradeRequest<AlertsSummary>('/api/trade/alerts/summary'),
  profileMe: () => tradeRequest<TradeProfile>('/api/trade/profile/me'),
  profile: (userId: string) => tradeRequest<TradeProfile>(`/api/trade/profile/${userId}`),
  sellerCredibility: (sellerId: string) => tradeRequest<SellerCredibility>(`/api/trade/seller/${sellerId}/cred`),
  history: (userId: string | 'me', cursor?: string) =>
    tradeRequest<HistoryResponse>(`/api/trade/history/${userId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
  ads: () => tradeRequest<VendorAdListResponse>('/api/trade/ads', { auth: false }),
  standing: () => tradeRequest<TradeStandingResponse>('/api/trade/standing/me'),
  report: (body: { targetUserId?: string; messageId?: string; reason: ReportReason; detail: string }) =>
    tradeRequest<CreateReportResponse>('/api/trade/reports', { method: 'POST', body }),
  blocks: () => tradeRequest<BlockListResponse>('/api/trade/blocks'),
  block: (userId: string) => tradeRequest<BlockResponse>('/api/trade/blocks', { method: 'POST', body: { userId } }),
  unblock: (userId: string) => tradeRequest<BlockResponse>(`/api/trade/blocks/${userId}`, { method: 'DELETE' }),
};

/** The fields of the sell form (write and edit). */
export interface PostFields {
  title: string;
  content: string;
  price: string;
}

export type DealEndAction = 'reject' | 'withdraw' | 'cancel';
