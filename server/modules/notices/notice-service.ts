import type { Notice, NoticeBody } from '../../contracts/notices.js';
import type { Database } from '../../db/client.js';
import type { BoardPost } from '../../db/generated/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { resolveAuthorName } from '../boards/author-name.js';
import { NOTICE_BOARD } from '../boards/categories.js';
import { renderNoticeMarkdown } from '../boards/markdown.js';
import { cleanPostText } from '../boards/post-rules.js';
import { presentPopupFields, presentPostSummary, type PostRow } from '../boards/presenters.js';
import { popupEndOf, popupStartOf } from './popup-days.js';

const withCommentCount = { _count: { select: { comments: true } } } as const;

interface PopupSettings {
  showPopup: boolean;
  popupContent: string | null;
  popupStart: Date | null;
  popupEnd: Date | null;
}

/** A notice with its markdown rendered (content and popup text). */
export function presentNotice(row: PostRow, now: Date): Notice {
  return {
    ...presentPostSummary(row, now),
    content: row.content,
    contentHtml: renderNoticeMarkdown(row.content),
    ...presentPopupFields(row),
    popupContentHtml: row.popupContent === null ? null : renderNoticeMarkdown(row.popupContent),
  };
}

/**
 * The popup fields after a save: a field left out keeps `current` (on create: off and empty); days snap to
 * 00:00:00 and 23:59:59 of the chosen Korean day. A popup needs both days, the end not before the start.
 */
function popupSettings(body: NoticeBody, current: PopupSettings): PopupSettings {
  const day = (value: string | null | undefined, snap: (day: string) => Date, kept: Date | null) => {
    if (value === undefined) return kept;
    return value === null || value.trim() === '' ? null : snap(value);
  };
  const popupContent = body.popupContent === undefined ? current.popupContent : body.popupContent?.trim() || null;
  const settings = {
    showPopup: body.showPopup ?? current.showPopup,
    popupContent,
    popupStart: day(body.popupStart, popupStartOf, current.popupStart),
    popupEnd: day(body.popupEnd, popupEndOf, current.popupEnd),
  };
  if (settings.showPopup && (!settings.popupStart || !settings.popupEnd)) {
    throw new BadRequestError(serverMessages.noticePopupDaysRequired, 'popup_days_required');
  }
  if (settings.popupStart && settings.popupEnd && settings.popupEnd < settings.popupStart) {
    throw new BadRequestError(serverMessages.noticePopupRangeInvalid, 'popup_range_invalid');
  }
  return settings;
}

const NO_POPUP: PopupSettings = { showPopup: false, popupContent: null, popupStart: null, popupEnd: null };

export interface NoticeServiceDeps {
  prisma: Database;
  clock?: () => Date;
}

/** Notices: the list and popup list, and an admin's writing and editing (deleting goes through the post calls). */
export function noticeService({ prisma, clock = () => new Date() }: NoticeServiceDeps) {
  /** Newest first. `popupOnly`: notices flagged as popups whose window holds the present moment. */
  async function list(popupOnly: boolean, limit: number): Promise<Notice[]> {
    const now = clock();
    const popupWindow = popupOnly ? { showPopup: true, popupStart: { lte: now }, popupEnd: { gte: now } } : {};
    const rows = await prisma.boardPost.findMany({
      where: { category: NOTICE_BOARD, ...popupWindow },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      include: withCommentCount,
    });
    return rows.map((row) => presentNotice(row, now));
  }

  async function create(body: NoticeBody, admin: SessionUser): Promise<Notice> {
    const text = cleanPostText(body.title, body.content);
    const created = await prisma.boardPost.create({
      data: {
        category: NOTICE_BOARD,
        ...text,
        ...(await resolveAuthorName(prisma, admin, null)),
        authorId: admin.id,
        ...popupSettings(body, NO_POPUP),
      },
      include: withCommentCount,
    });
    return presentNotice(created, clock());
  }

  /** Rewrites a notice in one conditional statement (it must still be a notice). */
  async function update(id: number, body: NoticeBody): Promise<Notice> {
    const current = await requireNotice(id);
    const text = cleanPostText(body.title, body.content);
    const { count } = await prisma.boardPost.updateMany({
      where: { id, category: NOTICE_BOARD },
      data: { ...text, ...popupSettings(body, current), updatedAt: clock() },
    });
    if (count === 0) throw new NotFoundError(serverMessages.boardPostNotFound, 'post_not_found');
    return presentNotice(await requireNotice(id), clock());
  }

  async function requireNotice(id: number): Promise<BoardPost & PostRow> {
    const row = await prisma.boardPost.findFirst({ where: { id, category: NOTICE_BOARD }, include: withCommentCount });
    if (!row) throw new NotFoundError(serverMessages.boardPostNotFound, 'post_not_found');
    return row;
  }

  return { list, create, update };
}

export type NoticeService = ReturnType<typeof noticeService>;
