import type { ConfirmResponse, Deal, ProposeResponse, TradePostState } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { refuseBlockedApplication } from './blocks.js';
import { appendSystemMessage } from './chat-messages.js';
import { announcePostChange, dealAnnouncer } from './deal-announcer.js';
import { alreadyDone, refusalOf } from './deal-lifecycle.js';
import { dealStateAnswer, findDeal, roleIn, selectDeals } from './deal-queries.js';
import {
  endDeal, expiryEnding, lockDeal, lockOpenDealsOfPost, lockPost, type StoredNotice,
} from './deal-transitions.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
import { presentDeal, presentMessage, type MessageRow } from './trade-presenters.js';
import { requireNotRestricted, requireTradingAllowed, tradeStanding } from './trade-standing.js';
import { validateProposal } from './trade-rules.js';

/** New applications wait for a post the seller has not reserved, sold or withdrawn. */
function refuseUnlessOpen(state: TradePostState): void {
  if (state === 'reserved') throw new ConflictError(serverMessages.tradePostReserved, 'post_reserved');
  if (state === 'sold') throw new ConflictError(serverMessages.tradePostSold, 'post_sold');
  if (state === 'withdrawn') throw new ConflictError(serverMessages.tradePostWithdrawn, 'post_withdrawn');
}

