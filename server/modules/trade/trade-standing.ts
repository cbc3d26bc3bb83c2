import type { Db } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { ForbiddenError } from '../../lib/errors.js';
import { formatKoreanDateTime } from '../../lib/korean-time.js';
import { serverMessages } from '../../lib/messages.js';


/**
 * Who may trade (docs/decisions.md "Who may trade"): starting anything (a post, an application, a chat message)
 * needs a verified e-mail, as sign-up promises, and no restriction by an admin; finishing a deal already open
 * (confirming, rejecting, withdrawing, cancelling) needs only no restriction. A restricted member keeps reading
 * their own chats: they are the record of their deals.
 */

/** SQL true when the member of trade profile `tp` (possibly absent) is restricted from trading now. */
export const BANNED_NOW = Prisma.sql`(coalesce(tp.banned, false) AND (tp.banned_until IS NULL OR tp.banned_until > clock_timestamp()))`;

/** A member's standing for trading. */
export interface TradeStanding {
  emailVerified: boolean;
  /** Restricted by an admin now (a ban past its end no longer counts). */
  banned: boolean;
  banReason: string | null;
  bannedAt: Date | null;
  /** When the restriction ends; null while banned means until an admin lifts it. */
  bannedUntil: Date | null;
}

export async function tradeStanding(db: Db, userId: string): Promise<TradeStanding> {
  const [row] = await db.$queryRaw<TradeStanding[]>`
    SELECT u.email_verified_at IS NOT NULL AS "emailVerified", ${BANNED_NOW} AS banned,
           tp.ban_reason AS "banReason", tp.banned_at AS "bannedAt", tp.banned_until AS "bannedUntil"
    FROM users u LEFT JOIN trade_profiles tp ON tp.user_id = u.id WHERE u.id = ${userId}::uuid`;
  return row ?? { emailVerified: false, banned: false, banReason: null, bannedAt: null, bannedUntil: null };
}

/** The restriction as the member reads it: its reason and its end. */
export function restrictionMessage(standing: Pick<TradeStanding, 'banReason' | 'bannedUntil'>): string {
  const until = standing.bannedUntil ? formatKoreanDateTime(standing.bannedUntil) : null;
  return serverMessages.tradeRestrictedBecause(standing.banReason, until);
}

/** 403 for a restricted member, saying why and until when. */
export function refuseIfRestricted(standing: TradeStanding): void {
  if (standing.banned) throw new ForbiddenError(restrictionMessage(standing), 'trade_restricted');
}

/** The member may finish deals already open: not restricted. */
export async function requireNotRestricted(db: Db, userId: string): Promise<void> {
  refuseIfRestricted(await tradeStanding(db, userId));
}

/** The member may start something new: a verified e-mail, and not restricted. */
export async function requireTradingAllowed(db: Db, userId: string): Promise<void> {
  const standing = await tradeStanding(db, userId);
  refuseIfRestricted(standing);
  if (!standing.emailVerified) throw new ForbiddenError(serverMessages.tradeEmailUnverified, 'email_unverified');
}

/** Seconds since a member's last post, by the database clock (null without a post). */
export interface ProfileRow {
  secondsSincePost: number | null;
}

/**
 * Creates the member's profile row if missing and locks it until the transaction ends: the post cooldown is read
 * under this lock, so parallel posts of one member are decided one after another.
 */
export async function lockProfile(tx: Db, userId: string): Promise<ProfileRow> {
  await tx.$executeRaw`INSERT INTO trade_profiles (user_id) VALUES (${userId}::uuid) ON CONFLICT (user_id) DO NOTHING`;
  const [row] = await tx.$queryRaw<ProfileRow[]>`
    SELECT EXTRACT(EPOCH FROM (clock_timestamp() - last_posted_at))::float8 AS "secondsSincePost"
    FROM trade_profiles WHERE user_id = ${userId}::uuid FOR UPDATE`;
  return row!;
}
