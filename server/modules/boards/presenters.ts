import type {
  BoardComment as CommentView, BoardPostDetail, BoardPostSummary, BoardReply, PostBadge,
} from '../../contracts/boards.js';
import type { BoardComment, BoardPost } from '../../db/generated/client.js';
import { NOTICE_BOARD } from './categories.js';
import { renderNoticeMarkdown } from './markdown.js';

/** NEW / UPDATE window of notices: 24 hours (docs/product/boards.md#new-and-update-tags). */
const BADGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A post row with its comment and reply count. */
export type PostRow = BoardPost & { _count: { comments: number } };

/**
 * NEW when a notice was created within 24 hours; UPDATE when it was edited within 24 hours and is not NEW
 * (docs/product/boards.md#new-and-update-tags). Other boards carry no tag.
 */
export function noticeBadge(post: Pick<BoardPost, 'category' | 'createdAt' | 'updatedAt'>, now: Date): PostBadge {
  if (post.category !== NOTICE_BOARD) return null;
  const since = now.getTime() - BADGE_WINDOW_MS;
  if (post.createdAt.getTime() > since) return 'new';
  if (post.updatedAt.getTime() > post.createdAt.getTime() && post.updatedAt.getTime() > since) return 'update';
  return null;
}

const authorFields = (row: Pick<BoardPost, 'nickname' | 'authorId' | 'isOfficial' | 'passwordHash'>) => ({
  nickname: row.nickname,
  author: row.authorId,
  isOfficial: row.isOfficial,
  hasPassword: row.passwordHash !== null,
});

/** A post as lists show it; never the password hash. */
export function presentPostSummary(row: PostRow, now: Date): BoardPostSummary {
  return {
    _id: String(row.id),
    category: row.category,
    title: row.title,
    ...authorFields(row),
    likes: row.likes,
    views: row.views,
    commentCount: row._count.comments,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    badge: noticeBadge(row, now),
  };
}

/** The popup fields of a notice (false and nulls elsewhere). */
export function presentPopupFields(row: BoardPost) {
  return {
    showPopup: row.showPopup,
    popupContent: row.popupContent,
    popupStart: row.popupStart?.toISOString() ?? null,
    popupEnd: row.popupEnd?.toISOString() ?? null,
  };
}

function presentReply(row: BoardComment): BoardReply {
  return {
    _id: String(row.id),
    ...authorFields(row),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Comments oldest first, each with its replies oldest first. Expects the rows in that order. */
export function presentComments(rows: BoardComment[]): CommentView[] {
  const repliesOf = new Map<number, BoardReply[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = repliesOf.get(row.parentId) ?? [];
    list.push(presentReply(row));
    repliesOf.set(row.parentId, list);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({ ...presentReply(row), replies: repliesOf.get(row.id) ?? [] }));
}

/** A post with its text (rendered markdown for notices) and comments. */
export function presentPostDetail(row: PostRow, comments: BoardComment[], now: Date): BoardPostDetail {
  return {
    ...presentPostSummary(row, now),
    content: row.content,
    contentHtml: row.category === NOTICE_BOARD ? renderNoticeMarkdown(row.content) : null,
    ...presentPopupFields(row),
    comments: presentComments(comments),
  };
}
