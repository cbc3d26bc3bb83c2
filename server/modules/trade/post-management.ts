import type { Db } from '../../db/client.js';
import type { TradePost, TradePostState } from '../../contracts/trade.js';
import { AppError, ConflictError, ForbiddenError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { announcePostChange, dealAnnouncer } from './deal-announcer.js';
import { endDeal, lockPost, type LockedPost, type StoredNotice } from './deal-transitions.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
import { validateNewPost } from './trade-rules.js';
import { requireNotRestricted } from './trade-standing.js';

/** What each state the seller may set does to the post's open applications. */
const CLOSES_APPLICATIONS: Readonly<Partial<Record<TradePostState, 'sold' | 'withdrawn'>>> = { sold: 'sold', withdrawn: 'withdrawn' };

/** The seller's own post, locked, and still open to changes: not completed, sold or withdrawn. */
async function lockOwnOpenPost(tx: Db, member: SessionUser, postId: string): Promise<LockedPost> {
  const post = await lockPost(tx, postId, 'update');
  if (post.sellerId !== member.id) throw new ForbiddenError(serverMessages.tradeSellerOnly, 'seller_only');
  await requireNotRestricted(tx, member.id);
  if (post.completed || post.state === 'sold' || post.state === 'withdrawn') {
    throw new ConflictError(serverMessages.tradePostFinished, 'post_finished');
  }
  return post;
}

/** The post's open deals, locked (its row is locked already), with whether either party has confirmed. */
async function lockOpenDeals(tx: Db, postId: string): Promise<{ id: string; underWay: boolean }[]> {
  return tx.$queryRaw`
    SELECT id, (buyer_confirmed_at IS NOT NULL OR seller_confirmed_at IS NOT NULL) AS "underWay"
    FROM trade_deals WHERE post_id = ${postId}::uuid AND status = 'IN_PROGRESS' ORDER BY created_at, id FOR UPDATE`;
}

/**
 * The seller manages their own post: edits it, reserves it for a buyer (no new applications) and reopens it,
 * marks it sold (outside a deal of the site) or withdraws it. Sold and withdrawn are final and close its open
 * applications, each with a notice in its chat; a deal under way (someone confirmed) must be completed or
 * cancelled first, so nobody's confirmed deal is closed under them. Each change runs under the post's row lock,
 * like every change to its deals.
 */
export function postManagement(deps: TradeDeps, readPost: (postId: string, viewer: SessionUser) => Promise<TradePost>) {
  const { prisma } = deps;
  const announce = dealAnnouncer(deps);

  const announcePost = (postId: string, reason: 'edited' | 'state') => announcePostChange(deps, postId, reason);

  /** Edits title, content and price (the write form's rules); the cooldown is for new posts only. */
  async function editPost(member: SessionUser, postId: string, body: { title: string; content: string; price: number | string }): Promise<TradePost> {
    const input = validateNewPost(body);
    await inTransaction(prisma, async (tx) => {
      await lockOwnOpenPost(tx, member, postId);
      await tx.$executeRaw`
        UPDATE trade_posts SET title = ${input.title}, content = ${input.content}, price = ${BigInt(input.price)},
          edited_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE id = ${postId}::uuid`;
    });
    await announcePost(postId, 'edited');
    return readPost(postId, member);
  }

  /** Sets what the seller says of the post; setting the state it has already changes nothing. */
  async function setState(member: SessionUser, postId: string, next: TradePostState): Promise<TradePost> {
    const outcome = await inTransaction(prisma, async (tx): Promise<{ changed: boolean; closed: StoredNotice[] }> => {
      const post = await lockOwnOpenPost(tx, member, postId);
      if (post.state === next) return { changed: false, closed: [] };
      const closedBy = CLOSES_APPLICATIONS[next];
      const closed: StoredNotice[] = [];
      if (closedBy) {
        const open = await lockOpenDeals(tx, postId);
        if (open.some((deal) => deal.underWay)) {
          throw new AppError(409, 'post_deal_under_way', serverMessages.tradePostDealUnderWay);
        }
        for (const deal of open) {
          const notice = await endDeal(tx, deal.id, {
            status: 'CLOSED', endedBy: null, reason: null, event: 'closed', noticeSenderId: member.id, detail: { closedBy },
          });
          if (notice) closed.push(notice);
        }
      }
      await tx.$executeRaw`
        UPDATE trade_posts SET state = ${next.toUpperCase()}::trade_post_state, state_changed_at = clock_timestamp(),
          updated_at = clock_timestamp()
        WHERE id = ${postId}::uuid`;
      return { changed: true, closed };
    });
    if (outcome.closed.length > 0) {
      await announce({ dealIds: outcome.closed.map((notice) => notice.dealId), notices: outcome.closed, postReason: 'state' });
    } else if (outcome.changed) {
      await announcePost(postId, 'state');
    }
    return readPost(postId, member);
  }

  return { editPost, setState };
}
