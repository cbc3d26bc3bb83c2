import type {
  BoardCategory, BoardPostDetail, CreateCommentBody, UpdateCommentBody,
} from '../../contracts/boards.js';
import type { Database } from '../../db/client.js';
import type { BoardComment } from '../../db/generated/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { assertMayModify } from './access-policy.js';
import { resolveAuthorName } from './author-name.js';
import { guestPasswordHash } from './guest-password.js';
import { orNotFound } from './missing-row.js';
import type { PostService } from './post-service.js';
import { cleanCommentText } from './post-rules.js';
import type { Requester } from './requester.js';

/** Where a comment or reply sits: the post, and for a reply its comment. */
export interface CommentTarget {
  category: BoardCategory;
  postId: number;
  commentId: number;
  /** Set for replies: the reply's id (commentId is then its parent). */
  replyId?: number;
}

const commentNotFound = () => new NotFoundError(serverMessages.boardCommentNotFound, 'comment_not_found');

export interface CommentServiceDeps {
  prisma: Database;
  posts: PostService;
}

/**
 * Comments and one level of replies (docs/product/boards.md#comments-and-replies). Every call answers with the whole
 * post, as the spec's calls do. Deleting a comment deletes its replies with it (foreign key cascade).
 */
export function commentService({ prisma, posts }: CommentServiceDeps) {
  /** A comment (parentId null) or a reply (parentId set) of the post; 404 otherwise. */
  async function requireComment(postId: number, id: number, parentId: number | null): Promise<BoardComment> {
    const comment = await prisma.boardComment.findFirst({ where: { id, postId, parentId } });
    if (!comment) throw commentNotFound();
    return comment;
  }

  /** Adds a comment, or a reply to comment `parentId`. */
  async function create(
    category: BoardCategory,
    postId: number,
    parentId: number | null,
    body: CreateCommentBody,
    requester: Requester,
  ): Promise<BoardPostDetail> {
    await posts.requireIn(category, postId);
    if (parentId !== null) await requireComment(postId, parentId, null);
    const content = cleanCommentText(body.content);
    const name = await resolveAuthorName(prisma, requester.member, body.nickname);
    const passwordHash = await guestPasswordHash(requester.member !== null, body.password, false);
    const missing = parentId === null ? serverMessages.boardPostNotFound : serverMessages.boardCommentNotFound;
    await orNotFound(
      prisma.boardComment.create({
        data: { postId, parentId, content, ...name, authorId: requester.member?.id ?? null, passwordHash },
      }),
      missing,
      parentId === null ? 'post_not_found' : 'comment_not_found',
    );
    return posts.detail(category, postId);
  }

  async function update(target: CommentTarget, body: UpdateCommentBody, requester: Requester): Promise<BoardPostDetail> {
    const comment = await requireTarget(target);
    const content = cleanCommentText(body.content);
    await assertMayModify(prisma, { ...requester, postId: target.postId, password: body.password }, comment);
    const { count } = await prisma.boardComment.updateMany({
      where: { id: comment.id },
      data: { content, updatedAt: new Date() },
    });
    if (count === 0) throw commentNotFound();
    return posts.detail(target.category, target.postId);
  }

  async function remove(target: CommentTarget, password: string | undefined, requester: Requester): Promise<BoardPostDetail> {
    const comment = await requireTarget(target);
    await assertMayModify(prisma, { ...requester, postId: target.postId, password }, comment);
    const { count } = await prisma.boardComment.deleteMany({ where: { id: comment.id } });
    if (count === 0) throw commentNotFound();
    return posts.detail(target.category, target.postId);
  }

  async function requireTarget(target: CommentTarget): Promise<BoardComment> {
    await posts.requireIn(target.category, target.postId);
    return target.replyId === undefined
      ? requireComment(target.postId, target.commentId, null)
      : requireComment(target.postId, target.replyId, target.commentId);
  }

  return { create, update, remove };
}

export type CommentService = ReturnType<typeof commentService>;
