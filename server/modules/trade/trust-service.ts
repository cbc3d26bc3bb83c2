import type { Db } from '../../db/client.js';
import type {
  AdminTrustItem, HistoryItem, HistoryResponse, SellerCredibility, TradeProfile,
} from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { selectDeals } from './deal-queries.js';
import { dealEndOf } from './trade-presenters.js';
import { BANNED_NOW } from './trade-standing.js';
import { recordAudit } from '../admin/audit-log.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { TradeDeps } from './trade-db.js';
import { completionRate, scorePercent, TRADE_RULES } from './trade-rules.js';

/**
 * How a member's finished deals ended, in one role or both. Only finished deals count, each by what ended it:
 * completed; cancelled by this member or by the other party; expired. Open deals, applications rejected or
 * withdrawn before anybody confirmed, and deals closed because the post went to another buyer are nobody's doing.
 */
interface Endings {
  completed: number;
  cancelledBySelf: number;
  cancelledByCounterpart: number;
  expired: number;
}

interface StandingRow {
  id: string;
  email: string;
  nickname: string;
  prevVerifiedCount: number;
  isTrusted: boolean;
  isBanned: boolean;
  banReason: string | null;
  bannedUntil: Date | null;
  asSeller: Endings;
  anyRole: Endings;
}

/**
 * The completion rate's total: completed deals and the deals this member cancelled. A cancel counts against the
 * party who made it; the other party's cancel and an expiry do not, so nobody can pull a member's rate down by
 * applying and walking away (docs/decisions.md "Trust figures").
 */
export const rateTotal = (endings: Endings) => endings.completed + endings.cancelledBySelf;

/** The four counts over `finished` rows `k` matching `who` (SQL over k.role, k.status, k.ended_by). */
function endingCounts(who: Prisma.Sql, prefix: string): Prisma.Sql {
  const count = (name: string, condition: Prisma.Sql) =>
    Prisma.sql`(SELECT count(*)::int FROM finished k WHERE k.member_id = c.id AND ${who} AND ${condition}) AS ${Prisma.raw(`"${prefix}${name}"`)}`;
  return Prisma.join([
    count('Completed', Prisma.sql`k.status = 'COMPLETED'`),
    count('CancelledBySelf', Prisma.sql`k.status = 'CANCELLED' AND k.ended_by = k.role`),
    count('CancelledByCounterpart', Prisma.sql`k.status = 'CANCELLED' AND k.ended_by <> k.role`),
    count('Expired', Prisma.sql`k.status = 'EXPIRED'`),
  ], ', ');
}

type RawStanding = Omit<StandingRow, 'asSeller' | 'anyRole'> & Record<`${'seller' | 'any'}${'Completed' | 'CancelledBySelf' | 'CancelledByCounterpart' | 'Expired'}`, number>;

const endingsOf = (row: RawStanding, prefix: 'seller' | 'any'): Endings => ({
  completed: row[`${prefix}Completed`],
  cancelledBySelf: row[`${prefix}CancelledBySelf`],
  cancelledByCounterpart: row[`${prefix}CancelledByCounterpart`],
  expired: row[`${prefix}Expired`],
});

/** Members with their trade standing and finished-deal counts, selected by `where` over users `u`. */
async function selectStandings(db: Db, where: Prisma.Sql, orderBy: Prisma.Sql, limit: number): Promise<StandingRow[]> {
  const rows = await db.$queryRaw<RawStanding[]>`
    WITH chosen AS (
      SELECT u.id, u.email::text AS email, u.nickname::text AS nickname, row_number() OVER (ORDER BY ${orderBy}) AS rank,
             coalesce(tp.prev_verified_count, 0) AS "prevVerifiedCount",
             coalesce(tp.is_trusted, false) AS "isTrusted", ${BANNED_NOW} AS "isBanned",
             tp.ban_reason AS "banReason", tp.banned_until AS "bannedUntil"
      FROM users u LEFT JOIN trade_profiles tp ON tp.user_id = u.id
      WHERE ${where}
      ORDER BY ${orderBy}
      LIMIT ${limit}
    ), finished AS (
      SELECT c.id AS member_id, 'seller' AS role, d.status::text AS status, lower(d.ended_by::text) AS ended_by
      FROM chosen c JOIN trade_posts p ON p.seller_id = c.id JOIN trade_deals d ON d.post_id = p.id
      WHERE d.status IN ('COMPLETED', 'CANCELLED', 'EXPIRED')
      UNION ALL
      SELECT c.id, 'buyer', d.status::text, lower(d.ended_by::text)
      FROM chosen c JOIN trade_deals d ON d.buyer_id = c.id
      WHERE d.status IN ('COMPLETED', 'CANCELLED', 'EXPIRED')
    )
    SELECT c.id, c.email, c.nickname, c."prevVerifiedCount", c."isTrusted", c."isBanned", c."banReason", c."bannedUntil",
      ${endingCounts(Prisma.sql`k.role = 'seller'`, 'seller')},
      ${endingCounts(Prisma.sql`true`, 'any')}
    FROM chosen c
    ORDER BY c.rank`;
  return rows.map((row) => ({
    id: row.id, email: row.email, nickname: row.nickname, prevVerifiedCount: row.prevVerifiedCount,
    isTrusted: row.isTrusted, isBanned: row.isBanned, banReason: row.banReason, bannedUntil: row.bannedUntil, asSeller: endingsOf(row, 'seller'), anyRole: endingsOf(row, 'any'),
  }));
}

