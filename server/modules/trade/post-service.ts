import type { SessionUser } from '../../plugins/auth.js';
import type { PostListResponse, TradePost } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { formatWait } from '../../lib/korean-time.js';
import { serverMessages } from '../../lib/messages.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import { OPEN_DEAL, OVERDUE_DEAL, selectDeals } from './deal-queries.js';
import { inTransaction, type TradeDb, type TradeDeps } from './trade-db.js';
import { presentDeal, presentPostSummary, postStatus, type PostRow } from './trade-presenters.js';
import { lockProfile, refuseIfBanned } from './trade-profile-rows.js';
import { TRADE_RULES, validateNewPost } from './trade-rules.js';

interface RawPostRow extends Omit<PostRow, 'price'> {
  price: bigint;
}

const BOARD = 'user-trade';

async function selectPosts(db: TradeDb, where: Prisma.Sql, limit: number, offset: number): Promise<PostRow[]> {
  const rows = await db.$queryRaw<RawPostRow[]>`
    SELECT p.id, p.title, p.content, p.price, p.views, p.created_at AS "createdAt", p.updated_at AS "updatedAt",
           p.seller_id AS "sellerId", u.nickname::text AS "sellerNick", u.role = 'admin' AS "sellerIsAdmin",
           (SELECT count(*)::int FROM trade_deals d WHERE d.post_id = p.id) AS "dealCount",
           (SELECT count(*)::int FROM trade_deals d WHERE d.post_id = p.id AND ${OPEN_DEAL} AND NOT ${OVERDUE_DEAL}) AS "openDealCount",
           EXISTS (SELECT 1 FROM trade_deals d WHERE d.post_id = p.id AND d.status = 'COMPLETED') AS completed
    FROM trade_posts p JOIN users u ON u.id = p.seller_id
    WHERE ${where}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((row) => ({ ...row, price: Number(row.price) }));
}

/** Posts of the user-trade board and their status, newest first. */
export function postService(deps: TradeDeps) {
  const { prisma, events } = deps;
  const lifecycle = dealLifecycleService(deps);
  /** One page of the list; `mine` needs a member and lists their own posts only. */
  async function listPosts(query: { page: number; limit: number; mine: boolean }, member: SessionUser | null): Promise<PostListResponse> {
    if (query.mine && !member) throw new UnauthorizedError(serverMessages.unauthorized);
    const where = query.mine
      ? Prisma.sql`p.board = ${BOARD} AND p.seller_id = ${member!.id}::uuid`
      : Prisma.sql`p.board = ${BOARD}`;
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

  /** A post with the deals the viewer may see; counts a view unless `countView` is false. */
  async function readPost(postId: string, viewer: SessionUser | null, countView: boolean): Promise<TradePost> {
    await lifecycle.expireOverdue({ postId });
    if (countView) {
      await prisma.$executeRaw`UPDATE trade_posts SET views = views + 1 WHERE id = ${postId}::uuid`;
    }
    const [row] = await selectPosts(prisma, Prisma.sql`p.id = ${postId}::uuid`, 1, 0);
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
      const profile = await lockProfile(tx, member.id);
      refuseIfBanned(profile.banned);
      if (profile.secondsSincePost !== null && profile.secondsSincePost < TRADE_RULES.postCooldownSeconds) {
        const retryAfter = Math.max(1, Math.ceil(TRADE_RULES.postCooldownSeconds - profile.secondsSincePost));
        throw new TooManyRequestsError(serverMessages.tradePostCooldown(formatWait(retryAfter)), retryAfter, 'post_cooldown');
      }
      const post = await tx.tradePost.create({
        data: { board: BOARD, sellerId: member.id, title: input.title, content: input.content, price: BigInt(input.price) },
        select: { id: true },
      });
      await tx.$executeRaw`UPDATE trade_profiles SET last_posted_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE user_id = ${member.id}::uuid`;
      return post.id;
    });
    const post = await readPost(postId, member, false);
    events.postChanged({ postId, reason: 'created', status: post.status, statusCode: post.statusCode, dealCount: post.dealCount });
    return post;
  }

  return { listPosts, readPost, createPost };
}
