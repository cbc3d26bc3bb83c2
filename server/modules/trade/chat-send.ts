import type { Db } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { OVERDUE_DEAL } from './deal-queries.js';
import type { MessageRow } from './trade-presenters.js';
import { BANNED_NOW, type TradeStanding } from './trade-standing.js';

/** Everything a send has to decide, as one statement found it; `message` is the row stored or resent. */
export interface SendOutcome {
  /** The deal exists under that post. */
  found: boolean;
  /** The sender is one of its two parties. */
  party: boolean;
  open: boolean;
  overdue: boolean;
  standing: Pick<TradeStanding, 'emailVerified' | 'banned' | 'banReason' | 'bannedUntil'>;
  blocks: { blockedByMe: boolean; blockedMe: boolean };
  buyerId: string | null;
  sellerId: string | null;
  /** A message of the deal sent earlier with the same client id. */
  resent: MessageRow | null;
  /** The message this statement stored. */
  stored: MessageRow | null;
  /** The sender's session version as stored; undefined when no such member is left (none, or deleted). */
  session: { sessionVersion: number } | undefined;
}

interface OutcomeRow extends Omit<SendOutcome, 'standing' | 'blocks' | 'resent' | 'stored' | 'session'> {
  sessionVersion: number | null;
  emailVerified: boolean | null;
  banned: boolean | null;
  banReason: string | null;
  bannedUntil: Date | null;
  blockedByMe: boolean | null;
  blockedMe: boolean | null;
  resent: RawMessage | null;
  stored: RawMessage | null;
}

/** A message row as json_build_object returns it (the time as text). */
type RawMessage = Omit<MessageRow, 'createdAt'> & { createdAt: string };

const asMessage = (raw: RawMessage | null): MessageRow | null => (raw ? { ...raw, createdAt: new Date(raw.createdAt) } : null);

/** A message as one JSON value: stored and resent rows come back in the same statement's one row. */
const messageJson = (alias: Prisma.Sql, nick: Prisma.Sql) => Prisma.sql`json_build_object(
  'id', ${alias}.id, 'seq', ${alias}.seq, 'clientId', ${alias}.client_id, 'senderId', ${alias}.sender_id, 'senderNick', ${nick},
  'text', ${alias}.text, 'systemEvent', lower(${alias}.system_event::text), 'createdAt', ${alias}.created_at)`;

/**
 * A member's chat message in one statement (docs/product/trade.md#deal-chat): it reads the deal (locked, so a
 * deal's messages take their sequence numbers one after another and commit in that order), the sender's session
 * (the route verified the token only: `authenticateToken`, one round trip fewer a message) and standing,
 * blocks between the parties and an earlier message with the same client id, and stores the message only when
 * every rule lets it (`valid`: the text passed its checks). The caller turns the answers into the API's errors in
 * the order the rules are checked. Every round trip through the database client costs the server CPU, and a
 * chat sends many messages (docs/performance.md "Chat: one statement a message").
 *
 * A parallel send with the same client id that committed while this one waited for the deal's lock is not in
 * this statement's snapshot: the unique (deal, client id) index turns the insert into nothing, and `stored` and
 * `resent` both come back null; the caller then reads the stored message again.
 */
