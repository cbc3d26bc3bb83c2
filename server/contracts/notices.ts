import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';
import { BOARD_LIMITS, BoardPostSummary, PopupFields } from './boards.js';

/**
 * Notices (docs/product/notices.md). A notice is a post of the `notice` board that only admins write; its content is
 * markdown and may be shown as a popup between two days (Korean time).
 */

/**
 * A notice as GET /api/sal/notice returns it. The home page reads `_id, title, content, popupContent, showPopup,
 * popupStart, popupEnd`; the HTML fields are the markdown rendered safely, ready to show.
 */
export const Notice = Type.Object({
  ...BoardPostSummary.properties,
  content: Type.String({ description: 'markdown' }),
  contentHtml: Type.String({ description: 'the markdown rendered safely (no raw HTML, no script, no javascript: links)' }),
  ...PopupFields,
  popupContentHtml: Nullable(Type.String({ description: 'the popup text rendered like contentHtml' })),
});
export type Notice = Static<typeof Notice>;

export const NoticeListResponse = Type.Array(Notice);

export const NoticeListQuery = Type.Object({
  popupOnly: Type.Optional(Type.Enum(['1', 'true', '0', 'false'], { description: '1 or true: popup notices showing now' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});

/**
 * A popup day: `YYYY-MM-DD` (or a date-time, whose Korean calendar day counts). The start becomes 00:00:00 and
 * the end 23:59:59.999 of that day in Korean time.
 */
const PopupDay = Nullable(Type.String({ maxLength: 40 }));

/** POST /api/sal/notice and PUT /api/sal/notice/{id}. */
export const NoticeBody = Type.Object({
  title: Type.String({ maxLength: 200 }),
  content: Type.String({ maxLength: BOARD_LIMITS.contentMax }),
  popupContent: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  showPopup: Type.Optional(Type.Boolean({ description: 'left out: false on create, unchanged on edit' })),
  popupStart: Type.Optional(PopupDay),
  popupEnd: Type.Optional(PopupDay),
  userId: Type.Optional(Type.Unknown({ description: 'ignored: the member is read from the bearer token' })),
  role: Type.Optional(Type.Unknown({ description: 'ignored: the role is read from the database' })),
});
export type NoticeBody = Static<typeof NoticeBody>;

export const NoticeSaveResponse = Type.Object({ message: Type.String(), notice: Notice });
export type NoticeSaveResponse = Static<typeof NoticeSaveResponse>;
