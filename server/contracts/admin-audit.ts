import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';

/** The admins' log (docs/product/admin.md#admin-log): restrictions, trust changes and report handling, newest first. */

export const AdminAuditAction = Type.Enum(['trade_ban', 'trade_unban', 'trade_trust', 'report_handled']);
export type AdminAuditAction = Static<typeof AdminAuditAction>;

const Member = Nullable(Type.Object({ _id: Type.String(), nickname: Type.String(), email: Type.String() }));

export const AdminAuditEntry = Type.Object({
  id: Type.String(),
  action: AdminAuditAction,
  admin: Member,
  target: Member,
  reason: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AdminAuditEntry = Static<typeof AdminAuditEntry>;

export const AdminAuditQuery = Type.Object({
  userId: Type.Optional(Type.String({ format: 'uuid', description: 'entries about this member only' })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

export const AdminAuditResponse = Type.Object({ ok: Type.Literal(true), items: Type.Array(AdminAuditEntry) });
export type AdminAuditResponse = Static<typeof AdminAuditResponse>;