export async function sendInOneStatement(
  db: Db,
  input: { postId: string; dealId: string; senderId: string; sessionVersion: number; clientId: string; text: string; valid: boolean },
): Promise<SendOutcome> {
  const { postId, dealId, senderId, sessionVersion, clientId, text, valid } = input;
  const [row] = await db.$queryRaw<OutcomeRow[]>`
    WITH deal AS (
      SELECT d.id, d.buyer_id, p.seller_id, d.message_count, d.status = 'IN_PROGRESS' AS open, ${OVERDUE_DEAL} AS overdue,
             CASE WHEN p.seller_id = ${senderId}::uuid THEN d.buyer_id WHEN d.buyer_id = ${senderId}::uuid THEN p.seller_id END AS counterpart
      FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE d.id = ${dealId}::uuid AND d.post_id = ${postId}::uuid
      FOR UPDATE OF d
    ),
    sender AS (
      SELECT u.nickname::text AS nick, u.email_verified_at IS NOT NULL AS email_verified, ${BANNED_NOW} AS banned,
             CASE WHEN u.deleted_at IS NULL THEN u.session_version END AS session_version,
             tp.ban_reason, tp.banned_until
      FROM users u LEFT JOIN trade_profiles tp ON tp.user_id = u.id WHERE u.id = ${senderId}::uuid
    ),
    blocks AS (
      SELECT coalesce(bool_or(b.blocker_id = ${senderId}::uuid), false) AS blocked_by_me,
             coalesce(bool_or(b.blocker_id <> ${senderId}::uuid), false) AS blocked_me
      FROM deal JOIN trade_blocks b
        ON (b.blocker_id = ${senderId}::uuid AND b.blocked_id = deal.counterpart)
        OR (b.blocker_id = deal.counterpart AND b.blocked_id = ${senderId}::uuid)
    ),
    resent AS (
      SELECT m.* FROM trade_chat_messages m WHERE m.deal_id = ${dealId}::uuid AND m.client_id = ${clientId}
    ),
    stored AS (
      INSERT INTO trade_chat_messages (deal_id, seq, sender_id, client_id, text)
      SELECT deal.id, deal.message_count + 1, ${senderId}::uuid, ${clientId}, ${text}
      FROM deal, sender, blocks
      WHERE ${valid} AND sender.session_version = ${sessionVersion} AND deal.counterpart IS NOT NULL AND NOT EXISTS (SELECT 1 FROM resent)
        AND sender.email_verified AND NOT sender.banned AND NOT blocks.blocked_by_me AND NOT blocks.blocked_me
        AND deal.open AND NOT deal.overdue
      ON CONFLICT (deal_id, client_id) DO NOTHING
      RETURNING *
    ),
    counted AS (
      -- Every message is activity: the deal's expiry starts again from it.
      UPDATE trade_deals d SET message_count = stored.seq, last_message_at = clock_timestamp(), last_activity_at = clock_timestamp()
      FROM stored WHERE d.id = stored.deal_id
    )
    SELECT deal.id IS NOT NULL AS found, deal.counterpart IS NOT NULL AS party, deal.open, deal.overdue,
           deal.buyer_id AS "buyerId", deal.seller_id AS "sellerId",
           sender.email_verified AS "emailVerified", sender.banned, sender.ban_reason AS "banReason",
           sender.banned_until AS "bannedUntil", sender.session_version AS "sessionVersion", blocks.blocked_by_me AS "blockedByMe", blocks.blocked_me AS "blockedMe",
           (SELECT ${messageJson(Prisma.sql`r`, Prisma.sql`(SELECT nickname::text FROM users WHERE id = r.sender_id)`)} FROM resent r) AS resent,
           (SELECT ${messageJson(Prisma.sql`s`, Prisma.sql`sender.nick`)} FROM stored s) AS stored
    FROM (SELECT 1) one LEFT JOIN deal ON true LEFT JOIN sender ON true LEFT JOIN blocks ON true`;
  return {
    found: row!.found,
    party: row!.party,
    open: row!.open ?? false,
    overdue: row!.overdue ?? false,
    buyerId: row!.buyerId,
    sellerId: row!.sellerId,
    standing: {
      emailVerified: row!.emailVerified ?? false,
      banned: row!.banned ?? false,
      banReason: row!.banReason,
      bannedUntil: row!.bannedUntil,
    },
    blocks: { blockedByMe: row!.blockedByMe ?? false, blockedMe: row!.blockedMe ?? false },
    resent: asMessage(row!.resent),
    stored: asMessage(row!.stored),
    session: row!.sessionVersion === null ? undefined : { sessionVersion: row!.sessionVersion },
  };
}
