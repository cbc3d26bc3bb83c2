import type {
  BoardCategory, BoardListResponse, BoardPostDetail, CreatePostBody, UpdatePostBody,
} from '../../contracts/boards.js';
import type { Database } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { assertMayModify } from './access-policy.js';
import { resolveAuthorName } from './author-name.js';
import { assertWritableBoard, belongsToBoard, HOT_BOARD } from './categories.js';
import { guestPasswordHash } from './guest-password.js';
import { orNotFound } from './missing-row.js';
import { assertNoticeWriter, cleanPostText } from './post-rules.js';
import {
  addLike, countView, listBoardPage, listComments, listHotPage, requirePost,
} from './post-store.js';
import { presentPostDetail, presentPostSummary, type PostRow } from './presenters.js';
import { voterKey, type Requester } from './requester.js';

const postNotFound = () => new NotFoundError(serverMessages.boardPostNotFound, 'post_not_found');

export interface PostServiceDeps {
  prisma: Database;
  clock?: () => Date;
}

/** Board posts: lists, detail with view counting, writing, editing, deleting and likes (docs/product/boards.md). */
export function postService({ prisma, clock = () => new Date() }: PostServiceDeps) {
  async function list(category: BoardCategory, page: number, limit: number): Promise<BoardListResponse> {
    const { rows, total } = category === HOT_BOARD
      ? await listHotPage(prisma, page, limit)
      : await listBoardPage(prisma, category, page, limit);
    const now = clock();
    return {
      category,
      items: rows.map((row) => presentPostSummary(row, now)),
      page,
      limit,
      total,
      totalPages: Math.ceil(total / limit),
    };
  }

  /** A post of the board (hot reaches every board), or 404. */
  async function requireIn(category: BoardCategory, id: number): Promise<PostRow> {
    const post = await requirePost(prisma, id);
    if (!belongsToBoard(post.category, category)) throw postNotFound();
    return post;
  }

  /** The post with its comments as it is now (the answer of every comment call). */
  async function detail(category: BoardCategory, id: number): Promise<BoardPostDetail> {
    const post = await requireIn(category, id);
    return presentPostDetail(post, await listComments(prisma, id), clock());
  }

  /** The detail a reader opens: counts the view once per viewer per 24 hours. */
  async function read(category: BoardCategory, id: number, requester: Requester): Promise<BoardPostDetail> {
    const post = await requireIn(category, id);
    const [views, comments] = await Promise.all([
      orNotFound(countView(prisma, id, voterKey(requester)), serverMessages.boardPostNotFound, 'post_not_found'),
      listComments(prisma, id),
    ]);
    return presentPostDetail({ ...post, views: views ?? post.views }, comments, clock());
  }

  async function create(category: BoardCategory, body: CreatePostBody, requester: Requester): Promise<BoardPostDetail> {
    assertWritableBoard(category);
    assertNoticeWriter(requester.member, category);
    const text = cleanPostText(body.title, body.content);
    const name = await resolveAuthorName(prisma, requester.member, body.nickname);
    const passwordHash = await guestPasswordHash(requester.member !== null, body.password, true);
    const created = await prisma.boardPost.create({
      data: { category, ...text, ...name, authorId: requester.member?.id ?? null, passwordHash },
    });
    return detail(category, created.id);
  }

  async function update(category: BoardCategory, id: number, body: UpdatePostBody, requester: Requester): Promise<BoardPostDetail> {
    const post = await requireIn(category, id);
    assertNoticeWriter(requester.member, post.category);
    const text = cleanPostText(body.title, body.content);
    await assertMayModify(prisma, { ...requester, postId: id, password: body.password }, post);
    const { count } = await prisma.boardPost.updateMany({ where: { id }, data: { ...text, updatedAt: clock() } });
    if (count === 0) throw postNotFound();
    return detail(category, id);
  }

  async function remove(category: BoardCategory, id: number, password: string | undefined, requester: Requester): Promise<void> {
    const post = await requireIn(category, id);
    assertNoticeWriter(requester.member, post.category);
    await assertMayModify(prisma, { ...requester, postId: id, password }, post);
    const { count } = await prisma.boardPost.deleteMany({ where: { id } });
    if (count === 0) throw postNotFound();
  }

  /** One like per member, or per IP for visitors (409 with the current count on a repeat). */
  async function like(category: BoardCategory, id: number, requester: Requester): Promise<number> {
    const post = await requireIn(category, id);
    const likes = await orNotFound(addLike(prisma, id, voterKey(requester)), serverMessages.boardPostNotFound, 'post_not_found');
    if (likes === null) {
      const current = await requirePost(prisma, id).then((row) => row.likes, () => post.likes);
      throw new ConflictError(serverMessages.boardAlreadyLiked, 'already_liked', { likes: current });
    }
    return likes;
  }

  return { list, requireIn, detail, read, create, update, remove, like };
}

export type PostService = ReturnType<typeof postService>;
