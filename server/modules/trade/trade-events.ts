import type { DealUpdatedEvent, PostChangedEvent } from '../../contracts/realtime.js';
import type { ChatMessage, Deal, TradeStandingResponse } from '../../contracts/trade.js';

/**
 * Everything the trade module tells the outside world happened, after the transaction that made it commit.
 * REST polling does not need it; the live push (server/realtime/trade-push.ts: Socket.IO namespace /trade,
 * rooms user:<id> and deal:<id>) implements it. Every call site is in the trade services, right after the commit.
 */
export interface TradeEvents {
  /** A message (a member's, or a system notice of a deal state change) was stored in a deal's chat. */
  chatMessage(event: { dealId: string; postId: string; buyerId: string; sellerId: string; message: ChatMessage }): void;
  /** A deal's confirmations or status changed, or it ended; `completed` once, when it completed. */
  dealUpdated(event: DealUpdatedEvent & { buyerId: string; sellerId: string }): void;
  /** A buyer applied on a seller's post (to the seller), with the new deal as the applicant list shows it. */
  dealApplicant(event: { sellerId: string; postId: string; dealId: string; buyerNick: string; price: number; deal: Deal }): void;
  /** These members' open deal ids changed: a new deal, or deals that ended. */
  alertsSummaryChanged(userIds: string[]): void;
  /** These members' unread chat counts changed (a new message, or a read). */
  unreadChanged(userIds: string[]): void;
  /** A party's read position in a deal's chat moved forward to message `seq` (a read receipt). */
  chatRead(event: { dealId: string; postId: string; userId: string; messageId: string; seq: number }): void;
  /** Public facts of a post changed: written, applied on, a deal ended or completed (trade lists refresh). */
  postChanged(event: PostChangedEvent): void;
  /** An admin restricted the member from trading: they leave every deal room (they read their chats by REST). */
  memberRestricted(userId: string): void;
  /** The member's standing changed (restricted or freed): their open pages show it at once. */
  standingChanged(userId: string, standing: TradeStandingResponse): void;
}

/** The default: nothing to push; the pages poll. */
export const noTradeEvents: TradeEvents = {
  chatMessage: () => undefined,
  dealUpdated: () => undefined,
  dealApplicant: () => undefined,
  alertsSummaryChanged: () => undefined,
  unreadChanged: () => undefined,
  chatRead: () => undefined,
  postChanged: () => undefined,
  memberRestricted: () => undefined,
  standingChanged: () => undefined,
};
