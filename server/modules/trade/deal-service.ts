import type { ConfirmResponse, Deal, ProposeResponse } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { appendSystemMessage } from './chat-messages.js';
import { findDeal, postParticipants, roleIn, selectDeals, type DealRow } from './deal-queries.js';
import { inTransaction, type TradeDb, type TradeDeps } from './trade-db.js';
import { confirmationsOf, postStatus, presentDeal, presentMessage, type MessageRow } from './trade-presenters.js';
import { isBanned, refuseIfBanned } from './trade-profile-rows.js';
import { validateProposal } from './trade-rules.js';

interface LockedPost {
  sellerId: string;
  completed: boolean;
}

/**
 * Reads a post and locks it: `FOR SHARE` lets proposes run side by side but waits for a confirmation in
 * progress; `FOR UPDATE` (confirmations) runs one at a time per post, so a post completes at most once.
 */
async function lockPost(tx: TradeDb, postId: string, mode: 'share' | 'update'): Promise<LockedPost> {
  const lock = mode === 'share' ? Prisma.sql`FOR SHARE` : Prisma.sql`FOR UPDATE`;
  const [post] = await tx.$queryRaw<{ sellerId: string }[]>`
    SELECT seller_id AS "sellerId" FROM trade_posts WHERE id = ${postId}::uuid ${lock}`;
  if (!post) throw new NotFoundError(serverMessages.tradePostNotFound, 'post_not_found');
  const [state] = await tx.$queryRaw<{ completed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM trade_deals WHERE post_id = ${postId}::uuid AND status = 'COMPLETED') AS completed`;
  return { sellerId: post.sellerId, completed: state?.completed ?? false };
}

/** A post's application count and status, as the trade list shows them. */
async function postFacts(db: TradeDb, postId: string) {
  const [row] = await db.$queryRaw<{ dealCount: number; completed: boolean }[]>`
    SELECT count(*)::int AS "dealCount", coalesce(bool_or(status = 'COMPLETED'), false) AS completed
    FROM trade_deals WHERE post_id = ${postId}::uuid`;
  const dealCount = row?.dealCount ?? 0;
  return { dealCount, ...postStatus(dealCount, row?.completed ?? false) };
}

/** A system message stored in a deal's chat, to announce once its transaction has committed. */
interface StoredNotice {
  dealId: string;
  row: MessageRow;
}

/** Applications (deals), their confirmations and the seller's acknowledgement. */
export function dealService({ prisma, events }: TradeDeps) {
  /**
   * A buyer applies on a post. One deal per buyer and post (unique key): parallel proposes of one buyer store
   * one deal and every call gets it back; a buyer who already applied gets the existing deal (`created` false).
   */
  async function propose(member: SessionUser, postId: string, body: { price: number | string; note?: string }): Promise<ProposeResponse> {
    const input = validateProposal(body);
    const outcome = await inTransaction(prisma, async (tx): Promise<{ dealId: string; created: boolean; sellerId: string; notice?: MessageRow }> => {
      const post = await lockPost(tx, postId, 'share');
      if (post.sellerId === member.id) throw new BadRequestError(serverMessages.tradeOwnPost, 'own_post');
      refuseIfBanned(await isBanned(tx, member.id));
      const existing = await tx.tradeDeal.findUnique({
        where: { postId_buyerId: { postId, buyerId: member.id } },
        select: { id: true },
      });
      if (existing) return { dealId: existing.id, created: false, sellerId: post.sellerId };
      if (post.completed) throw new ConflictError(serverMessages.tradePostCompleted, 'post_completed');
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
      events.postChanged({ postId, reason: 'applied', ...(await postFacts(prisma, postId)) });
    }
    return { ok: true, dealId: outcome.dealId, created: outcome.created, deal: presentDeal(deal!) };
  }

  /** Pushes the system messages a committed change stored, each to its deal. */
  function announceNotices(postId: string, deals: DealRow[], notices: StoredNotice[]): void {
    const byId = new Map(deals.map((deal) => [deal.id, deal]));
    for (const notice of notices) {
      const deal = byId.get(notice.dealId);
      if (!deal) continue;
      events.chatMessage({ dealId: deal.id, postId, buyerId: deal.buyerId, sellerId: deal.sellerId, message: presentMessage(notice.row) });
    }
  }

  /** Every deal on the post, for its seller only. */
  async function listDeals(member: SessionUser, postId: string): Promise<Deal[]> {
    const post = await prisma.tradePost.findUnique({ where: { id: postId }, select: { sellerId: true } });
    if (!post) throw new NotFoundError(serverMessages.tradePostNotFound, 'post_not_found');
    if (post.sellerId !== member.id) throw new ForbiddenError(serverMessages.tradeSellerOnly, 'seller_only');
    return (await selectDeals(prisma, Prisma.sql`d.post_id = ${postId}::uuid`, member.id)).map(presentDeal);
  }

  /**
   * A party confirms completion. Idempotent: confirming twice changes nothing. The post's row lock orders
   * confirmations of its deals, so when both parties confirm at the same instant exactly one call sees both
   * confirmations and completes the deal; a completed deal is never changed again. The chat records each
   * confirmation and the completion, and the completion closes the post's other deals with a notice in theirs.
   */
  async function confirm(member: SessionUser, postId: string, dealId: string): Promise<ConfirmResponse> {
    const outcome = await inTransaction(prisma, async (tx): Promise<{
      changed: boolean; completed: boolean; sellerId: string; notices: StoredNotice[]; closedDealIds: string[];
    }> => {
      const post = await lockPost(tx, postId, 'update');
      const [deal] = await tx.$queryRaw<{ buyerId: string; status: 'IN_PROGRESS' | 'COMPLETED' }[]>`
        SELECT buyer_id AS "buyerId", status::text AS status FROM trade_deals
        WHERE id = ${dealId}::uuid AND post_id = ${postId}::uuid FOR UPDATE`;
      if (!deal) throw new NotFoundError(serverMessages.tradeDealNotFound, 'deal_not_found');
      const role = roleIn({ buyerId: deal.buyerId, sellerId: post.sellerId }, member.id);
      if (!role) throw new ForbiddenError(serverMessages.tradeNotParty, 'not_party');
      if (deal.status === 'COMPLETED') return { changed: false, completed: false, sellerId: post.sellerId, notices: [], closedDealIds: [] };
      if (post.completed) throw new ConflictError(serverMessages.tradeChatEnded, 'chat_closed');

      const column = role === 'buyer' ? Prisma.sql`buyer_confirmed_at` : Prisma.sql`seller_confirmed_at`;
      const changed = await tx.$executeRaw`
        UPDATE trade_deals SET ${column} = clock_timestamp(), updated_at = clock_timestamp()
        WHERE id = ${dealId}::uuid AND ${column} IS NULL`;
      const completed = await tx.$executeRaw`
        UPDATE trade_deals SET status = 'COMPLETED', completed_at = clock_timestamp(), updated_at = clock_timestamp()
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
        const others = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM trade_deals WHERE post_id = ${postId}::uuid AND id <> ${dealId}::uuid AND status = 'IN_PROGRESS'
          ORDER BY created_at, id`;
        for (const other of others) {
          closedDealIds.push(other.id);
          record(other.id, await appendSystemMessage(tx, other.id, post.sellerId, 'closed'));
        }
      }
      return { changed: changed > 0, completed: completed > 0, sellerId: post.sellerId, notices, closedDealIds };
    });

    const deal = (await findDeal(prisma, postId, dealId, member.id))!;
    const completedPost = deal.status === 'COMPLETED';
    const status = postStatus(1, completedPost);
    const confirmations = confirmationsOf(deal);
    if (outcome.changed) {
      // Every deal whose chat got a notice: this one, and the ones this completion closed.
      const touched = [deal, ...(outcome.closedDealIds.length
        ? await selectDeals(prisma, Prisma.sql`d.id IN (${Prisma.join(outcome.closedDealIds.map((id) => Prisma.sql`${id}::uuid`))})`, null)
        : [])];
      announceNotices(postId, touched, outcome.notices);
      for (const changed of touched) {
        events.dealUpdated({
          dealId: changed.id, postId, buyerId: changed.buyerId, sellerId: changed.sellerId, status: changed.status,
          postStatus: status.status, confirmations: confirmationsOf(changed),
          completed: changed.id === dealId && outcome.completed, closed: changed.status === 'COMPLETED' || changed.closed,
        });
      }
    }
    if (outcome.completed) {
      events.alertsSummaryChanged(await postParticipants(prisma, postId));
      events.postChanged({ postId, reason: 'completed', ...(await postFacts(prisma, postId)) });
    }
    return {
      ok: true,
      dealId,
      status: deal.status,
      postStatus: status.status,
      postStatusCode: status.statusCode,
      confirmations,
      completed: outcome.completed,
    };
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
