import type {
  ChatMessage, ChatSystemEvent, Deal, TradePostState, TradePostStatusCode, TradePostStatusLabel, TradePostSummary,
} from '../../contracts/trade.js';
import { contactWarnings } from './contact-warning.js';
import type { DealRow } from './deal-queries.js';

const STATUS_LABELS: Readonly<Record<TradePostStatusCode, TradePostStatusLabel>> = {
  waiting: '거래대기',
  in_progress: '거래중',
  completed: '거래완료',
  reserved: '예약중',
  withdrawn: '판매중단',
};

/** What a post's status is derived from. */
export interface PostStatusFacts {
  /** Deals still open (applied or under way). */
  openDealCount: number;
  /** A deal of the post completed. */
  completed: boolean;
  /** What the seller said of it. */
  state: TradePostState;
}

/**
 * A post's status (docs/product/trade.md#post-status): completed once a deal completed or the seller marked it sold;
 * withdrawn or reserved as the seller said; else in progress while a deal is open, waiting otherwise. Ended
 * applications (rejected, withdrawn, cancelled, expired) leave a post waiting again.
 */
export function postStatus(facts: PostStatusFacts): { status: TradePostStatusLabel; statusCode: TradePostStatusCode } {
  const statusCode = statusCodeOf(facts);
  return { status: STATUS_LABELS[statusCode], statusCode };
}

function statusCodeOf(facts: PostStatusFacts): TradePostStatusCode {
  if (facts.completed || facts.state === 'sold') return 'completed';
  if (facts.state === 'withdrawn') return 'withdrawn';
  if (facts.state === 'reserved') return 'reserved';
  return facts.openDealCount > 0 ? 'in_progress' : 'waiting';
}

/** The row of a post the list and the detail share. */
export interface PostRow {
  id: string;
  title: string;
  content: string;
  price: number;
  views: number;
  createdAt: Date;
  updatedAt: Date;
  sellerId: string;
  sellerNick: string;
  sellerIsAdmin: boolean;
  dealCount: number;
  openDealCount: number;
  completed: boolean;
  state: TradePostState;
  editedAt: Date | null;
}

export function presentPostSummary(row: PostRow): TradePostSummary {
  return {
    _id: row.id,
    board: 'user-trade',
    title: row.title,
    price: row.price,
    ...postStatus(row),
    sellerId: { _id: row.sellerId, nickname: row.sellerNick, isAdmin: row.sellerIsAdmin },
    dealCount: row.dealCount,
    openDealCount: row.openDealCount,
    state: row.state,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

export function presentDeal(row: DealRow): Deal {
  return {
    _id: row.id,
    postId: row.postId,
    buyerId: { _id: row.buyerId, nickname: row.buyerNick },
    price: row.price,
    note: row.note,
    status: row.status,
    closed: row.closed,
    ...dealEndOf(row),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    confirmations: confirmationsOf(row),
    sellerAcked: row.sellerAckedAt !== null,
    unreadCount: row.unreadCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** How a deal ended, as the API writes it (all null while it is open). */
export function dealEndOf(row: Pick<DealRow, 'endedBy' | 'endReason' | 'endedAt'>) {
  return { endedBy: row.endedBy, endReason: row.endReason, endedAt: row.endedAt?.toISOString() ?? null };
}

export function confirmationsOf(row: Pick<DealRow, 'buyerConfirmedAt' | 'sellerConfirmedAt'>) {
  return { buyer: row.buyerConfirmedAt !== null, seller: row.sellerConfirmedAt !== null };
}

/** A stored chat message as the chat shows it, with its contact warnings. */
export interface MessageRow {
  id: string;
  seq: number;
  clientId: string;
  senderId: string;
  senderNick: string;
  text: string;
  /** Set on system messages (deal state notices). */
  systemEvent: ChatSystemEvent | null;
  createdAt: Date;
}

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    seq: row.seq,
    clientId: row.clientId,
    kind: row.systemEvent ? 'system' : 'user',
    systemEvent: row.systemEvent,
    senderId: row.senderId,
    senderNick: row.senderNick,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    warnings: row.systemEvent ? [] : contactWarnings(row.text),
  };
}
