import type { AdminAuditAction, AdminAuditEntry } from '../../contracts/admin-audit.js';
import type { Database, Transaction } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';

type Db = Database | Transaction;

/** One admin action to keep: who (the admin), what, about whom, why, and its details. */
export interface AuditRecord {
  adminId: string;
  action: AdminAuditAction;
  targetUserId: string | null;
  reason: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Records an admin action, inside the transaction that makes it (so the log holds exactly what was done). Features
 * that let admins act on members call this; the admin pages read it back.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.$executeRaw`
    INSERT INTO admin_audit_log (admin_id, action, target_user_id, reason, detail)
    VALUES (${record.adminId}::uuid, ${record.action.toUpperCase()}::admin_audit_action, ${record.targetUserId}::uuid,
            ${record.reason}, ${JSON.stringify(record.detail ?? {})}::jsonb)`;
}

/** The newest entries, about one member or all, with the admin's and the member's names. */
export async function listAudit(db: Db, query: { userId?: string; limit: number }): Promise<AdminAuditEntry[]> {
  const about = query.userId ? Prisma.sql`WHERE l.target_user_id = ${query.userId}::uuid` : Prisma.empty;
  const rows = await db.$queryRaw<{
    id: bigint; action: string; reason: string | null; detail: Record<string, unknown>; createdAt: Date;
    adminId: string | null; adminNick: string | null; adminEmail: string | null;
    targetId: string | null; targetNick: string | null; targetEmail: string | null;
  }[]>`
    SELECT l.id, lower(l.action::text) AS action, l.reason, l.detail, l.created_at AS "createdAt",
           a.id AS "adminId", a.nickname::text AS "adminNick", a.email::text AS "adminEmail",
           t.id AS "targetId", t.nickname::text AS "targetNick", t.email::text AS "targetEmail"
    FROM admin_audit_log l
    LEFT JOIN users a ON a.id = l.admin_id
    LEFT JOIN users t ON t.id = l.target_user_id
    ${about}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${query.limit}`;
  const member = (id: string | null, nickname: string | null, email: string | null) =>
    id ? { _id: id, nickname: nickname ?? '', email: email ?? '' } : null;
  return rows.map((row) => ({
    id: String(row.id),
    action: row.action as AdminAuditAction,
    admin: member(row.adminId, row.adminNick, row.adminEmail),
    target: member(row.targetId, row.targetNick, row.targetEmail),
    reason: row.reason,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }));
}
