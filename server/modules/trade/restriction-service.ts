import type { Db } from '../../db/client.js';
import type { TradeStandingResponse } from '../../contracts/trade.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { recordAudit } from '../admin/audit-log.js';
import { dealAnnouncer } from './deal-announcer.js';
import { cancelOpenDealsOf } from './deal-lifecycle-service.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
import { restrictionMessage, tradeStanding, type TradeStanding } from './trade-standing.js';
import { memberIdByEmail } from './trust-service.js';

/** A restriction's reason: what the member is shown, 2 to 200 characters. */
const BAN_REASON = { min: 2, max: 200 } as const;

function readBanReason(reason: string): string {
  const text = reason.trim();
  if (text.length < BAN_REASON.min) throw new BadRequestError(serverMessages.tradeBanReasonRequired, 'reason_required');
  if (text.length > BAN_REASON.max) throw new BadRequestError(serverMessages.tradeBanReasonTooLong(BAN_REASON.max), 'reason_too_long');
  return text;
}

/** A member's standing as they read it: may they trade, and if restricted, why and until when. */
export function presentStanding(standing: TradeStanding): TradeStandingResponse {
  return {
    ok: true,
    emailVerified: standing.emailVerified,
    restriction: standing.banned
      ? {
          reason: standing.banReason,
          since: standing.bannedAt?.toISOString() ?? null,
          until: standing.bannedUntil?.toISOString() ?? null,
          message: restrictionMessage(standing),
        }
      : null,
    canTrade: standing.emailVerified && !standing.banned,
  };
}

/**
 * Admins restrict members from trading and lift it (the trust admin page). A restriction has a reason the member
 * is shown and a length (days, or until lifted); it is logged with the admin, and it cancels the member's open
 * deals in the same transaction (as cancelled by them), so their counterparts are not left waiting on a member who
 * can no longer finish. The member's open pages hear of it at once and they leave their deal rooms.
 */
export function restrictionService(deps: TradeDeps) {
  const { prisma, events } = deps;
  const announce = dealAnnouncer(deps);

  const standingOf = async (db: Db, userId: string) => presentStanding(await tradeStanding(db, userId));

  async function restrict(admin: SessionUser, body: { email: string; reason: string; days: number | 'permanent' }): Promise<string> {
    const reason = readBanReason(body.reason);
    const days = body.days === 'permanent' ? null : body.days;
    const userId = await memberIdByEmail(prisma, body.email);
    if (userId === admin.id) throw new BadRequestError(serverMessages.tradeBanSelf, 'ban_self');
    const change = await inTransaction(prisma, async (tx) => {
      const [until] = await tx.$queryRaw<{ until: Date | null }[]>`
        INSERT INTO trade_profiles (user_id, banned, ban_reason, banned_at, banned_until)
        VALUES (${userId}::uuid, true, ${reason}, clock_timestamp(),
                CASE WHEN ${days}::int IS NULL THEN NULL ELSE clock_timestamp() + make_interval(days => ${days}::int) END)
        ON CONFLICT (user_id) DO UPDATE SET banned = true, ban_reason = EXCLUDED.ban_reason, banned_at = EXCLUDED.banned_at,
          banned_until = EXCLUDED.banned_until, updated_at = clock_timestamp()
        RETURNING banned_until AS until`;
      await recordAudit(tx, {
        adminId: admin.id, action: 'trade_ban', targetUserId: userId, reason,
        detail: { days, until: until?.until?.toISOString() ?? null },
      });
      return cancelOpenDealsOf(tx, userId, serverMessages.tradeEndReasonRestricted);
    });
    await announce(change);
    events.memberRestricted(userId);
    events.standingChanged(userId, await standingOf(prisma, userId));
    return userId;
  }

  async function lift(admin: SessionUser, body: { email: string; reason?: string }): Promise<string> {
    const userId = await memberIdByEmail(prisma, body.email);
    const note = body.reason?.trim() || null;
    await inTransaction(prisma, async (tx) => {
      await tx.$executeRaw`
        UPDATE trade_profiles SET banned = false, ban_reason = NULL, banned_at = NULL, banned_until = NULL, updated_at = clock_timestamp()
        WHERE user_id = ${userId}::uuid`;
      await recordAudit(tx, { adminId: admin.id, action: 'trade_unban', targetUserId: userId, reason: note });
    });
    events.standingChanged(userId, await standingOf(prisma, userId));
    return userId;
  }

  return { restrict, lift, standing: (userId: string) => standingOf(prisma, userId) };
}
