import type { Db } from '../../db/client.js';
import { randomUUID } from 'node:crypto';
import type {
  ChatInboxItem, ChatInboxResponse, ChatMessage, ChatResponse, MarkReadResponse,
} from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { currentSession, type SessionUser, type VerifiedClaims } from '../../plugins/auth.js';
import { refusalOf, requireChatReader, sendRefusal, throwRefusal, type ChatRole } from './chat-access.js';
import { findByClientId, selectMessages } from './chat-messages.js';
import { sendInOneStatement } from './chat-send.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import { findDeal, selectDeals, unreadFor, type DealRow } from './deal-queries.js';
import type { TradeDeps } from './trade-db.js';
import { confirmationsOf, dealEndOf, presentMessage } from './trade-presenters.js';
import { TRADE_RULES, validateChatText } from './trade-rules.js';

/** The deal and the member's role in it; 404 for an unknown deal, 403 for anyone but its two parties. */
async function chatDeal(db: Db, member: SessionUser, postId: string, dealId: string) {
  const deal = await findDeal(db, postId, dealId, member.id);
  if (!deal) throw new NotFoundError(serverMessages.tradeDealNotFound, 'deal_not_found');
  return { deal, role: requireChatReader(deal, member.id) };
}

/** A chat is closed once its deal completed or ended otherwise (docs/product/trade.md#chat-closing). */
const isClosed = (deal: Pick<DealRow, 'status'>) => deal.status !== 'IN_PROGRESS';

/** The other party of a deal. */
const counterpartOf = (deal: Pick<DealRow, 'buyerId' | 'sellerId'>, memberId: string) => (deal.sellerId === memberId ? deal.buyerId : deal.sellerId);

const readColumn = (role: ChatRole) => (role === 'seller' ? Prisma.sql`seller_read_seq` : Prisma.sql`buyer_read_seq`);

