import type { Db } from '../../db/client.js';
import { ForbiddenError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { blocksBetween, chatBlockText } from './blocks.js';
import { OPEN_DEAL, roleIn } from './deal-queries.js';

import { restrictionMessage, tradeStanding, type TradeStanding } from './trade-standing.js';

export type ChatRole = 'buyer' | 'seller';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may read a deal's chat: its two parties. A member an admin restricted from trading keeps reading their own
 * chats (the record of their deals, their evidence in a dispute); writing is `sendRefusal`'s question.
 */
export function requireChatReader(deal: { buyerId: string; sellerId: string }, memberId: string): ChatRole {
  const role = roleIn(deal, memberId);
  if (!role) throw new ForbiddenError(serverMessages.tradeNotParty, 'not_party');
  return role;
}

/** Why a member may not write in a chat now, as the API answers it. */
export interface SendRefusal {
  error: 'trade_restricted' | 'email_unverified' | 'blocked';
  message: string;
}

/**
 * Why a party may not send a message to the other party now, or null: a restriction (with its reason and end), an
 * unverified e-mail, or a block between them. The chat answer carries it, so the page shows it in place of the
 * input before anyone types.
 */
export async function sendRefusal(db: Db, memberId: string, counterpartId: string): Promise<SendRefusal | null> {
  const standing = await tradeStanding(db, memberId);
  if (standing.banned || !standing.emailVerified) return refusalOf(standing, { blockedByMe: false, blockedMe: false });
  return refusalOf(standing, await blocksBetween(db, memberId, counterpartId));
}

/** `sendRefusal` from facts already read (the send reads them in its own statement). */
export function refusalOf(
  standing: Pick<TradeStanding, 'banned' | 'emailVerified' | 'banReason' | 'bannedUntil'>,
  blocks: { blockedByMe: boolean; blockedMe: boolean },
): SendRefusal | null {
  if (standing.banned) return { error: 'trade_restricted', message: restrictionMessage(standing) };
  if (!standing.emailVerified) return { error: 'email_unverified', message: serverMessages.tradeEmailUnverified };
  const blocked = chatBlockText(blocks);
  return blocked ? { error: 'blocked', message: blocked } : null;
}

/** A refusal as a REST call answers it: 403 saying why. */
export function throwRefusal(refusal: SendRefusal | null): void {
  if (refusal) throw new ForbiddenError(refusal.message, refusal.error);
}

/**
 * The live push's room rule (server/realtime): a deal's room carries its live conversation, so it is for the
 * parties who may write in it, while the chat is open. Once the chat closes, the closing event is the room's last;
 * the parties leave it (trade-push.ts) and may not come back, and a closed chat is read by REST. A restricted
 * member reads their chats by REST too.
 */
export function dealRoomPolicy(db: Db) {
  return {
    async canJoinDeal(memberId: string, dealId: string): Promise<boolean> {
      if (!UUID.test(dealId)) return false;
      const [deal] = await db.$queryRaw<{ buyerId: string; sellerId: string; open: boolean }[]>`
        SELECT d.buyer_id AS "buyerId", p.seller_id AS "sellerId", ${OPEN_DEAL} AS open
        FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id WHERE d.id = ${dealId}::uuid`;
      if (!deal?.open || !roleIn(deal, memberId)) return false;
      return !(await tradeStanding(db, memberId)).banned;
    },
  };
}
