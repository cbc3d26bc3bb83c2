import type { Db, Transaction } from '../../db/client.js';
import type { ChatSystemEvent, DealParty, DealStatus, TradePostState } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { appendSystemMessage, type NoticeDetail } from './chat-messages.js';
import { EXPIRY_INTERVAL, partyColumn } from './deal-queries.js';
import type { DealState } from './deal-lifecycle.js';

import type { MessageRow } from './trade-presenters.js';

/**
 * The deal changes as data access inside a transaction. Every change to a deal locks its post's row first, then
 * the deal's: the changes of one post's deals take turns (so a post completes once, and a cancel and a
 * confirmation at the same instant end in one state), and locks are always taken in the same order.
 */

export interface LockedPost {
  sellerId: string;
  completed: boolean;
  state: TradePostState;
}

/**
 * Reads a post and locks it: `FOR SHARE` lets proposes run side by side but waits for a change in progress;
 * `FOR UPDATE` (changes to its deals) runs one at a time per post.
 */
export async function lockPost(tx: Db, postId: string, mode: 'share' | 'update'): Promise<LockedPost> {
  const lock = mode === 'share' ? Prisma.sql`FOR SHARE` : Prisma.sql`FOR UPDATE`;
  const [post] = await tx.$queryRaw<{ sellerId: string; state: TradePostState }[]>`
    SELECT seller_id AS "sellerId", lower(state::text) AS state FROM trade_posts WHERE id = ${postId}::uuid ${lock}`;
  if (!post) throw new NotFoundError(serverMessages.tradePostNotFound, 'post_not_found');
  const [deals] = await tx.$queryRaw<{ completed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM trade_deals WHERE post_id = ${postId}::uuid AND status = 'COMPLETED') AS completed`;
  return { sellerId: post.sellerId, completed: deals?.completed ?? false, state: post.state };
}

export interface LockedDeal extends DealState {
  id: string;
  buyerId: string;
  /** Open, but its time without activity is up: it must expire before anything else happens to it. */
  overdue: boolean;
}

/** Reads one deal of a post and locks its row (the post's row must be locked first); 404 when missing. */
export async function lockDeal(tx: Db, postId: string, dealId: string): Promise<LockedDeal> {
  const [deal] = await tx.$queryRaw<{
    buyerId: string; status: DealStatus; buyerConfirmed: boolean; sellerConfirmed: boolean; endedBy: DealParty | null; overdue: boolean;
  }[]>`
    SELECT buyer_id AS "buyerId", status::text AS status, buyer_confirmed_at IS NOT NULL AS "buyerConfirmed",
           seller_confirmed_at IS NOT NULL AS "sellerConfirmed", ${partyColumn(Prisma.sql`ended_by`)} AS "endedBy",
           status = 'IN_PROGRESS' AND last_activity_at <= clock_timestamp() - ${EXPIRY_INTERVAL} AS overdue
    FROM trade_deals WHERE id = ${dealId}::uuid AND post_id = ${postId}::uuid FOR UPDATE`;
  if (!deal) throw new NotFoundError(serverMessages.tradeDealNotFound, 'deal_not_found');
  return {
    id: dealId,
    buyerId: deal.buyerId,
    status: deal.status,
    confirmations: { buyer: deal.buyerConfirmed, seller: deal.sellerConfirmed },
    endedBy: deal.endedBy,
    overdue: deal.overdue,
  };
}

/** How an open deal ends: its new state, the party who ended it (null: the system), the reason, its chat notice. */
export interface DealEnding {
  status: Exclude<DealStatus, 'IN_PROGRESS'>;
  endedBy: DealParty | null;
  reason: string | null;
  event: ChatSystemEvent;
  /** The member the notice is stored under (the one who caused it; the seller for the system's own changes). */
  noticeSenderId: string;
  detail?: NoticeDetail;
}

/** A system message stored in a deal's chat, to announce once its transaction has committed. */
export interface StoredNotice {
  dealId: string;
  row: MessageRow;
}

/**
 * Ends an open deal (the caller holds its row lock) and records how in its chat. Only an open deal changes, so
 * a deal ends once whatever runs at the same time; the notice, or undefined when the deal was not open.
 */
export async function endDeal(tx: Transaction, dealId: string, ending: DealEnding): Promise<StoredNotice | undefined> {
  const endedBy = ending.endedBy ? Prisma.sql`${ending.endedBy.toUpperCase()}::trade_deal_party` : Prisma.sql`NULL`;
  const changed = await tx.$executeRaw`
    UPDATE trade_deals SET status = ${ending.status}::trade_deal_status, ended_at = clock_timestamp(), ended_by = ${endedBy},
      end_reason = ${ending.reason}, updated_at = clock_timestamp()
    WHERE id = ${dealId}::uuid AND status = 'IN_PROGRESS'`;
  if (changed === 0) return undefined;
  const row = await appendSystemMessage(tx, dealId, ending.noticeSenderId, ending.event, {
    ...ending.detail,
    role: ending.endedBy ?? undefined,
    reason: ending.reason,
  });
  return row ? { dealId, row } : undefined;
}

/** The ending of an open deal whose time without activity is up. */
export const expiryEnding = (sellerId: string): DealEnding => ({
  status: 'EXPIRED', endedBy: null, reason: null, event: 'expired', noticeSenderId: sellerId,
});

/** The open deals of a post other than `exceptDealId`, oldest first, locked (the post's row is locked already). */
export async function lockOpenDealsOfPost(tx: Db, postId: string, exceptDealId: string | null = null): Promise<string[]> {
  const except = exceptDealId ? Prisma.sql`AND id <> ${exceptDealId}::uuid` : Prisma.empty;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM trade_deals WHERE post_id = ${postId}::uuid AND status = 'IN_PROGRESS' ${except}
    ORDER BY created_at, id FOR UPDATE`;
  return rows.map((row) => row.id);
}
