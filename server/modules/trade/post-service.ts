import type { SessionUser } from '../../plugins/auth.js';
import type { PostListResponse, TradePost } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { formatWait } from '../../lib/korean-time.js';
import { serverMessages } from '../../lib/messages.js';
import { countViewOnce, viewerKey } from '../../lib/view-counter.js';
import { announcePostChange } from './deal-announcer.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import { selectDeals } from './deal-queries.js';
import { findPost, selectPosts, TRADE_BOARD, TRADE_VIEW_TABLES } from './post-queries.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
import { presentDeal, presentPostSummary, postStatus } from './trade-presenters.js';
import { lockProfile, requireTradingAllowed } from './trade-standing.js';
import { TRADE_RULES, validateNewPost } from './trade-rules.js';

/** Posts of the user-trade board and their status, newest first. */
export function postService(deps: TradeDeps) {
  const { prisma } = deps;
  const lifecycle = dealLifecycleService(deps);

  /**
   * One page of the list; `mine` needs a member and lists their own posts only (withdrawn ones too). Everyone
   * else's list leaves withdrawn posts out.
   */
  async function listPosts(query: { page: number; limit: number; mine: boolean }, member: SessionUser | null): Promise<PostListResponse> {
    if (query.mine && !member) throw new UnauthorizedError(serverMessages.unauthorized);
    const where = query.mine
      ? Prisma.sql`p.board = ${TRADE_BOARD} AND p.seller_id = ${member!.id}::uuid`
      : Prisma.sql`p.board = ${TRADE_BOARD} AND p.state <> 'WITHDRAWN'`;
    const offset = (query.page - 1) * query.limit;
    const [rows, [count]] = await Promise.all([
      selectPosts(prisma, where, query.limit, offset),
      prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM trade_posts p WHERE ${where}`,
    ]);
    const total = count?.total ?? 0;
    return {
      ok: true,
      items: rows.map(presentPostSummary),
      page: query.page,
      limit: query.limit,
      total,
      hasMore: offset + rows.length < total,
    };
  }

  /**
   * A post with the deals the viewer may see. `reader` counts a view: once per reader (the member, else the IP)
   * a day, as board views count; null reads without counting (the page's own refreshes).
   */
  async function readPost(postId: string, viewer: SessionUser | null, reader: { ip: string } | null): Promise<TradePost> {
    await lifecycle.expireOverdue({ postId });
    if (reader) {
      await countViewOnce(prisma, TRADE_VIEW_TABLES, Prisma.sql`${postId}::uuid`, viewerKey({ memberId: viewer?.id ?? null, ip: reader.ip }));
    }
    const row = await findPost(prisma, postId);
    if (!row) throw new NotFoundError(serverMessages.tradePostNotFound, 'post_not_found');
    const isMine = viewer?.id === row.sellerId;
    const visible = isMine
      ? Prisma.sql`d.post_id = ${postId}::uuid`
      : viewer
        ? Prisma.sql`d.post_id = ${postId}::uuid AND d.buyer_id = ${viewer.id}::uuid`
        : Prisma.sql`false`;
    const deals = (await selectDeals(prisma, visible, viewer?.id ?? null)).map(presentDeal);
    const myDeal = viewer && !isMine ? deals.find((deal) => deal.buyerId._id === viewer.id) : undefined;
    return {
      ...presentPostSummary(row),
      ...postStatus(row),
      content: row.content,
      deals,
      isMine,
      myDealId: myDeal?._id ?? null,
    };
  }

  /**
   * Creates a post. The member's profile row is locked first, so of parallel posts inside the cooldown exactly
   * one is stored and the others get 429 with the seconds left.
   */
  async function createPost(member: SessionUser, body: { title: string; content: string; price: number | string }): Promise<TradePost> {
    const input = validateNewPost(body);
    const postId = await inTransaction(prisma, async (tx) => {
      await requireTradingAllowed(tx, member.id);
      const profile = await lockProfile(tx, member.id);
      if (profile.secondsSincePost !== null && profile.secondsSincePost < TRADE_RULES.postCooldownSeconds) {
        const retryAfter = Math.max(1, Math.ceil(TRADE_RULES.postCooldownSeconds - profile.secondsSincePost));
        throw new TooManyRequestsError(serverMessages.tradePostCooldown(formatWait(retryAfter)), retryAfter, 'post_cooldown');
      }
      const post = await tx.tradePost.create({
        data: { board: TRADE_BOARD, sellerId: member.id, title: input.title, content: input.content, price: BigInt(input.price) },
        select: { id: true },
      });
      await tx.$executeRaw`UPDATE trade_profiles SET last_posted_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE user_id = ${member.id}::uuid`;
      return post.id;
    });
    await announcePostChange(deps, postId, 'created');
    return readPost(postId, member, null);
  }

  return { listPosts, readPost, createPost };
}
