import { ForbiddenError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { OPEN_DEAL, roleIn } from './deal-queries.js';
import type { TradeDb } from './trade-db.js';
import { isBanned } from './trade-profile-rows.js';

export type ChatRole = 'buyer' | 'seller';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may use a deal's chat: read it, write in it and be in its live room. Its two parties, unless an admin has
 * restricted them from trading. The REST chat calls and the Socket.IO room check both ask this one function.
 */
export async function chatAccess(
  db: TradeDb,
  deal: { buyerId: string; sellerId: string },
  memberId: string,
): Promise<{ ok: true; role: ChatRole } | { ok: false; error: 'not_party' | 'trade_restricted' }> {
  const role = roleIn(deal, memberId);
  if (!role) return { ok: false, error: 'not_party' };
  if (await isBanned(db, memberId)) return { ok: false, error: 'trade_restricted' };
  return { ok: true, role };
}

/** `chatAccess` for a REST call: the member's role, or 403 saying why not. */
export async function requireChatAccess(db: TradeDb, deal: { buyerId: string; sellerId: string }, memberId: string): Promise<ChatRole> {
  const access = await chatAccess(db, deal, memberId);
  if (access.ok) return access.role;
  if (access.error === 'trade_restricted') throw new ForbiddenError(serverMessages.tradeRestricted, 'trade_restricted');
  throw new ForbiddenError(serverMessages.tradeNotParty, 'not_party');
}

/**
 * The live push's room rule (server/realtime): a deal's room carries its live conversation, so it is for those
 * `chatAccess` lets in while the chat is open. Once the chat closes, the closing event is the room's last; the
 * parties leave it (trade-push.ts) and may not come back, and a closed chat is read by REST.
 */
export function dealRoomPolicy(db: TradeDb) {
  return {
    async canJoinDeal(memberId: string, dealId: string): Promise<boolean> {
      if (!UUID.test(dealId)) return false;
      const [deal] = await db.$queryRaw<{ buyerId: string; sellerId: string; open: boolean }[]>`
        SELECT d.buyer_id AS "buyerId", p.seller_id AS "sellerId", ${OPEN_DEAL} AS open
        FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id WHERE d.id = ${dealId}::uuid`;
      return deal !== undefined && deal.open && (await chatAccess(db, deal, memberId)).ok;
    },
  };
}