/** The database clock now: counts read after it include every write committed before it. */
export async function databaseNow(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT clock_timestamp() AS now`;
  return row!.now.toISOString();
}

/** Total unread messages of the member over all their deals (the sidebar's chat badge). */
export async function unreadTotal(db: Db, memberId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ total: number }[]>`
    SELECT coalesce(sum(t.unread), 0)::int AS total FROM (
      SELECT ${unreadFor(memberId)} AS unread FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid) t`;
  return row?.total ?? 0;
}

/**
 * The member's unread messages per deal (deals without any left out), for the live `chats:unread` event, in one
 * statement (it runs after every message). Its `asOf` is the statement's own transaction start, `now()`, which
 * the server fixes as the statement arrives, before the snapshot the counts are read from, so the counts include
 * every write committed before it, as `databaseNow` promises.
 */
export async function unreadByDeal(db: Db, memberId: string): Promise<{ byDeal: Record<string, number>; total: number; asOf: string }> {
  const rows = await db.$queryRaw<{ id: string | null; unread: number | null; asOf: Date }[]>`
    SELECT t.id, t.unread, now() AS "asOf" FROM (SELECT 1) one LEFT JOIN (
      SELECT d.id, ${unreadFor(memberId)} AS unread FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid) t ON t.unread > 0`;
  const counted = rows.filter((row): row is { id: string; unread: number; asOf: Date } => row.id !== null);
  const byDeal = Object.fromEntries(counted.map((row) => [row.id, row.unread]));
  return { byDeal, total: counted.reduce((sum, row) => sum + row.unread, 0), asOf: rows[0]!.asOf.toISOString() };
}

/** Deal chats: messages in order, read positions, and the inbox. */
export function chatService(deps: TradeDeps) {
  const { prisma, events } = deps;
  const lifecycle = dealLifecycleService(deps);
  /**
   * Moves the member's read position forward to `seq` (never back). When it moved, the deal's room hears a read
   * receipt and the member's unread counts change.
   */
  async function moveReadPosition(member: SessionUser, deal: DealRow, role: ChatRole, seq: number, messageId: string): Promise<boolean> {
    const column = readColumn(role);
    const moved = await prisma.$executeRaw`
      UPDATE trade_deals SET ${column} = ${seq} WHERE id = ${deal.id}::uuid AND ${column} < ${seq}`;
    if (moved === 0) return false;
    events.chatRead({ dealId: deal.id, postId: deal.postId, userId: member.id, messageId, seq });
    if (deal.unreadCount > 0) events.unreadChanged([member.id]);
    return true;
  }

  /** The sequence number of one of the deal's messages, or undefined for an id the deal does not hold. */
  async function seqOf(dealId: string, messageId: string): Promise<number | undefined> {
    const [anchor] = await prisma.$queryRaw<{ seq: number }[]>`
      SELECT seq FROM trade_chat_messages WHERE id = ${messageId}::uuid AND deal_id = ${dealId}::uuid`;
    return anchor?.seq;
  }

  /**
   * One page of a deal's messages in order: with `before`, the page just before that message (older history;
   * an id the deal does not hold is a 404); else after `after` (a message id), or the newest page without it or
   * for an unknown id.
   */
  async function messagePage(dealId: string, messageCount: number, query: { after?: string; before?: string }) {
    const size = TRADE_RULES.chatPageSize;
    if (query.before) {
      const beforeSeq = await seqOf(dealId, query.before);
      if (beforeSeq === undefined) throw new NotFoundError(serverMessages.tradeMessageNotFound, 'message_not_found');
      const from = Math.max(0, beforeSeq - 1 - size);
      const rows = await selectMessages(prisma, Prisma.sql`m.deal_id = ${dealId}::uuid AND m.seq > ${from} AND m.seq < ${beforeSeq}`, size);
      return { items: rows, hasMore: true, hasOlder: from > 0 };
    }
    const afterSeq = query.after ? await seqOf(dealId, query.after) : undefined;
    const from = afterSeq ?? Math.max(0, messageCount - size);
    const rows = await selectMessages(prisma, Prisma.sql`m.deal_id = ${dealId}::uuid AND m.seq > ${from}`, size + 1);
    return { items: rows.slice(0, size), hasMore: rows.length > size, hasOlder: from > 0 };
  }

  /**
   * Messages of a deal, for its parties (see `messagePage`). Loading newer messages moves the member's read
   * position, so the server's unread counts follow, unless `markRead` is false (a tab in the background loads
   * what nobody has seen yet); older history never moves it.
   */
  async function readMessages(
    member: SessionUser,
    postId: string,
    dealId: string,
    { after, before, markRead = true }: { after?: string; before?: string; markRead?: boolean } = {},
  ): Promise<ChatResponse> {
    if (after && before) throw new BadRequestError(serverMessages.tradeAfterAndBefore, 'after_and_before');
    // A deal past its time shows as expired, even between two sweeps.
    await lifecycle.expireOverdue({ dealId });
    const { deal, role } = await chatDeal(prisma, member, postId, dealId);
    const { items, hasMore, hasOlder } = await messagePage(dealId, deal.messageCount, { after, before });
    const last = items.at(-1);
    if (last && markRead && !before) await moveReadPosition(member, deal, role, last.seq, last.id);
    return {
      ok: true,
      items: items.map(presentMessage),
      hasMore,
      hasOlder,
      closed: isClosed(deal),
      dealStatus: deal.status,
      ...dealEndOf(deal),
      expiresAt: deal.expiresAt?.toISOString() ?? null,
      confirmations: confirmationsOf(deal),
      buyerId: deal.buyerId,
      sellerId: deal.sellerId,
      buyerNick: deal.buyerNick,
      sellerNick: deal.sellerNick,
      postId: deal.postId,
      postTitle: deal.postTitle,
      price: deal.price,
      myRole: role,
      counterpartReadSeq: role === 'seller' ? deal.buyerReadSeq : deal.sellerReadSeq,
      sendRefusal: isClosed(deal) ? null : await sendRefusal(prisma, member.id, counterpartOf(deal, member.id)),
    };
  }

  /**
   * The member has seen the deal's messages up to `messageId` (one that arrived by push, without a GET). An id
   * of another deal is a 404; an older position than the stored one changes nothing.
   */
  async function markRead(member: SessionUser, postId: string, dealId: string, messageId: string): Promise<MarkReadResponse> {
    const { deal, role } = await chatDeal(prisma, member, postId, dealId);
    const seq = await seqOf(dealId, messageId);
    if (seq === undefined) throw new NotFoundError(serverMessages.tradeMessageNotFound, 'message_not_found');
    await moveReadPosition(member, deal, role, seq, messageId);
    const current = role === 'seller' ? deal.sellerReadSeq : deal.buyerReadSeq;
    return { ok: true, readSeq: Math.max(current, seq) };
  }

  /**
   * Stores a message, in one statement (`sendInOneStatement`): the deal's row is locked while the next sequence
   * number is taken, so a deal's messages commit in sequence order (polling with `after` never skips one), and a
   * resent `clientId` returns the stored message instead of a second copy, even after the chat closed. Closed
   * chats refuse new messages with 'chat room ended'; a deal whose time without activity is up expires instead of
   * taking the message. The checks answer in this order: unknown deal 404, not a party 403, bad text 400, a
   * resend, a refusal 403 (restricted, unverified e-mail, blocked), closed or expired 409.
   */
  async function sendMessage(
    claims: VerifiedClaims,
    postId: string,
    dealId: string,
    body: { text: string; clientId?: string },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    let text = '';
    let invalid: unknown;
    try {
      text = validateChatText(body.text);
    } catch (error) {
      invalid = error;
    }
    const clientId = body.clientId ?? randomUUID();
    const outcome = await sendInOneStatement(prisma, {
      postId, dealId, senderId: claims.userId, sessionVersion: claims.sv, clientId, text, valid: invalid === undefined,
    });
    // The session first, as `authenticate` would have answered before the route: 401 for a member gone or signed out.
    currentSession(claims, outcome.session);
    if (!outcome.found) throw new NotFoundError(serverMessages.tradeDealNotFound, 'deal_not_found');
    if (!outcome.party) throw new ForbiddenError(serverMessages.tradeNotParty, 'not_party');
    if (invalid !== undefined) throw invalid;
    if (outcome.stored) {
      const message = presentMessage(outcome.stored);
      // The push first: the counts below read the database, the conversation need not wait for them.
      events.chatMessage({ dealId, postId, buyerId: outcome.buyerId!, sellerId: outcome.sellerId!, message });
      events.unreadChanged([outcome.buyerId === claims.userId ? outcome.sellerId! : outcome.buyerId!]);
      return { message, created: true };
    }
    if (outcome.resent) return { message: presentMessage(outcome.resent), created: false };
    throwRefusal(refusalOf(outcome.standing, outcome.blocks));
    if (!outcome.open) throw new ConflictError(serverMessages.tradeChatEnded, 'chat_closed');
    if (outcome.overdue) {
      await lifecycle.expireOverdue({ dealId });
      throw new ConflictError(serverMessages.tradeDealExpired, 'deal_expired');
    }
    // A parallel resend committed while this one waited for the deal's lock: the stored message is the answer.
    const stored = await findByClientId(prisma, dealId, clientId);
    return { message: presentMessage(stored!), created: false };
  }

  /** The member's deal chats, most recent activity first, with unread counts and the newest message. */
  async function inbox(member: SessionUser): Promise<ChatInboxResponse> {
    const asOf = await databaseNow(prisma);
    const deals = await selectDeals(
      prisma,
      Prisma.sql`(d.buyer_id = ${member.id}::uuid OR p.seller_id = ${member.id}::uuid)`,
      member.id,
      Prisma.sql`coalesce(d.last_message_at, d.created_at) DESC, d.id DESC`,
      TRADE_RULES.inboxLimit,
    );
    const ids = deals.map((deal) => deal.id);
    const lastTexts = ids.length
      ? await prisma.$queryRaw<{ dealId: string; text: string }[]>`
          SELECT DISTINCT ON (deal_id) deal_id AS "dealId", text FROM trade_chat_messages
          WHERE deal_id IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})
          ORDER BY deal_id, seq DESC`
      : [];
    const textByDeal = new Map(lastTexts.map((row) => [row.dealId, row.text]));
    const items = deals.map((deal): ChatInboxItem => {
      const mineIsSeller = deal.sellerId === member.id;
      return {
        dealId: deal.id,
        postId: deal.postId,
        postTitle: deal.postTitle,
        price: deal.price,
        dealStatus: deal.status,
        closed: isClosed(deal),
        mineIsSeller,
        sellerId: deal.sellerId,
        buyerId: deal.buyerId,
        buyerNick: deal.buyerNick,
        sellerNick: deal.sellerNick,
        counterpartRole: mineIsSeller ? 'buyer' : 'seller',
        counterpartNick: mineIsSeller ? deal.buyerNick : deal.sellerNick,
        lastMessageAt: deal.lastMessageAt?.toISOString() ?? null,
        lastMessageText: textByDeal.get(deal.id) ?? null,
        unreadCount: deal.unreadCount,
        updatedAt: deal.updatedAt.toISOString(),
        createdAt: deal.createdAt.toISOString(),
      };
    });
    return { ok: true, items, unreadTotal: await unreadTotal(prisma, member.id), asOf };
  }

  return { readMessages, markRead, sendMessage, inbox };
}
