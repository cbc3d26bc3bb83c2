import type { Db } from '../../db/client.js';
import type { AdminReportItem, ReportReason } from '../../contracts/trade-safety.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { recordAudit } from '../admin/audit-log.js';
import { requireChatReader } from './chat-access.js';
import { inTransaction, type TradeDeps } from './trade-db.js';
import { BANNED_NOW } from './trade-standing.js';

const DETAIL_MAX = 1000;

/** The reporter's words: trimmed, at most 1000 characters, at least 2 when the reason is "other". */
function readDetail(reason: ReportReason, detail: string | undefined): string {
  const text = (detail ?? '').trim();
  if (reason === 'other' && text.length < 2) throw new BadRequestError(serverMessages.tradeReportDetailRequired, 'detail_required');
  if (text.length > DETAIL_MAX) throw new BadRequestError(serverMessages.tradeReportDetailTooLong(DETAIL_MAX), 'detail_too_long');
  return text;
}

/** The reported message with its deal's parties, or 404. */
async function reportedMessage(db: Db, messageId: string) {
  const [row] = await db.$queryRaw<{ senderId: string; system: boolean; dealId: string; buyerId: string; sellerId: string }[]>`
    SELECT m.sender_id AS "senderId", m.system_event IS NOT NULL AS system, d.id AS "dealId", d.buyer_id AS "buyerId", p.seller_id AS "sellerId"
    FROM trade_chat_messages m JOIN trade_deals d ON d.id = m.deal_id JOIN trade_posts p ON p.id = d.post_id
    WHERE m.id = ${messageId}::uuid`;
  if (!row) throw new NotFoundError(serverMessages.tradeMessageNotFound, 'message_not_found');
  return row;
}

/** Reports in the admins' queue matching `where` (over report r), newest first. */
async function selectReports(db: Db, where: Prisma.Sql, limit: number): Promise<AdminReportItem[]> {
  const rows = await db.$queryRaw<{
    id: bigint; reason: ReportReason; detail: string; status: 'open' | 'handled'; createdAt: Date;
    reporterId: string; reporterNick: string; targetId: string; targetNick: string; targetEmail: string; targetBanned: boolean;
    dealId: string | null; postId: string | null; postTitle: string | null;
    messageId: string | null; messageText: string | null; messageAt: Date | null;
    handlerId: string | null; handlerNick: string | null; handledAt: Date | null; handledNote: string | null;
  }[]>`
    SELECT r.id, lower(r.reason::text) AS reason, r.detail, lower(r.status::text) AS status, r.created_at AS "createdAt",
           ru.id AS "reporterId", ru.nickname::text AS "reporterNick",
           tu.id AS "targetId", tu.nickname::text AS "targetNick", tu.email::text AS "targetEmail", ${BANNED_NOW} AS "targetBanned",
           d.id AS "dealId", p.id AS "postId", p.title AS "postTitle",
           m.id AS "messageId", m.text AS "messageText", m.created_at AS "messageAt",
           hu.id AS "handlerId", hu.nickname::text AS "handlerNick", r.handled_at AS "handledAt", r.handled_note AS "handledNote"
    FROM trade_reports r
    JOIN users ru ON ru.id = r.reporter_id
    JOIN users tu ON tu.id = r.target_user_id
    LEFT JOIN trade_profiles tp ON tp.user_id = tu.id
    LEFT JOIN trade_deals d ON d.id = r.deal_id
    LEFT JOIN trade_posts p ON p.id = d.post_id
    LEFT JOIN trade_chat_messages m ON m.id = r.message_id
    LEFT JOIN users hu ON hu.id = r.handled_by
    WHERE ${where}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${limit}`;
  return rows.map((row) => ({
    id: String(row.id),
    reason: row.reason,
    detail: row.detail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reporter: { _id: row.reporterId, nickname: row.reporterNick },
    target: { _id: row.targetId, nickname: row.targetNick, email: row.targetEmail, isBanned: row.targetBanned },
    deal: row.dealId && row.postId ? { _id: row.dealId, postId: row.postId, postTitle: row.postTitle ?? '' } : null,
    message: row.messageId ? { _id: row.messageId, text: row.messageText ?? '', createdAt: row.messageAt!.toISOString() } : null,
    handledBy: row.handlerId ? { _id: row.handlerId, nickname: row.handlerNick ?? '' } : null,
    handledAt: row.handledAt?.toISOString() ?? null,
    handledNote: row.handledNote,
  }));
}

