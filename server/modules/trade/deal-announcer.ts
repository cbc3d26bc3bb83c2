import type { PostChangedEvent } from '../../contracts/realtime.js';
import { Prisma } from '../../db/generated/client.js';
import { postFacts, selectDeals } from './deal-queries.js';
import type { StoredNotice } from './deal-transitions.js';
import type { TradeDeps } from './trade-db.js';
import { confirmationsOf, presentMessage } from './trade-presenters.js';

/** What one committed change did to deals: which changed, the chat notices it stored, which deal it completed. */
export interface DealChange {
  dealIds: string[];
  notices: StoredNotice[];
  completedDealId?: string;
  /** Why the posts' public facts changed (trade lists refresh); none when they did not (a confirmation). */
  postReason?: PostChangedEvent['reason'];
}

/**
 * Tells the live push what a committed deal change did, in the order the pages need it: each chat notice to its
 * deal's room, each changed deal's state to both its parties (and its room), then the parties' alert counts and
 * the posts' public facts. Every change of a deal goes through here, so each reaches the same members once.
 */
export function dealAnnouncer({ prisma, events }: TradeDeps) {
  return async function announce(change: DealChange): Promise<void> {
    if (change.dealIds.length === 0) return;
    const deals = await selectDeals(prisma, Prisma.sql`d.id IN (${Prisma.join(change.dealIds.map((id) => Prisma.sql`${id}::uuid`))})`, null);
    const byId = new Map(deals.map((deal) => [deal.id, deal]));
    for (const notice of change.notices) {
      const deal = byId.get(notice.dealId);
      if (deal) {
        events.chatMessage({ dealId: deal.id, postId: deal.postId, buyerId: deal.buyerId, sellerId: deal.sellerId, message: presentMessage(notice.row) });
      }
    }
    const postIds = [...new Set(deals.map((deal) => deal.postId))];
    const facts = new Map(await Promise.all(postIds.map(async (postId) => [postId, await postFacts(prisma, postId)] as const)));
    for (const deal of deals) {
      events.dealUpdated({
        dealId: deal.id,
        postId: deal.postId,
        buyerId: deal.buyerId,
        sellerId: deal.sellerId,
        status: deal.status,
        postStatus: facts.get(deal.postId)!.status,
        confirmations: confirmationsOf(deal),
        completed: deal.id === change.completedDealId,
        closed: deal.status !== 'IN_PROGRESS',
        endedBy: deal.endedBy,
        endReason: deal.endReason,
      });
    }
    const parties = deals.flatMap((deal) => [deal.buyerId, deal.sellerId]);
    if (deals.some((deal) => deal.status !== 'IN_PROGRESS' || deal.id === change.completedDealId)) events.alertsSummaryChanged(parties);
    const reason = change.postReason;
    if (!reason) return;
    for (const postId of postIds) {
      const { dealCount, status, statusCode } = facts.get(postId)!;
      events.postChanged({ postId, reason, status, statusCode, dealCount });
    }
  };
}

/** Tells list watchers a post's public facts after a change to it (status, application count). */
export async function announcePostChange({ prisma, events }: TradeDeps, postId: string, reason: PostChangedEvent['reason']): Promise<void> {
  const { dealCount, status, statusCode } = await postFacts(prisma, postId);
  events.postChanged({ postId, reason, status, statusCode, dealCount });
}
