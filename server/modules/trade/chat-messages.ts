import type { Db, Transaction } from '../../db/client.js';
import { DEAL_EXPIRY_HOURS, type ChatSystemEvent } from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { serverMessages } from '../../lib/messages.js';
import type { ChatRole } from './chat-access.js';

import type { MessageRow } from './trade-presenters.js';

const MESSAGE_COLUMNS = Prisma.sql`m.id, m.seq, m.client_id AS "clientId", m.sender_id AS "senderId",
  u.nickname::text AS "senderNick", m.text, lower(m.system_event::text) AS "systemEvent", m.created_at AS "createdAt"`;

/** Messages matching `where` (over alias m), in sequence order. */
export async function selectMessages(db: Db, where: Prisma.Sql, limit: number): Promise<MessageRow[]> {
  return db.$queryRaw<MessageRow[]>`
    SELECT ${MESSAGE_COLUMNS} FROM trade_chat_messages m JOIN users u ON u.id = m.sender_id
    WHERE ${where} ORDER BY m.seq LIMIT ${limit}`;
}

/**
 * Appends a message to a deal's chat inside `tx`: takes the deal's next sequence number (the UPDATE locks the
 * deal's row until commit, so a deal's messages commit in sequence order) and stores the message. Every message,
 * a member's or a notice of a state change, is activity: the deal's expiry starts again from it. A message
 * with the same `clientId` already in the deal comes back instead (`created` false): a resend is stored once.
 * Callers lock the deal's row first, so the check and the insert cannot interleave with a parallel resend.
 */
export async function appendMessage(
  tx: Transaction,
  input: { dealId: string; senderId: string; clientId: string; text: string; systemEvent?: ChatSystemEvent },
): Promise<{ row: MessageRow; created: boolean }> {
  const existing = await findByClientId(tx, input.dealId, input.clientId);
  if (existing) return { row: existing, created: false };
  const [counter] = await tx.$queryRaw<{ seq: number }[]>`
    UPDATE trade_deals SET message_count = message_count + 1, last_message_at = clock_timestamp(),
      last_activity_at = clock_timestamp()
    WHERE id = ${input.dealId}::uuid RETURNING message_count AS seq`;
  const systemEvent = input.systemEvent ? Prisma.sql`${input.systemEvent.toUpperCase()}::trade_chat_system_event` : Prisma.sql`NULL`;
  const [inserted] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO trade_chat_messages (deal_id, seq, sender_id, client_id, text, system_event)
    VALUES (${input.dealId}::uuid, ${counter!.seq}, ${input.senderId}::uuid, ${input.clientId}, ${input.text}, ${systemEvent})
    RETURNING id`;
  const [row] = await selectMessages(tx, Prisma.sql`m.id = ${inserted!.id}::uuid`, 1);
  return { row: row!, created: true };
}

/** The deal's message sent with `clientId`, if any. */
export async function findByClientId(db: Db, dealId: string, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db, Prisma.sql`m.deal_id = ${dealId}::uuid AND m.client_id = ${clientId}`, 1);
  return row;
}

/** What a system notice needs to say: the party, the application's facts, a reason, how a chat closed. */
export interface NoticeDetail {
  role?: ChatRole;
  buyerNick?: string;
  price?: number;
  note?: string;
  reason?: string | null;
  /** Why a chat closed without its deal completing: another buyer's deal completed the post (the default). */
  closedBy?: 'other_buyer' | 'sold' | 'withdrawn';
}

const CLOSED_TEXT = {
  other_buyer: serverMessages.tradeSystemClosed,
  sold: serverMessages.tradeSystemClosedSold,
  withdrawn: serverMessages.tradeSystemClosedWithdrawn,
} as const;

/** What a system message says, and the client id that keeps each notice single per deal. */
function systemNotice(event: ChatSystemEvent, detail: NoticeDetail) {
  switch (event) {
    case 'applied':
      return { clientId: 'system:applied', text: serverMessages.tradeSystemApplied(detail.buyerNick ?? '', detail.price ?? 0, detail.note ?? '') };
    case 'confirmed':
      return { clientId: `system:confirmed:${detail.role}`, text: serverMessages.tradeSystemConfirmed(detail.role ?? 'buyer') };
    case 'completed':
      return { clientId: 'system:completed', text: serverMessages.tradeSystemCompleted };
    case 'closed':
      return { clientId: 'system:closed', text: CLOSED_TEXT[detail.closedBy ?? 'other_buyer'] };
    case 'rejected':
      return { clientId: 'system:rejected', text: serverMessages.tradeSystemRejected(detail.reason ?? null) };
    case 'withdrawn':
      return { clientId: 'system:withdrawn', text: serverMessages.tradeSystemWithdrawn(detail.reason ?? null) };
    case 'cancelled':
      return { clientId: 'system:cancelled', text: serverMessages.tradeSystemCancelled(detail.role ?? 'buyer', detail.reason ?? '') };
    case 'expired':
      return { clientId: 'system:expired', text: serverMessages.tradeSystemExpired(DEAL_EXPIRY_HOURS) };
  }
}

/**
 * Records a deal state change in the deal's chat as a system message, in the transaction of the change (the
 * caller holds the deal's row lock). Its client id (with a ':' no member's id may hold) makes each notice happen
 * once per deal; the new message, or undefined when the notice was already there.
 */
export async function appendSystemMessage(
  tx: Transaction,
  dealId: string,
  actorId: string,
  event: ChatSystemEvent,
  detail: NoticeDetail = {},
): Promise<MessageRow | undefined> {
  const notice = systemNotice(event, detail);
  const { row, created } = await appendMessage(tx, { dealId, senderId: actorId, clientId: notice.clientId, text: notice.text, systemEvent: event });
  return created ? row : undefined;
}