/**
 * Reports to the admins (Karrot-style safety): a member reports another member, or a message of a chat they are a
 * party of (the admins then see that message, and no more of the chat). A message is reported once per reporter;
 * a member once while that report is open. Admins work through the queue and mark reports handled, logged.
 */
export function reportService({ prisma }: TradeDeps) {
  async function report(member: SessionUser, body: { targetUserId?: string; messageId?: string; reason: ReportReason; detail?: string }) {
    if (Boolean(body.targetUserId) === Boolean(body.messageId)) throw new BadRequestError(serverMessages.tradeReportTarget, 'report_target');
    const detail = readDetail(body.reason, body.detail);
    const reason = Prisma.sql`${body.reason.toUpperCase()}::trade_report_reason`;
    if (body.messageId) {
      const message = await reportedMessage(prisma, body.messageId);
      requireChatReader(message, member.id);
      if (message.system) throw new BadRequestError(serverMessages.tradeReportSystemMessage, 'system_message');
      if (message.senderId === member.id) throw new BadRequestError(serverMessages.tradeReportSelf, 'report_self');
      const [inserted] = await prisma.$queryRaw<{ id: bigint }[]>`
        INSERT INTO trade_reports (reporter_id, target_user_id, deal_id, message_id, reason, detail)
        VALUES (${member.id}::uuid, ${message.senderId}::uuid, ${message.dealId}::uuid, ${body.messageId}::uuid, ${reason}, ${detail})
        ON CONFLICT (reporter_id, message_id) DO NOTHING RETURNING id`;
      if (inserted) return { reportId: String(inserted.id), created: true };
      const [existing] = await prisma.$queryRaw<{ id: bigint }[]>`
        SELECT id FROM trade_reports WHERE reporter_id = ${member.id}::uuid AND message_id = ${body.messageId}::uuid`;
      return { reportId: String(existing!.id), created: false };
    }
    const targetId = body.targetUserId!;
    if (targetId === member.id) throw new BadRequestError(serverMessages.tradeReportSelf, 'report_self');
    const [target] = await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${targetId}::uuid AND deleted_at IS NULL`;
    if (!target) throw new NotFoundError(serverMessages.tradeUserNotFound, 'user_not_found');
    // One open report of a member per reporter: parallel reports take turns on this pair's lock.
    return inTransaction(prisma, async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`trade-report:${member.id}:${targetId}`}))`;
      const [open] = await tx.$queryRaw<{ id: bigint }[]>`
        SELECT id FROM trade_reports WHERE reporter_id = ${member.id}::uuid AND target_user_id = ${targetId}::uuid
          AND message_id IS NULL AND status = 'OPEN'`;
      if (open) return { reportId: String(open.id), created: false };
      const [inserted] = await tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO trade_reports (reporter_id, target_user_id, reason, detail)
        VALUES (${member.id}::uuid, ${targetId}::uuid, ${reason}, ${detail}) RETURNING id`;
      return { reportId: String(inserted!.id), created: true };
    });
  }

  async function adminList(query: { status: 'open' | 'handled' | 'all'; limit: number }) {
    const where = query.status === 'all' ? Prisma.sql`true` : Prisma.sql`r.status = ${query.status.toUpperCase()}::trade_report_status`;
    const [items, [open]] = await Promise.all([
      selectReports(prisma, where, query.limit),
      prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM trade_reports WHERE status = 'OPEN'`,
    ]);
    return { items, openCount: open?.count ?? 0 };
  }

  /** Marks a report handled (with the admin's note) or open again; logged. */
  async function adminSetStatus(admin: SessionUser, id: string, status: 'open' | 'handled', note: string | undefined): Promise<AdminReportItem> {
    const text = note?.trim().slice(0, 500) || null;
    const handled = status === 'handled';
    await inTransaction(prisma, async (tx) => {
      const [row] = await tx.$queryRaw<{ targetUserId: string }[]>`
        UPDATE trade_reports SET status = ${status.toUpperCase()}::trade_report_status,
          handled_by = ${handled ? admin.id : null}::uuid, handled_at = CASE WHEN ${handled} THEN clock_timestamp() END,
          handled_note = ${handled ? text : null}
        WHERE id = ${BigInt(id)} RETURNING target_user_id AS "targetUserId"`;
      if (!row) throw new NotFoundError(serverMessages.tradeReportNotFound, 'report_not_found');
      await recordAudit(tx, { adminId: admin.id, action: 'report_handled', targetUserId: row.targetUserId, reason: text, detail: { reportId: id, status } });
    });
    const [item] = await selectReports(prisma, Prisma.sql`r.id = ${BigInt(id)}`, 1);
    return item!;
  }

  return { report, adminList, adminSetStatus };
}
