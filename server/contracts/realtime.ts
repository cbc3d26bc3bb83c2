import type {
  AlertsSummary, ChatMessage, Confirmations, Deal, DealParty, DealStatus, TradePostStatusCode, TradePostStatusLabel,
  TradeStandingResponse,
} from './trade.js';

/**
 * The live push of the trade marketplace: Socket.IO namespace `/trade` on the site's own HTTP server. The handshake
 * sends the session token as `auth.token`. Every event is sent after the write it reports has committed; the
 * REST calls stay the source of truth (clients resync by REST on every connect).
 */
export const TRADE_NAMESPACE = '/trade';

/** Why a handshake or a room join was refused (same shape as REST errors). */
export interface RealtimeError {
  error: string;
  message: string;
}

export interface ChatMessageEvent {
  dealId: string;
  postId: string;
  message: ChatMessage;
}

export interface DealUpdatedEvent {
  dealId: string;
  postId: string;
  status: DealStatus;
  postStatus: TradePostStatusLabel;
  confirmations: Confirmations;
  /** True exactly once: in the event of the confirmation that completed the deal. */
  completed: boolean;
  /** The chat takes no more messages: this deal completed or ended otherwise. */
  closed: boolean;
  /** How it ended: the party (null: the system, for expiry and closing) and the reason; null while open. */
  endedBy: DealParty | null;
  endReason: string | null;
}

export interface DealApplicantEvent {
  postId: string;
  dealId: string;
  buyerNick: string;
  price: number;
  /** The new deal as the seller's applicant list shows it. */
  deal: Deal;
}

/** The member's alert summary, as GET /api/trade/alerts/summary answers it (`asOf` orders two summaries). */
export type AlertsSummaryEvent = AlertsSummary;

export interface ChatsUnreadEvent {
  /** Unread messages per deal of this member (deals with none are left out). */
  byDeal: Record<string, number>;
  total: number;
  /** Database time the counts were read at: a client keeps the newest of what it has. */
  asOf: string;
}

export interface TypingEvent {
  dealId: string;
  userId: string;
  typing: boolean;
}

export interface ReadEvent {
  dealId: string;
  userId: string;
  /** The newest message this member has read, and its sequence number (every message up to it is read). */
  messageId: string;
  seq: number;
}

/**
 * A post of the trade list changed (written, edited, applied on, a deal ended or completed, the seller reserved,
 * reopened, sold or withdrew it): lists showing it refresh.
 */
export interface PostChangedEvent {
  postId: string;
  reason: 'created' | 'edited' | 'applied' | 'completed' | 'ended' | 'state';
  status: TradePostStatusLabel;
  statusCode: TradePostStatusCode;
  dealCount: number;
}

export interface TradeServerEvents {
  'chat:message': (event: ChatMessageEvent) => void;
  'deal:updated': (event: DealUpdatedEvent) => void;
  'deal:applicant': (event: DealApplicantEvent) => void;
  'alerts:summary': (event: AlertsSummaryEvent) => void;
  'chats:unread': (event: ChatsUnreadEvent) => void;
  'chat:typing': (event: TypingEvent) => void;
  'chat:read': (event: ReadEvent) => void;
  /** To sockets watching the trade list (`posts:watch`): public facts of a post that changed. */
  'post:changed': (event: PostChangedEvent) => void;
  /** To the member's own sockets: an admin restricted their trading or lifted it (they reread their standing). */
  'trade:standing': (event: TradeStandingResponse) => void;
}

export type JoinDealResult = { ok: true } | ({ ok: false } & RealtimeError);

export interface TradeClientEvents {
  /** Enter a deal's room (parties only, the same rule as the chat's REST calls). */
  'deal:join': (dealId: string, ack: (result: JoinDealResult) => void) => void;
  'deal:leave': (dealId: string) => void;
  /** Tell the other party this member is typing (relayed only inside a room the socket has joined). */
  'chat:typing': (event: { dealId: string; typing: boolean }) => void;
  /** Hear `post:changed` while a trade list or post page is open (public facts only). */
  'posts:watch': () => void;
  'posts:unwatch': () => void;
}
