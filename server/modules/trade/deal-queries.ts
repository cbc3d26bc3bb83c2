import { Prisma } from '../../db/generated/client.js';
import type { TradeDb } from './trade-db.js';

/** A deal with its post, both parties' nicknames and the state the pages show, as one row. */
export interface DealRow {
  id: string;
  postId: string;
  buyerId: string;
  sellerId: string;
  buyerNick: string;
  sellerNick: string;
  postTitle: string;
  price: number;
  note: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  buyerConfirmedAt: Date | null;
  sellerConfirmedAt: Date | null;
  completedAt: Date | null;
  sellerAckedAt: Date | null;
  messageCount: number;
  lastMessageAt: Date | null;
  /** Read positions: the newest message sequence number each party has read. */
  buyerReadSeq: number;
  sellerReadSeq: number;
  createdAt: Date;
  updatedAt: Date;
  /** In progress, but another deal completed the post: the deal has ended without completing. */
  closed: boolean;
  /** Messages from the other party newer than the viewer's read position (0 without a viewer). */
  unreadCount: number;
}

interface RawDealRow extends Omit<DealRow, 'price'> {
  price: bigint;
}

/** SQL true when a deal is still in progress but its post was completed by another deal. */
export const CLOSED_BY_OTHER = Prisma.sql`(d.status = 'IN_PROGRESS' AND EXISTS (
  SELECT 1 FROM trade_deals o WHERE o.post_id = d.post_id AND o.status = 'COMPLETED'))`;

/** SQL true for a deal that still needs its parties: in progress on a post nobody has completed. */
export const OPEN_DEAL = Prisma.sql`(d.status = 'IN_PROGRESS' AND NOT EXISTS (
  SELECT 1 FROM trade_deals o WHERE o.post_id = d.post_id AND o.status = 'COMPLETED'))`;

/**
 * The unread count of `viewerId` in deal `d` (of post `p`): the other party's messages past the read position.
 * System messages (deal state notices) do not count: the alerts and the deal views already tell of those.
 */
export function unreadFor(viewerId: string | null): Prisma.Sql {
  if (!viewerId) return Prisma.sql`0`;
  return Prisma.sql`(SELECT count(*)::int FROM trade_chat_messages m
    WHERE m.deal_id = d.id AND m.sender_id <> ${viewerId}::uuid AND m.system_event IS NULL
      AND m.seq > CASE WHEN p.seller_id = ${viewerId}::uuid THEN d.seller_read_seq ELSE d.buyer_read_seq END)`;
}

/** Deals matching `where` (over aliases d, p), oldest first unless `orderBy` says otherwise. */
export async function selectDeals(
  db: TradeDb,
  where: Prisma.Sql,
  viewerId: string | null,
  orderBy: Prisma.Sql = Prisma.sql`d.created_at, d.id`,
  limit = 1000,
): Promise<DealRow[]> {
  const rows = await db.$queryRaw<RawDealRow[]>`
    SELECT d.id, d.post_id AS "postId", d.buyer_id AS "buyerId", p.seller_id AS "sellerId",
           bu.nickname::text AS "buyerNick", su.nickname::text AS "sellerNick", p.title AS "postTitle",
           d.price, d.note, d.status::text AS status,
           d.buyer_confirmed_at AS "buyerConfirmedAt", d.seller_confirmed_at AS "sellerConfirmedAt",
           d.completed_at AS "completedAt", d.seller_acked_at AS "sellerAckedAt",
           d.message_count AS "messageCount", d.last_message_at AS "lastMessageAt",
           d.buyer_read_seq AS "buyerReadSeq", d.seller_read_seq AS "sellerReadSeq",
           d.created_at AS "createdAt", d.updated_at AS "updatedAt",
           ${CLOSED_BY_OTHER} AS closed, ${unreadFor(viewerId)} AS "unreadCount"
    FROM trade_deals d
    JOIN trade_posts p ON p.id = d.post_id
    JOIN users bu ON bu.id = d.buyer_id
    JOIN users su ON su.id = p.seller_id
    WHERE ${where}
    ORDER BY ${orderBy}
    LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, price: Number(row.price) }));
}

/** One deal of one post, or undefined. */
export async function findDeal(db: TradeDb, postId: string, dealId: string, viewerId: string | null): Promise<DealRow | undefined> {
  const [row] = await selectDeals(db, Prisma.sql`d.id = ${dealId}::uuid AND d.post_id = ${postId}::uuid`, viewerId);
  return row;
}

/** The member's role in a deal, or null for anyone else. */
export function roleIn(deal: Pick<DealRow, 'buyerId' | 'sellerId'>, memberId: string): 'buyer' | 'seller' | null {
  if (deal.sellerId === memberId) return 'seller';
  if (deal.buyerId === memberId) return 'buyer';
  return null;
}

/** Whether a post has a completed deal. */
export async function postIsCompleted(db: TradeDb, postId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ completed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM trade_deals WHERE post_id = ${postId}::uuid AND status = 'COMPLETED') AS completed`;
  return row?.completed ?? false;
}

/** Every member with a deal on the post, and its seller: who hears that the post completed. */
export async function postParticipants(db: TradeDb, postId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT seller_id AS id FROM trade_posts WHERE id = ${postId}::uuid
    UNION SELECT buyer_id FROM trade_deals WHERE post_id = ${postId}::uuid`;
  return rows.map((row) => row.id);
}

/** Every deal the member is a party of (as buyer, or on their posts). */
export async function memberDealIds(db: TradeDb, memberId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
    WHERE d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid`;
  return rows.map((row) => row.id);
}
