import type {
  AdminTrustItem, HistoryItem, HistoryResponse, SellerCredibility, TradeProfile,
} from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { CLOSED_BY_OTHER, selectDeals } from './deal-queries.js';
import type { TradeDb, TradeDeps } from './trade-db.js';
import { completionRate, scorePercent, TRADE_RULES } from './trade-rules.js';

/**
 * Deal counts of a member. A deal counts in `total` unless it ended because another buyer's deal completed the
 * post (that is nobody's failure); it counts in `completed` once completed.
 */
interface DealCounts {
  sellerCompleted: number;
  sellerTotal: number;
  anyCompleted: number;
  anyTotal: number;
}

interface StandingRow extends DealCounts {
  id: string;
  email: string;
  nickname: string;
  prevVerifiedCount: number;
  isTrusted: boolean;
  isBanned: boolean;
}

/** Members with their trade standing and deal counts, selected by `where` over users `u`. */
async function selectStandings(db: TradeDb, where: Prisma.Sql, orderBy: Prisma.Sql, limit: number): Promise<StandingRow[]> {
  return db.$queryRaw<StandingRow[]>`
    WITH chosen AS (
      SELECT u.id, u.email::text AS email, u.nickname::text AS nickname, row_number() OVER (ORDER BY ${orderBy}) AS rank,
             coalesce(tp.prev_verified_count, 0) AS "prevVerifiedCount",
             coalesce(tp.is_trusted, false) AS "isTrusted", coalesce(tp.banned, false) AS "isBanned"
      FROM users u LEFT JOIN trade_profiles tp ON tp.user_id = u.id
      WHERE ${where}
      ORDER BY ${orderBy}
      LIMIT ${limit}
    ), counted AS (
      SELECT p.seller_id, d.buyer_id, d.status = 'COMPLETED' AS completed, NOT ${CLOSED_BY_OTHER} AS counts
      FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE p.seller_id IN (SELECT id FROM chosen) OR d.buyer_id IN (SELECT id FROM chosen)
    )
    SELECT c.id, c.email, c.nickname, c."prevVerifiedCount", c."isTrusted", c."isBanned",
      (SELECT count(*)::int FROM counted k WHERE k.seller_id = c.id AND k.completed) AS "sellerCompleted",
      (SELECT count(*)::int FROM counted k WHERE k.seller_id = c.id AND k.counts) AS "sellerTotal",
      (SELECT count(*)::int FROM counted k WHERE (k.seller_id = c.id OR k.buyer_id = c.id) AND k.completed) AS "anyCompleted",
      (SELECT count(*)::int FROM counted k WHERE (k.seller_id = c.id OR k.buyer_id = c.id) AND k.counts) AS "anyTotal"
    FROM chosen c
    ORDER BY c.rank`;
}

async function standingOf(db: TradeDb, userId: string): Promise<StandingRow> {
  const [row] = await selectStandings(db, Prisma.sql`u.id = ${userId}::uuid`, Prisma.sql`u.id`, 1);
  if (!row) throw new NotFoundError(serverMessages.tradeUserNotFound, 'user_not_found');
  return row;
}

function presentProfile(row: StandingRow): TradeProfile {
  return {
    ok: true,
    userId: row.id,
    nickname: row.nickname,
    credit: row.anyCompleted + row.prevVerifiedCount,
    rate: completionRate(row.anyCompleted, row.anyTotal),
    completed: row.anyCompleted,
    total: row.anyTotal,
    isBanned: row.isBanned,
    isTrusted: row.isTrusted,
    prevVerifiedCount: row.prevVerifiedCount,
  };
}

function presentCredibility(row: StandingRow): SellerCredibility {
  const score = row.sellerCompleted + row.prevVerifiedCount;
  return {
    ok: true,
    sellerId: row.id,
    nickname: row.nickname,
    score,
    scorePercent: scorePercent(score),
    rate: completionRate(row.sellerCompleted, row.sellerTotal),
    completedCount: row.sellerCompleted,
    totalCount: row.sellerTotal,
    prevVerifiedCount: row.prevVerifiedCount,
    isTrusted: row.isTrusted,
    isBanned: row.isBanned,
  };
}

function presentAdminItem(row: StandingRow): AdminTrustItem {
  return {
    userId: { _id: row.id, email: row.email, nickname: row.nickname },
    prevVerifiedCount: row.prevVerifiedCount,
    isTrusted: row.isTrusted,
    isBanned: row.isBanned,
    completedDeals: row.sellerCompleted,
    totalDeals: row.sellerTotal,
  };
}

