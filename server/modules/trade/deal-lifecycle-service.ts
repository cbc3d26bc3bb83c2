import type { Db, Transaction } from '../../db/client.js';
import type { DealChangeResponse, DealParty } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { AppError, ConflictError, ForbiddenError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { dealAnnouncer, type DealChange } from './deal-announcer.js';
import { ACTION_END, ACTION_EVENT, alreadyDone, refusalOf } from './deal-lifecycle.js';
import { dealStateAnswer, OVERDUE_DEAL, roleIn } from './deal-queries.js';
import {
  endDeal, expiryEnding, lockDeal, lockPost, type DealEnding, type StoredNotice,
} from './deal-transitions.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
import { readReason } from './trade-rules.js';
import { requireNotRestricted } from './trade-standing.js';

type EndingAction = 'reject' | 'withdraw' | 'cancel';

/** Which open deals an expiry check looks at: one deal, one post's, one member's, or all (the sweep). */
export type ExpiryScope = { dealId: string } | { postId: string } | { memberId: string } | 'all';

function scopeCondition(scope: ExpiryScope): Prisma.Sql {
  if (scope === 'all') return Prisma.sql`true`;
  if ('dealId' in scope) return Prisma.sql`d.id = ${scope.dealId}::uuid`;
  if ('postId' in scope) return Prisma.sql`d.post_id = ${scope.postId}::uuid`;
  return Prisma.sql`(d.buyer_id = ${scope.memberId}::uuid
    OR d.post_id IN (SELECT id FROM trade_posts WHERE seller_id = ${scope.memberId}::uuid))`;
}

/** A batch of the sweep: enough for a busy minute, small enough that one run never holds the process long. */
const SWEEP_BATCH = 200;

/**
 * How deals end without completing (the confirmations are in deal-service.ts): the seller rejects an application,
 * the buyer withdraws one, either party cancels a deal under way, a deal expires without activity, and the open
 * deals of a member who leaves or is restricted are cancelled. Each is one transaction under the post's and the
 * deal's row locks that changes only an open deal, so every deal ends once, whatever runs at the same time (on
 * any process), and its end is pushed to its parties after the commit.
 */
export function dealLifecycleService(deps: TradeDeps) {
  const { prisma } = deps;
  const announce = dealAnnouncer(deps);

  /**
   * A party ends an open deal: `reject` (seller) and `withdraw` (buyer) an application nobody confirmed yet, the
   * reason optional; `cancel` (either) a deal under way, with a reason. A repeat of the same end by the same party
   * answers the deal as it is (`changed` false); anything else on an ended deal is a 409.
   */
  async function end(member: SessionUser, postId: string, dealId: string, action: EndingAction, rawReason: string | undefined): Promise<DealChangeResponse> {
    const reason = readReason(rawReason, action === 'cancel');
    const outcome = await inTransaction(prisma, async (tx): Promise<{ changed: boolean; expired: boolean; notices: StoredNotice[] }> => {
      const post = await lockPost(tx, postId, 'update');
      const deal = await lockDeal(tx, postId, dealId);
      const role = roleIn({ buyerId: deal.buyerId, sellerId: post.sellerId }, member.id);
      if (!role) throw new ForbiddenError(serverMessages.tradeNotParty, 'not_party');
      await requireNotRestricted(tx, member.id);
      if (alreadyDone(deal, action, role)) return { changed: false, expired: false, notices: [] };
      if (deal.overdue) {
        const notice = await endDeal(tx, dealId, expiryEnding(post.sellerId));
        return { changed: false, expired: true, notices: notice ? [notice] : [] };
      }
      const refusal = refusalOf(deal, action, role);
      if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
      const notice = await endDeal(tx, dealId, {
        status: ACTION_END[action], endedBy: role, reason, event: ACTION_EVENT[action], noticeSenderId: member.id,
      });
      return { changed: true, expired: false, notices: notice ? [notice] : [] };
    });
    if (outcome.notices.length > 0) await announce({ dealIds: [dealId], notices: outcome.notices, postReason: 'ended' });
    if (outcome.expired) throw new ConflictError(serverMessages.tradeDealExpired, 'deal_expired');
    return { ...(await dealStateAnswer(prisma, postId, dealId, member.id)), changed: outcome.changed };
  }

  /** Ends one deal that is overdue, if it still is under the locks; the change to announce, if any. */
  async function expireOne(dealId: string, postId: string): Promise<StoredNotice | undefined> {
    return inTransaction(prisma, async (tx) => {
      const post = await lockPost(tx, postId, 'update');
      const deal = await lockDeal(tx, postId, dealId);
      return deal.overdue ? endDeal(tx, dealId, expiryEnding(post.sellerId)) : undefined;
    });
  }

  /**
   * Expires the open deals in `scope` whose time without activity is up: the periodic sweep (every process runs
   * one) and the reads of deals (so a page never shows as open what is past its time). Each deal is rechecked
   * under its locks, so processes sweeping at the same time expire it once. Returns how many it expired.
   */
  async function expireOverdue(scope: ExpiryScope = 'all'): Promise<number> {
    const due = await prisma.$queryRaw<{ id: string; postId: string }[]>`
      SELECT d.id, d.post_id AS "postId" FROM trade_deals d
      WHERE ${OVERDUE_DEAL} AND ${scopeCondition(scope)}
      ORDER BY d.last_activity_at, d.id LIMIT ${SWEEP_BATCH}`;
    let expired = 0;
    for (const deal of due) {
      const notice = await expireOne(deal.id, deal.postId);
      if (!notice) continue;
      expired += 1;
      await announce({ dealIds: [deal.id], notices: [notice], postReason: 'ended' });
    }
    return expired;
  }

  return {
    reject: (member: SessionUser, postId: string, dealId: string, reason?: string) => end(member, postId, dealId, 'reject', reason),
    withdraw: (member: SessionUser, postId: string, dealId: string, reason?: string) => end(member, postId, dealId, 'withdraw', reason),
    cancel: (member: SessionUser, postId: string, dealId: string, reason: string) => end(member, postId, dealId, 'cancel', reason),
    expireOverdue,
  };
}

/** The open deals a member is a party of, with the post each is on and the member's role in it. */
async function openDealsOf(tx: Db, memberId: string): Promise<{ id: string; postId: string; role: DealParty; sellerId: string }[]> {
  return tx.$queryRaw`
    SELECT d.id, d.post_id AS "postId", p.seller_id AS "sellerId",
           CASE WHEN p.seller_id = ${memberId}::uuid THEN 'seller' ELSE 'buyer' END AS role
    FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
    WHERE d.status = 'IN_PROGRESS' AND (d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid)
    ORDER BY d.post_id, d.id`;
}

/**
 * Cancels every open deal of a member who leaves the site or is restricted from trading, inside the caller's
 * transaction (the account deletion's or the restriction's), as cancelled by that member with `reason`. Posts are
 * locked in id order, so two such runs never wait on each other in a circle. Returns the change to announce once
 * the caller's transaction has committed.
 */
export async function cancelOpenDealsOf(tx: Transaction, memberId: string, reason: string): Promise<DealChange> {
  const deals = await openDealsOf(tx, memberId);
  const notices: StoredNotice[] = [];
  const dealIds: string[] = [];
  for (const postId of [...new Set(deals.map((deal) => deal.postId))]) await lockPost(tx, postId, 'update');
  for (const deal of deals) {
    await lockDeal(tx, deal.postId, deal.id);
    const ending: DealEnding = { status: 'CANCELLED', endedBy: deal.role, reason, event: 'cancelled', noticeSenderId: memberId };
    const notice = await endDeal(tx, deal.id, ending);
    // Undefined when the deal ended meanwhile (completed just before the lock): nothing of it changes here.
    if (!notice) continue;
    dealIds.push(deal.id);
    notices.push(notice);
  }
  return { dealIds, notices, postReason: 'ended' };
}