/** Applications (deals), their confirmations and the seller's acknowledgement. */
export function dealService(deps: TradeDeps) {
  const { prisma, events } = deps;
  const announce = dealAnnouncer(deps);

  /**
   * A buyer applies on a post. One deal per buyer and post (unique key): parallel proposes of one buyer store
   * one deal and every call gets it back; a buyer who already applied gets the existing deal (`created` false).
   */
  async function propose(member: SessionUser, postId: string, body: { price: number | string; note?: string }): Promise<ProposeResponse> {
    const input = validateProposal(body);
    const outcome = await inTransaction(prisma, async (tx): Promise<{ dealId: string; created: boolean; sellerId: string; notice?: MessageRow }> => {
      const post = await lockPost(tx, postId, 'share');
      if (post.sellerId === member.id) throw new BadRequestError(serverMessages.tradeOwnPost, 'own_post');
      await requireTradingAllowed(tx, member.id);
      await refuseBlockedApplication(tx, member.id, post.sellerId);
      if ((await tradeStanding(tx, post.sellerId)).banned) throw new ConflictError(serverMessages.tradeSellerRestricted, 'seller_restricted');
      const existing = await tx.tradeDeal.findUnique({
        where: { postId_buyerId: { postId, buyerId: member.id } },
        select: { id: true, status: true },
      });
      if (existing) {
        // One application per buyer and post: an open or completed one comes back; one that ended stays ended.
        if (existing.status !== 'IN_PROGRESS' && existing.status !== 'COMPLETED') {
          throw new ConflictError(serverMessages.tradeAppliedBefore, 'applied_before');
        }
        return { dealId: existing.id, created: false, sellerId: post.sellerId };
      }
      if (post.completed) throw new ConflictError(serverMessages.tradePostCompleted, 'post_completed');
      refuseUnlessOpen(post.state);
      const [inserted] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO trade_deals (post_id, buyer_id, price, note)
        VALUES (${postId}::uuid, ${member.id}::uuid, ${BigInt(input.price)}, ${input.note})
        ON CONFLICT (post_id, buyer_id) DO NOTHING
        RETURNING id`;
      if (inserted) {
        const notice = await appendSystemMessage(tx, inserted.id, member.id, 'applied', {
          buyerNick: member.nickname, price: input.price, note: input.note,
        });
        return { dealId: inserted.id, created: true, sellerId: post.sellerId, notice };
      }
      // A parallel propose of the same buyer committed first: hand back its deal.
      const winner = await tx.tradeDeal.findUniqueOrThrow({
        where: { postId_buyerId: { postId, buyerId: member.id } },
        select: { id: true },
      });
      return { dealId: winner.id, created: false, sellerId: post.sellerId };
    });
    const deal = await findDeal(prisma, postId, outcome.dealId, member.id);
    if (outcome.created && deal) {
      if (outcome.notice) {
        events.chatMessage({ dealId: deal.id, postId, buyerId: deal.buyerId, sellerId: deal.sellerId, message: presentMessage(outcome.notice) });
      }
      const asSellerSees = await findDeal(prisma, postId, deal.id, outcome.sellerId);
      events.dealApplicant({
        sellerId: outcome.sellerId, postId, dealId: deal.id, buyerNick: deal.buyerNick, price: deal.price, deal: presentDeal(asSellerSees ?? deal),
      });
      events.alertsSummaryChanged([outcome.sellerId, member.id]);
      await announcePostChange(deps, postId, 'applied');
    }
    return { ok: true, dealId: outcome.dealId, created: outcome.created, deal: presentDeal(deal!) };
  }

  /** Every deal on the post, for its seller only. */
  async function listDeals(member: SessionUser, postId: string): Promise<Deal[]> {
    const post = await prisma.tradePost.findUnique({ where: { id: postId }, select: { sellerId: true } });
    if (!post) throw new NotFoundError(serverMessages.tradePostNotFound, 'post_not_found');
    if (post.sellerId !== member.id) throw new ForbiddenError(serverMessages.tradeSellerOnly, 'seller_only');
    return (await selectDeals(prisma, Prisma.sql`d.post_id = ${postId}::uuid`, member.id)).map(presentDeal);
  }

  /**
   * A party confirms completion. Idempotent: confirming twice changes nothing, and a later confirmation of a
   * completed deal answers its state. The post's row lock orders every change of its deals, so when both parties
   * confirm at the same instant exactly one call sees both confirmations and completes the deal, and a cancel at
   * the same instant either comes first (the confirmation is refused) or after (the cancel is). The chat records
   * each confirmation and the completion, and the completion closes the post's other open deals with a notice in
   * theirs. A deal whose time without activity is up expires instead (409).
   */
  async function confirm(member: SessionUser, postId: string, dealId: string): Promise<ConfirmResponse> {
    const outcome = await inTransaction(prisma, async (tx): Promise<{ expired: boolean; changed: boolean; completed: boolean; notices: StoredNotice[]; closedDealIds: string[] }> => {
      const post = await lockPost(tx, postId, 'update');
      const deal = await lockDeal(tx, postId, dealId);
      const role = roleIn({ buyerId: deal.buyerId, sellerId: post.sellerId }, member.id);
      if (!role) throw new ForbiddenError(serverMessages.tradeNotParty, 'not_party');
      await requireNotRestricted(tx, member.id);
      const unchanged = { expired: false, changed: false, completed: false, notices: [], closedDealIds: [] };
      if (alreadyDone(deal, 'confirm', role)) return unchanged;
      if (deal.overdue) {
        const notice = await endDeal(tx, dealId, expiryEnding(post.sellerId));
        return { ...unchanged, expired: true, notices: notice ? [notice] : [] };
      }
      const refusal = refusalOf(deal, 'confirm', role);
      if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);

      const column = role === 'buyer' ? Prisma.sql`buyer_confirmed_at` : Prisma.sql`seller_confirmed_at`;
      const changed = await tx.$executeRaw`
        UPDATE trade_deals SET ${column} = clock_timestamp(), updated_at = clock_timestamp()
        WHERE id = ${dealId}::uuid AND ${column} IS NULL`;
      const completed = await tx.$executeRaw`
        UPDATE trade_deals SET status = 'COMPLETED', completed_at = clock_timestamp(), ended_at = clock_timestamp(),
          updated_at = clock_timestamp()
        WHERE id = ${dealId}::uuid AND status = 'IN_PROGRESS'
          AND buyer_confirmed_at IS NOT NULL AND seller_confirmed_at IS NOT NULL`;

      const notices: StoredNotice[] = [];
      const record = (noticeDealId: string, row: MessageRow | undefined) => {
        if (row) notices.push({ dealId: noticeDealId, row });
      };
      if (changed > 0) record(dealId, await appendSystemMessage(tx, dealId, member.id, 'confirmed', { role }));
      const closedDealIds: string[] = [];
      if (completed > 0) {
        record(dealId, await appendSystemMessage(tx, dealId, member.id, 'completed'));
        for (const otherId of await lockOpenDealsOfPost(tx, postId, dealId)) {
          const notice = await endDeal(tx, otherId, {
            status: 'CLOSED', endedBy: null, reason: null, event: 'closed', noticeSenderId: post.sellerId, detail: { closedBy: 'other_buyer' },
          });
          closedDealIds.push(otherId);
          if (notice) notices.push(notice);
        }
      }
      return { expired: false, changed: changed > 0, completed: completed > 0, notices, closedDealIds };
    });

    if (outcome.expired) {
      await announce({ dealIds: [dealId], notices: outcome.notices, postReason: 'ended' });
      throw new ConflictError(serverMessages.tradeDealExpired, 'deal_expired');
    }
    if (outcome.changed) {
      await announce({
        dealIds: [dealId, ...outcome.closedDealIds],
        notices: outcome.notices,
        completedDealId: outcome.completed ? dealId : undefined,
        postReason: outcome.completed ? 'completed' : undefined,
      });
    }
    return { ...(await dealStateAnswer(prisma, postId, dealId, member.id)), completed: outcome.completed };
  }

  /** The seller opened the deal's chat: recorded once (`acknowledged` is true only the first time). */
  async function ackSeller(member: SessionUser, postId: string, dealId: string): Promise<boolean> {
    const deal = await findDeal(prisma, postId, dealId, null);
    if (!deal) throw new NotFoundError(serverMessages.tradeDealNotFound, 'deal_not_found');
    if (deal.sellerId !== member.id) throw new ForbiddenError(serverMessages.tradeSellerOnly, 'seller_only');
    const changed = await prisma.$executeRaw`
      UPDATE trade_deals SET seller_acked_at = clock_timestamp() WHERE id = ${dealId}::uuid AND seller_acked_at IS NULL`;
    // The seller's new-applications count dropped: their other tabs' banners follow.
    if (changed > 0) events.alertsSummaryChanged([member.id]);
    return changed > 0;
  }

  return { propose, listDeals, confirm, ackSeller };
}