/** A history page position: the (created_at, id) of the last deal shown. */
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new BadRequestError(serverMessages.tradeCursorInvalid, 'invalid_cursor');
  }
  return { at, id };
}

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/** Reads an optional digits-only count (blank or absent leaves it unchanged). */
function parseVerifiedCount(value: number | string | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new BadRequestError(serverMessages.tradeVerifiedCountDigits, 'invalid_verified_count');
  return Number(text);
}

/** Trade profiles, seller credibility, trade history and the admin trust list. */
export function trustService({ prisma, events }: TradeDeps) {
  const profile = async (userId: string) => presentProfile(await standingOf(prisma, userId));
  const credibility = async (sellerId: string) => presentCredibility(await standingOf(prisma, sellerId));

  /** A member's deals, newest first: every deal for themselves, completed ones only for others. */
  async function history(userId: string, own: boolean, query: { cursor?: string; limit: number }): Promise<HistoryResponse> {
    const standing = await standingOf(prisma, userId);
    const conditions = [Prisma.sql`(d.buyer_id = ${userId}::uuid OR p.seller_id = ${userId}::uuid)`];
    if (!own) conditions.push(Prisma.sql`d.status = 'COMPLETED'`);
    if (query.cursor) {
      const after = decodeCursor(query.cursor);
      conditions.push(Prisma.sql`(d.created_at, d.id) < (${after.at}, ${after.id}::uuid)`);
    }
    const rows = await selectDeals(
      prisma,
      Prisma.join(conditions, ' AND '),
      own ? userId : null,
      Prisma.sql`d.created_at DESC, d.id DESC`,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const items = page.map((deal): HistoryItem => {
      const role = deal.sellerId === userId ? 'seller' : 'buyer';
      return {
        dealId: deal.id,
        postId: deal.postId,
        postTitle: deal.postTitle,
        price: deal.price,
        role,
        counterpartNick: role === 'seller' ? deal.buyerNick : deal.sellerNick,
        status: deal.status,
        closed: deal.closed,
        createdAt: deal.createdAt.toISOString(),
        completedAt: deal.completedAt?.toISOString() ?? null,
      };
    });
    return {
      ok: true,
      user: { _id: standing.id, nickname: standing.nickname },
      profile: presentProfile(standing),
      items,
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }

  /** Members whose e-mail or nickname contains `q` (all members without it), trusted first. */
  async function adminList(q: string | undefined): Promise<AdminTrustItem[]> {
    const text = (q ?? '').trim();
    const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const where = text ? Prisma.sql`(u.email ILIKE ${pattern} OR u.nickname ILIKE ${pattern})` : Prisma.sql`true`;
    const order = Prisma.sql`coalesce(tp.is_trusted, false) DESC, u.created_at DESC, u.id`;
    const rows = await selectStandings(prisma, where, order, TRADE_RULES.adminTrustLimit);
    return rows.map(presentAdminItem);
  }

  /** Sets a member's verified-trade count, trusted flag and ban, found by e-mail. */
  async function adminUpdate(body: {
    email: string;
    prevVerifiedCount?: number | string | null;
    isTrusted?: boolean;
    isBanned?: boolean;
  }): Promise<AdminTrustItem> {
    const prevVerifiedCount = parseVerifiedCount(body.prevVerifiedCount);
    const user = await prisma.user.findUnique({ where: { email: body.email.trim() }, select: { id: true } });
    if (!user) throw new NotFoundError(serverMessages.tradeUserNotFound, 'user_not_found');
    const changes = {
      ...(prevVerifiedCount !== undefined ? { prevVerifiedCount } : {}),
      ...(body.isTrusted !== undefined ? { isTrusted: body.isTrusted } : {}),
      ...(body.isBanned !== undefined ? { banned: body.isBanned } : {}),
    };
    await prisma.tradeProfile.upsert({ where: { userId: user.id }, create: { userId: user.id, ...changes }, update: changes });
    // A restriction ends the member's access to deal chats, the live rooms included.
    if (body.isBanned === true) events.memberRestricted(user.id);
    return presentAdminItem(await standingOf(prisma, user.id));
  }

  return { profile, credibility, history, adminList, adminUpdate };
}
