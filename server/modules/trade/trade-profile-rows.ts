import { Prisma } from '../../db/generated/client.js';
import { ForbiddenError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { TradeDb } from './trade-db.js';

/** A member's trade profile row, created with defaults on first need. */
export interface ProfileRow {
  banned: boolean;
  lastPostedAt: Date | null;
  /** Seconds since the last post, by the database clock (null without a post). */
  secondsSincePost: number | null;
}

/**
 * Creates the member's profile row if missing and locks it until the transaction ends: the post cooldown and
 * the ban are read under this lock, so parallel posts of one member are decided one after another.
 */
export async function lockProfile(tx: TradeDb, userId: string): Promise<ProfileRow> {
  await tx.$executeRaw`INSERT INTO trade_profiles (user_id) VALUES (${userId}::uuid) ON CONFLICT (user_id) DO NOTHING`;
  const [row] = await tx.$queryRaw<ProfileRow[]>`
    SELECT banned, last_posted_at AS "lastPostedAt",
           EXTRACT(EPOCH FROM (clock_timestamp() - last_posted_at))::float8 AS "secondsSincePost"
    FROM trade_profiles WHERE user_id = ${userId}::uuid FOR UPDATE`;
  return row!;
}

/** SQL true when the member of trade profile `tp` (possibly absent) is restricted from trading now. */
export const BANNED_NOW = Prisma.sql`coalesce(tp.banned, false)`;

/** Whether an admin has restricted the member from trading. */
export async function isBanned(db: TradeDb, userId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ banned: boolean }[]>`SELECT banned FROM trade_profiles WHERE user_id = ${userId}::uuid`;
  return row?.banned ?? false;
}

/** 403 for a restricted member: they may not post or propose (existing deals may still be finished). */
export function refuseIfBanned(banned: boolean): void {
  if (banned) throw new ForbiddenError(serverMessages.tradeRestricted, 'trade_restricted');
}
