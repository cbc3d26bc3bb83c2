import { BOARD_LIMITS } from '@shared/rules/boards.js';
import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';

/**
 * Community boards (docs/product/boards.md). Field names are the spec's (`_id`, `likes`, `views`, `comments`,
 * `replies`). Request bodies may also carry the spec's `userId`, `role` and `author` fields: they are accepted and
 * ignored, because who is asking comes from the bearer token only.
 */

const DateTimeString = Type.String({ format: 'date-time' });

/**
 * Board slugs as the API stores them (docs/product/boards.md#board-categories). `trade/user` and `trade/sp` in a path
 * are `trade-user`, `trade-sp`.
 */
export const BOARD_CATEGORIES = [
  'hot', 'free', 'sanply', 'asupply', 'rankedplay', 'champs', 'streamer', 'notice', 'news', 'tip', 'humor',
  'question', 'video', 'incident', 'trade-user', 'trade-sp',
] as const;
export type BoardCategory = (typeof BOARD_CATEGORIES)[number];

export { BOARD_LIMITS };

/** The tag of a notice in lists: NEW within 24 h of creation, UPDATE within 24 h of an edit (and not NEW). */
export const PostBadge = Nullable(Type.Enum(['new', 'update']));
export type PostBadge = Static<typeof PostBadge>;

const AuthorFields = {
  nickname: Type.String({ description: 'the name shown; 익명 when left blank; the official name for an admin' }),
  author: Nullable(Type.String({ description: 'the member id of the author, null for a non-member' })),
  isOfficial: Type.Boolean({ description: 'written by an administrator (shown with the official name and style)' }),
  hasPassword: Type.Boolean({ description: 'written by a non-member with a password (the hash never leaves the server)' }),
};

/** A reply to a comment. */
export const BoardReply = Type.Object({
  _id: Type.String(),
  ...AuthorFields,
  content: Type.String(),
  createdAt: DateTimeString,
  updatedAt: DateTimeString,
});
export type BoardReply = Static<typeof BoardReply>;

/** A comment with its replies, oldest first. */
export const BoardComment = Type.Object({
  _id: Type.String(),
  ...AuthorFields,
  content: Type.String(),
  createdAt: DateTimeString,
  updatedAt: DateTimeString,
  replies: Type.Array(BoardReply),
});
export type BoardComment = Static<typeof BoardComment>;

/** A post as lists show it. */
export const BoardPostSummary = Type.Object({
  _id: Type.String({ description: 'the post number' }),
  category: Type.String({ description: 'the board of the post (the hot list mixes boards)' }),
  title: Type.String(),
  ...AuthorFields,
  likes: Type.Integer(),
  views: Type.Integer(),
  commentCount: Type.Integer({ description: 'comments and replies' }),
  createdAt: DateTimeString,
  updatedAt: DateTimeString,
  badge: PostBadge,
});
export type BoardPostSummary = Static<typeof BoardPostSummary>;

/** Popup fields of a notice; other posts carry false and nulls. */
export const PopupFields = {
  showPopup: Type.Boolean(),
  popupContent: Nullable(Type.String()),
  popupStart: Nullable(DateTimeString),
  popupEnd: Nullable(DateTimeString),
};

/** A post with its content and comments (GET /api/sal-board/{category}/{id}, GET /api/sal/notice/{id}). */
export const BoardPostDetail = Type.Object({
  ...BoardPostSummary.properties,
  content: Type.String({ description: 'the text as written (plain text with line breaks; markdown for notices)' }),
  contentHtml: Nullable(Type.String({ description: 'notices only: the markdown rendered safely (no raw HTML)' })),
  ...PopupFields,
  comments: Type.Array(BoardComment),
});
export type BoardPostDetail = Static<typeof BoardPostDetail>;

/** GET /api/sal-board/{category}: one page of a board, newest first (hot: best score first). */
export const BoardListResponse = Type.Object({
  category: Type.String(),
  items: Type.Array(BoardPostSummary),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
});
export type BoardListResponse = Static<typeof BoardListResponse>;

export const BoardListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: BOARD_LIMITS.pageSizeMax, default: BOARD_LIMITS.pageSizeDefault }),
});

/**
 * Path parameters. `category` is any string, so an unknown board answers 404 with the board text rather than a
 * bare 400; it is absent on the paths that name their board (/api/sal/notice, /api/sal-board/trade/user, ...).
 */
const CategoryString = Type.String({ minLength: 1, maxLength: 30 });
const IdString = Type.String({ pattern: '^[0-9]{1,12}$' });
export const BoardPathParams = Type.Object({ category: Type.Optional(CategoryString) });
export const PostPathParams = Type.Object({ category: Type.Optional(CategoryString), id: IdString });
export const CommentPathParams = Type.Object({ ...PostPathParams.properties, commentId: IdString });
export const ReplyPathParams = Type.Object({ ...CommentPathParams.properties, replyId: IdString });

const Ignored = {
  userId: Type.Optional(Type.Unknown({ description: 'ignored: the member is read from the bearer token' })),
  role: Type.Optional(Type.Unknown({ description: 'ignored: the role is read from the database' })),
};
const GuestPassword = Type.Optional(Type.String({ maxLength: BOARD_LIMITS.guestPasswordMax }));
const Nickname = Type.Optional(Nullable(Type.String({ maxLength: 40 })));

/** POST /api/sal-board/{category}. */
export const CreatePostBody = Type.Object({
  nickname: Nickname,
  title: Type.String({ maxLength: 200 }),
  content: Type.String({ maxLength: BOARD_LIMITS.contentMax }),
  password: GuestPassword,
  author: Type.Optional(Type.Unknown({ description: 'ignored: the author is the bearer token’s member' })),
  ...Ignored,
});
export type CreatePostBody = Static<typeof CreatePostBody>;

/** PUT /api/sal-board/{category}/{id}: a non-member post also needs its password. */
export const UpdatePostBody = Type.Object({
  title: Type.String({ maxLength: 200 }),
  content: Type.String({ maxLength: BOARD_LIMITS.contentMax }),
  password: GuestPassword,
  ...Ignored,
});
export type UpdatePostBody = Static<typeof UpdatePostBody>;

/** DELETE of a post, comment or reply; the body is optional (a member needs none). */
export const DeleteBody = Type.Optional(Nullable(Type.Object({ password: GuestPassword, ...Ignored })));

/** POST .../comment and .../comment/{commentId}/reply. */
export const CreateCommentBody = Type.Object({
  content: Type.String({ maxLength: 3000 }),
  nickname: Nickname,
  password: GuestPassword,
  ...Ignored,
});
export type CreateCommentBody = Static<typeof CreateCommentBody>;

/** PUT .../comment/{commentId} and .../reply/{replyId}. */
export const UpdateCommentBody = Type.Object({
  content: Type.String({ maxLength: 3000 }),
  password: GuestPassword,
  ...Ignored,
});
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

/** POST .../{id}/like. */
export const LikeResponse = Type.Object({ likes: Type.Integer(), message: Type.String() });
export type LikeResponse = Static<typeof LikeResponse>;

/** POST /api/sal-board/{category}: the new post. */
export const CreatePostResponse = Type.Object({ message: Type.String(), post: BoardPostDetail });
export type CreatePostResponse = Static<typeof CreatePostResponse>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;
