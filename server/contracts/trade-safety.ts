import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';

/**
 * Safety in the trade marketplace (docs/product/trade.md#reports, docs/product/trade.md#blocks): reports of members and
 * chat messages to the admins, with a queue on the admin side, and blocks between members.
 */

const Id = Type.String({ format: 'uuid' });
const IsoTime = Type.String({ format: 'date-time' });

/** Why: fraud, abuse, moving the trade outside the site, spam, other (then a detail is needed). */
export const ReportReason = Type.Enum(['fraud', 'abuse', 'outside_contact', 'spam', 'other']);
export type ReportReason = Static<typeof ReportReason>;

/** POST /api/trade/reports: a member (`targetUserId`), or a chat message (`messageId`, of a deal of the reporter). */
export const CreateReportBody = Type.Object({
  targetUserId: Type.Optional(Id),
  messageId: Type.Optional(Id),
  reason: ReportReason,
  detail: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type CreateReportBody = Static<typeof CreateReportBody>;

/** `created` is false when the same report was already made (it is not made twice). */
export const CreateReportResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  reportId: Type.String(),
  created: Type.Boolean(),
});

const ReportMember = Type.Object({ _id: Id, nickname: Type.String() });

/** One report in the admins' queue: who reported whom, about which deal and message, and how it was handled. */
export const AdminReportItem = Type.Object({
  id: Type.String(),
  reason: ReportReason,
  detail: Type.String(),
  status: Type.Enum(['open', 'handled']),
  createdAt: IsoTime,
  reporter: ReportMember,
  target: Type.Object({ _id: Id, nickname: Type.String(), email: Type.String(), isBanned: Type.Boolean() }),
  deal: Nullable(Type.Object({ _id: Id, postId: Id, postTitle: Type.String() })),
  message: Nullable(Type.Object({ _id: Id, text: Type.String(), createdAt: IsoTime })),
  handledBy: Nullable(ReportMember),
  handledAt: Nullable(IsoTime),
  handledNote: Nullable(Type.String()),
});
export type AdminReportItem = Static<typeof AdminReportItem>;

export const AdminReportsQuery = Type.Object({
  status: Type.Enum(['open', 'handled', 'all'], { default: 'open' }),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});

export const AdminReportsResponse = Type.Object({
  ok: Type.Literal(true),
  items: Type.Array(AdminReportItem),
  openCount: Type.Integer({ minimum: 0 }),
});
export type AdminReportsResponse = Static<typeof AdminReportsResponse>;

export const ReportIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

/** PATCH /api/trade/admin/reports/{id}: mark handled (with a note) or open again. */
export const AdminReportPatchBody = Type.Object({
  status: Type.Enum(['open', 'handled']),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const AdminReportPatchResponse = Type.Object({ ok: Type.Literal(true), item: AdminReportItem });

/** A member this member has blocked. */
export const BlockedMember = Type.Object({ userId: Id, nickname: Type.String(), createdAt: IsoTime });
export type BlockedMember = Static<typeof BlockedMember>;

export const BlockListResponse = Type.Object({ ok: Type.Literal(true), items: Type.Array(BlockedMember) });
export type BlockListResponse = Static<typeof BlockListResponse>;

export const BlockBody = Type.Object({ userId: Id });
export const BlockParams = Type.Object({ userId: Id });

/** `changed` is false when the block was already there (or already gone). */
export const BlockResponse = Type.Object({ ok: Type.Literal(true), message: Type.String(), changed: Type.Boolean() });
