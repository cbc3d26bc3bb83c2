import type { Db } from '../../db/client.js';
import type { BlockedMember } from '../../contracts/trade-safety.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { TradeDeps } from './trade-db.js';

/** Which of two members has blocked the other. */
export async function blocksBetween(db: Db, memberId: string, otherId: string): Promise<{ blockedByMe: boolean; blockedMe: boolean }> {
  const rows = await db.$queryRaw<{ blockerId: string }[]>`
    SELECT blocker_id AS "blockerId" FROM trade_blocks
    WHERE (blocker_id = ${memberId}::uuid AND blocked_id = ${otherId}::uuid)
       OR (blocker_id = ${otherId}::uuid AND blocked_id = ${memberId}::uuid)`;
  return { blockedByMe: rows.some((row) => row.blockerId === memberId), blockedMe: rows.some((row) => row.blockerId === otherId) };
}

/**
 * Why a block between two members keeps one from writing to the other in a chat, or null. Either side's block stops messages
 * both ways: a member who blocked someone does not go on writing to them either.
 */
export function chatBlockText({ blockedByMe, blockedMe }: { blockedByMe: boolean; blockedMe: boolean }): string | null {
  if (blockedMe) return serverMessages.tradeBlockedByOther;
  if (blockedByMe) return serverMessages.tradeBlockedByMe;
  return null;
}

/** 403 for an application between members where either blocked the other. */
export async function refuseBlockedApplication(db: Db, buyerId: string, sellerId: string): Promise<void> {
  const { blockedByMe, blockedMe } = await blocksBetween(db, buyerId, sellerId);
  if (blockedMe) throw new ForbiddenError(serverMessages.tradeApplyBlocked, 'blocked');
  if (blockedByMe) throw new ForbiddenError(serverMessages.tradeApplyBlockedByMe, 'blocked');
}

/** A member's blocks: add, remove, list. Blocking is private: the blocked member is never told who blocked them. */
export function blockService({ prisma }: TradeDeps) {
  async function block(member: SessionUser, userId: string): Promise<boolean> {
    if (userId === member.id) throw new BadRequestError(serverMessages.tradeBlockSelf, 'block_self');
    const [target] = await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId}::uuid AND deleted_at IS NULL`;
    if (!target) throw new NotFoundError(serverMessages.tradeUserNotFound, 'user_not_found');
    const added = await prisma.$executeRaw`
      INSERT INTO trade_blocks (blocker_id, blocked_id) VALUES (${member.id}::uuid, ${userId}::uuid) ON CONFLICT DO NOTHING`;
    return added > 0;
  }

  async function unblock(member: SessionUser, userId: string): Promise<boolean> {
    const removed = await prisma.$executeRaw`
      DELETE FROM trade_blocks WHERE blocker_id = ${member.id}::uuid AND blocked_id = ${userId}::uuid`;
    return removed > 0;
  }

  async function list(member: SessionUser): Promise<BlockedMember[]> {
    const rows = await prisma.$queryRaw<{ userId: string; nickname: string; createdAt: Date }[]>`
      SELECT b.blocked_id AS "userId", u.nickname::text AS nickname, b.created_at AS "createdAt"
      FROM trade_blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = ${member.id}::uuid ORDER BY b.created_at DESC`;
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  return { block, unblock, list };
}
