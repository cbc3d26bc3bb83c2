import type { Db } from '../../db/client.js';
import { DEAL_EXPIRY_HOURS, type DealParty, type DealStatus, type TradePostState } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';

import { confirmationsOf, dealEndOf, postStatus } from './trade-presenters.js';

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
  status: DealStatus;
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
  endedAt: Date | null;
  endedBy: DealParty | null;
  endReason: string | null;
  /** When an open deal expires unless something happens first; null once it ended. */
  expiresAt: Date | null;
  /** Ended without completing (rejected, withdrawn, cancelled, expired, closed). */
  closed: boolean;
  /** Messages from the other party newer than the viewer's read position (0 without a viewer). */
  unreadCount: number;
}

interface RawDealRow extends Omit<DealRow, 'price'> {
  price: bigint;
}

/** SQL true for a deal that still needs its parties (open: applied or under way). */
export const OPEN_DEAL = Prisma.sql`(d.status = 'IN_PROGRESS')`;

/** The expiry period as an SQL interval. */
export const EXPIRY_INTERVAL = Prisma.sql`make_interval(hours => ${DEAL_EXPIRY_HOURS}::int)`;

/** SQL true for an open deal whose time without activity is up (it expires when next touched or swept). */
export const OVERDUE_DEAL = Prisma.sql`(d.status = 'IN_PROGRESS' AND d.last_activity_at <= clock_timestamp() - ${EXPIRY_INTERVAL})`;

/** The stored party name of the database enum, as the API writes it. */
export const partyColumn = (column: Prisma.Sql) => Prisma.sql`lower(${column}::text)`;

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
  db: Db,
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
           d.ended_at AS "endedAt", ${partyColumn(Prisma.sql`d.ended_by`)} AS "endedBy", d.end_reason AS "endReason",
           CASE WHEN d.status = 'IN_PROGRESS' THEN d.last_activity_at + ${EXPIRY_INTERVAL} END AS "expiresAt",
           d.status NOT IN ('IN_PROGRESS', 'COMPLETED') AS closed, ${unreadFor(viewerId)} AS "unreadCount"
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
export async function findDeal(db: Db, postId: string, dealId: string, viewerId: string | null): Promise<DealRow | undefined> {
  const [row] = await selectDeals(db, Prisma.sql`d.id = ${dealId}::uuid AND d.post_id = ${postId}::uuid`, viewerId);
  return row;
}

/** The member's role in a deal, or null for anyone else. */
export function roleIn(deal: Pick<DealRow, 'buyerId' | 'sellerId'>, memberId: string): 'buyer' | 'seller' | null {
  if (deal.sellerId === memberId) return 'seller';
  if (deal.buyerId === memberId) return 'buyer';
  return null;
}

/** A post's application counts and status, as the trade list shows them. */
export async function postFacts(db: Db, postId: string) {
  const [row] = await db.$queryRaw<{ dealCount: number; openDealCount: number; completed: boolean; state: TradePostState }[]>`
    SELECT (SELECT count(*)::int FROM trade_deals WHERE post_id = p.id) AS "dealCount",
           (SELECT count(*)::int FROM trade_deals WHERE post_id = p.id AND status = 'IN_PROGRESS') AS "openDealCount",
           EXISTS (SELECT 1 FROM trade_deals WHERE post_id = p.id AND status = 'COMPLETED') AS completed,
           lower(p.state::text) AS state
    FROM trade_posts p WHERE p.id = ${postId}::uuid`;
  const facts = {
    dealCount: row?.dealCount ?? 0, openDealCount: row?.openDealCount ?? 0, completed: row?.completed ?? false, state: row?.state ?? 'open',
  };
  return { ...facts, ...postStatus(facts) };
}

/** A deal's state after a change to it, as the change's answer shows it (with its post's status). */
export async function dealStateAnswer(db: Db, postId: string, dealId: string, viewerId: string) {
  const deal = (await findDeal(db, postId, dealId, viewerId))!;
  const facts = await postFacts(db, postId);
  return {
    ok: true as const,
    dealId,
    status: deal.status,
    postStatus: facts.status,
    postStatusCode: facts.statusCode,
    confirmations: confirmationsOf(deal),
    ...dealEndOf(deal),
  };
}

/** Every deal the member is a party of (as buyer, or on their posts). */
export async function memberDealIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
    WHERE d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid`;
  return rows.map((row) => row.id);
}
