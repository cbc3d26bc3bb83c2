import type { Db } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { OPEN_DEAL, OVERDUE_DEAL } from './deal-queries.js';

import type { PostRow } from './trade-presenters.js';

interface RawPostRow extends Omit<PostRow, 'price'> {
  price: bigint;
}

/** The board every trade post is on (a trade post's `board`). */
export const TRADE_BOARD = 'user-trade';

/** View records of trade posts, counted once per reader a day like board views (lib/view-counter.ts). */
export const TRADE_VIEW_TABLES = { posts: 'trade_posts', views: 'trade_post_views' } as const;

/**
 * Posts matching `where` (over aliases p and u), newest first, with their seller and deal counts. An open deal past
 * its time counts as ended here already, so a list never shows an overdue deal as under way between two sweeps.
 */
export async function selectPosts(db: Db, where: Prisma.Sql, limit: number, offset: number): Promise<PostRow[]> {
  const rows = await db.$queryRaw<RawPostRow[]>`
    SELECT p.id, p.title, p.content, p.price, p.views, p.created_at AS "createdAt", p.updated_at AS "updatedAt",
           p.edited_at AS "editedAt", lower(p.state::text) AS state,
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

/** One post, or undefined. */
export async function findPost(db: Db, postId: string): Promise<PostRow | undefined> {
  const [row] = await selectPosts(db, Prisma.sql`p.id = ${postId}::uuid`, 1, 0);
  return row;
}
