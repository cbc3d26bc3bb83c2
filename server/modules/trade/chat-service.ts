import type { Db } from '../../db/client.js';
import { randomUUID } from 'node:crypto';
import type {
  ChatInboxItem, ChatInboxResponse, ChatMessage, ChatResponse, MarkReadResponse,
} from '../../contracts/trade.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { requireChatReader, requireSender, sendRefusal, type ChatRole } from './chat-access.js';
import { appendMessage, findByClientId, selectMessages } from './chat-messages.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import { findDeal, OVERDUE_DEAL, selectDeals, unreadFor, type DealRow } from './deal-queries.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
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

/** The member's unread messages per deal (deals without any left out), for the live `chats:unread` event. */
export async function unreadByDeal(db: Db, memberId: string): Promise<{ byDeal: Record<string, number>; total: number; asOf: string }> {
  const asOf = await databaseNow(db);
  const rows = await db.$queryRaw<{ id: string; unread: number }[]>`
    SELECT t.id, t.unread FROM (
      SELECT d.id, ${unreadFor(memberId)} AS unread FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid) t
    WHERE t.unread > 0`;
  const byDeal = Object.fromEntries(rows.map((row) => [row.id, row.unread]));
  return { byDeal, total: rows.reduce((sum, row) => sum + row.unread, 0), asOf };
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
   * Stores a message. The deal's row is locked while the next sequence number is taken, so a deal's messages
   * commit in sequence order (polling with `after` never skips one), and a resent `clientId` returns the
   * stored message instead of a second copy, even after the chat closed. Closed chats refuse new messages with
   * 'chat room ended'; a deal whose time without activity is up expires instead of taking the message.
   */
  async function sendMessage(
    member: SessionUser,
    postId: string,
    dealId: string,
    body: { text: string; clientId?: string },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const { deal } = await chatDeal(prisma, member, postId, dealId);
    const text = validateChatText(body.text);
    // A resend of a message already stored answers it whatever has changed since; a new one needs the right to write.
    const resent = body.clientId ? await findByClientId(prisma, dealId, body.clientId) : undefined;
    if (resent) return { message: presentMessage(resent), created: false };
    await requireSender(prisma, member.id, counterpartOf(deal, member.id));
    const clientId = body.clientId ?? randomUUID();
    const outcome = await inTransaction(prisma, async (tx) => {
      const [locked] = await tx.$queryRaw<{ open: boolean; overdue: boolean }[]>`
        SELECT d.status = 'IN_PROGRESS' AS open, ${OVERDUE_DEAL} AS overdue FROM trade_deals d WHERE d.id = ${dealId}::uuid FOR UPDATE`;
      const resent = await findByClientId(tx, dealId, clientId);
      if (resent) return { row: resent, created: false };
      if (!locked?.open) throw new ConflictError(serverMessages.tradeChatEnded, 'chat_closed');
      // Expiring takes the post's lock first (the order every deal change keeps), so it runs after this one.
      if (locked.overdue) return 'overdue' as const;
      return appendMessage(tx, { dealId, senderId: member.id, clientId, text });
    });
    if (outcome === 'overdue') {
      await lifecycle.expireOverdue({ dealId });
      throw new ConflictError(serverMessages.tradeDealExpired, 'deal_expired');
    }
    const message = presentMessage(outcome.row);
    if (outcome.created) {
      events.chatMessage({ dealId, postId, buyerId: deal.buyerId, sellerId: deal.sellerId, message });
      events.unreadChanged([deal.buyerId === member.id ? deal.sellerId : deal.buyerId]);
    }
    return { message, created: outcome.created };
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
