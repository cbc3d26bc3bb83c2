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

/** Board posts: lists, detail with view counting, writing, editing, deleting and likes (§2, §4, §6, §7). */
export class PostService {
  constructor(
    private readonly prisma: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(category: BoardCategory, page: number, limit: number): Promise<BoardListResponse> {
    const { rows, total } = category === HOT_BOARD
      ? await listHotPage(this.prisma, page, limit)
      : await listBoardPage(this.prisma, category, page, limit);
    const now = this.clock();
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
  async requireIn(category: BoardCategory, id: number): Promise<PostRow> {
    const post = await requirePost(this.prisma, id);
    if (!belongsToBoard(post.category, category)) throw postNotFound();
    return post;
  }

  /** The post with its comments as it is now (the answer of every comment call). */
  async detail(category: BoardCategory, id: number): Promise<BoardPostDetail> {
    const post = await this.requireIn(category, id);
    return presentPostDetail(post, await listComments(this.prisma, id), this.clock());
  }

  /** The detail a reader opens: counts the view once per viewer per 24 hours. */
  async read(category: BoardCategory, id: number, requester: Requester): Promise<BoardPostDetail> {
    const post = await this.requireIn(category, id);
    const [views, comments] = await Promise.all([
      orNotFound(countView(this.prisma, id, voterKey(requester)), serverMessages.boardPostNotFound, 'post_not_found'),
      listComments(this.prisma, id),
    ]);
    return presentPostDetail({ ...post, views: views ?? post.views }, comments, this.clock());
  }

  async create(category: BoardCategory, body: CreatePostBody, requester: Requester): Promise<BoardPostDetail> {
    assertWritableBoard(category);
    assertNoticeWriter(requester.member, category);
    const text = cleanPostText(body.title, body.content);
    const name = await resolveAuthorName(this.prisma, requester.member, body.nickname);
    const passwordHash = await guestPasswordHash(requester.member !== null, body.password, true);
    const created = await this.prisma.boardPost.create({
      data: { category, ...text, ...name, authorId: requester.member?.id ?? null, passwordHash },
    });
    return this.detail(category, created.id);
  }

  async update(category: BoardCategory, id: number, body: UpdatePostBody, requester: Requester): Promise<BoardPostDetail> {
    const post = await this.requireIn(category, id);
    assertNoticeWriter(requester.member, post.category);
    const text = cleanPostText(body.title, body.content);
    await assertMayModify(this.prisma, { ...requester, postId: id, password: body.password }, post);
    const { count } = await this.prisma.boardPost.updateMany({ where: { id }, data: { ...text, updatedAt: this.clock() } });
    if (count === 0) throw postNotFound();
    return this.detail(category, id);
  }

  async remove(category: BoardCategory, id: number, password: string | undefined, requester: Requester): Promise<void> {
    const post = await this.requireIn(category, id);
    assertNoticeWriter(requester.member, post.category);
    await assertMayModify(this.prisma, { ...requester, postId: id, password }, post);
    const { count } = await this.prisma.boardPost.deleteMany({ where: { id } });
    if (count === 0) throw postNotFound();
  }

  /** One like per member, or per IP for visitors (409 with the current count on a repeat). */
  async like(category: BoardCategory, id: number, requester: Requester): Promise<number> {
    const post = await this.requireIn(category, id);
    const likes = await orNotFound(addLike(this.prisma, id, voterKey(requester)), serverMessages.boardPostNotFound, 'post_not_found');
    if (likes === null) {
      const current = await requirePost(this.prisma, id).then((row) => row.likes, () => post.likes);
      throw new ConflictError(serverMessages.boardAlreadyLiked, 'already_liked', { likes: current });
    }
    return likes;
  }
}