/** The id of the member with this e-mail (any case), or 404. */
export async function memberIdByEmail(db: Db, email: string): Promise<string> {
  const [user] = await db.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE email = ${email.trim()}::citext AND deleted_at IS NULL`;
  if (!user) throw new NotFoundError(serverMessages.tradeUserNotFound, 'user_not_found');
  return user.id;
}

async function standingOf(db: Db, userId: string): Promise<StandingRow> {
  const [row] = await selectStandings(db, Prisma.sql`u.id = ${userId}::uuid`, Prisma.sql`u.id`, 1);
  if (!row) throw new NotFoundError(serverMessages.tradeUserNotFound, 'user_not_found');
  return row;
}

function presentProfile(row: StandingRow): TradeProfile {
  const endings = row.anyRole;
  return {
    ok: true,
    userId: row.id,
    nickname: row.nickname,
    credit: endings.completed + row.prevVerifiedCount,
    rate: completionRate(endings.completed, rateTotal(endings)),
    completed: endings.completed,
    total: rateTotal(endings),
    cancelledBySelf: endings.cancelledBySelf,
    cancelledByCounterpart: endings.cancelledByCounterpart,
    expired: endings.expired,
    isBanned: row.isBanned,
    isTrusted: row.isTrusted,
    prevVerifiedCount: row.prevVerifiedCount,
  };
}

function presentCredibility(row: StandingRow): SellerCredibility {
  const endings = row.asSeller;
  const score = endings.completed + row.prevVerifiedCount;
  return {
    ok: true,
    sellerId: row.id,
    nickname: row.nickname,
    score,
    scorePercent: scorePercent(score),
    rate: completionRate(endings.completed, rateTotal(endings)),
    completedCount: endings.completed,
    totalCount: rateTotal(endings),
    cancelledBySelf: endings.cancelledBySelf,
    cancelledByCounterpart: endings.cancelledByCounterpart,
    expired: endings.expired,
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
    banReason: row.isBanned ? row.banReason : null,
    bannedUntil: row.isBanned ? row.bannedUntil?.toISOString() ?? null : null,
    completedDeals: row.asSeller.completed,
    totalDeals: rateTotal(row.asSeller),
  };
}

/** A history page position: the (created_at, id) of the last deal shown. */
function decodeHistoryCursor(cursor: string): { at: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new BadRequestError(serverMessages.tradeCursorInvalid, 'invalid_cursor');
  }
  return { at, id };
}

const encodeHistoryCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/** Reads an optional digits-only count (blank or absent leaves it unchanged). */
function parseVerifiedCount(value: number | string | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new BadRequestError(serverMessages.tradeVerifiedCountDigits, 'invalid_verified_count');
  return Number(text);
}

/** Trade profiles, seller credibility, trade history and the admin trust list. */
export function trustService({ prisma }: TradeDeps) {
  const profile = async (userId: string) => presentProfile(await standingOf(prisma, userId));
  const credibility = async (sellerId: string) => presentCredibility(await standingOf(prisma, sellerId));

  /** A member's deals, newest first: every deal for themselves, completed ones only for others. */
  async function history(userId: string, own: boolean, query: { cursor?: string; limit: number }): Promise<HistoryResponse> {
    const standing = await standingOf(prisma, userId);
    const conditions = [Prisma.sql`(d.buyer_id = ${userId}::uuid OR p.seller_id = ${userId}::uuid)`];
    if (!own) conditions.push(Prisma.sql`d.status = 'COMPLETED'`);
    if (query.cursor) {
      const after = decodeHistoryCursor(query.cursor);
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
        ...dealEndOf(deal),
        createdAt: deal.createdAt.toISOString(),
        completedAt: deal.completedAt?.toISOString() ?? null,
      };
    });
    return {
      ok: true,
      user: { _id: standing.id, nickname: standing.nickname },
      profile: presentProfile(standing),
      items,
      nextCursor: rows.length > query.limit && last ? encodeHistoryCursor(last.createdAt, last.id) : null,
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

  /**
   * Sets a member's verified-trade count and trusted flag, found by e-mail, and logs it. A restriction is not set
   * here: it needs a reason and a duration (restriction-service.ts).
   */
  async function adminUpdate(admin: SessionUser, body: {
    email: string;
    prevVerifiedCount?: number | string | null;
    isTrusted?: boolean;
    isBanned?: boolean;
  }): Promise<AdminTrustItem> {
    if (body.isBanned !== undefined) throw new BadRequestError(serverMessages.tradeBanNeedsReason, 'ban_needs_reason');
    const prevVerifiedCount = parseVerifiedCount(body.prevVerifiedCount);
    const userId = await memberIdByEmail(prisma, body.email);
    const changes = {
      ...(prevVerifiedCount !== undefined ? { prevVerifiedCount } : {}),
      ...(body.isTrusted !== undefined ? { isTrusted: body.isTrusted } : {}),
    };
    await prisma.$transaction(async (tx) => {
      await tx.tradeProfile.upsert({ where: { userId }, create: { userId, ...changes }, update: changes });
      await recordAudit(tx, { adminId: admin.id, action: 'trade_trust', targetUserId: userId, reason: null, detail: changes });
    });
    return adminItem(userId);
  }

  /** One member as the admin trust list shows them. */
  const adminItem = async (userId: string) => presentAdminItem(await standingOf(prisma, userId));

  return { profile, credibility, history, adminList, adminUpdate, adminItem };
}
