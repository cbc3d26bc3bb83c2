import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import type { BoardComment } from '../../db/generated/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { countViewOnce } from '../../lib/view-counter.js';
import { NOTICE_BOARD } from './categories.js';
import type { PostRow } from './presenters.js';

/**
 * The hot board (docs/decisions.md): posts of the last 7 days from every board but notices, scored
 * likes × 10 + views, at least 10 points, best 100, best score first (newer first on a tie).
 */
export const HOT_RULE = { windowDays: 7, likeWeight: 10, minScore: 10, maxPosts: 100 } as const;

const withCommentCount = { _count: { select: { comments: true } } } as const;
const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** A row id from a path, or `missing()` (numbers beyond the id column's range cannot exist). */
function parseRowId(value: string, missing: () => Error): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw missing();
  return id;
}

/** A post number from a path, or 404. */
export const parsePostId = (value: string) =>
  parseRowId(value, () => new NotFoundError(serverMessages.boardPostNotFound, 'post_not_found'));

/** A comment or reply number from a path, or 404. */
export const parseCommentId = (value: string) =>
  parseRowId(value, () => new NotFoundError(serverMessages.boardCommentNotFound, 'comment_not_found'));

/** One page of a board, newest first, on the (category, created_at, id) index. */
export async function listBoardPage(prisma: Database, category: string, page: number, limit: number) {
  const where = { category };
  const [rows, total] = await Promise.all([
    prisma.boardPost.findMany({ where, orderBy: NEWEST_FIRST, skip: (page - 1) * limit, take: limit, include: withCommentCount }),
    prisma.boardPost.count({ where }),
  ]);
  return { rows: rows as PostRow[], total };
}

/** One page of the hot board (at most HOT_RULE.maxPosts posts in all). */
export async function listHotPage(prisma: Database, page: number, limit: number) {
  const { windowDays, likeWeight, minScore, maxPosts } = HOT_RULE;
  const ranked = await prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM board_posts
    WHERE category <> ${NOTICE_BOARD}
      AND created_at >= now() - make_interval(days => ${windowDays}::int)
      AND likes * ${likeWeight}::int + views >= ${minScore}::int
    ORDER BY likes * ${likeWeight}::int + views DESC, id DESC
    LIMIT ${maxPosts}::int`;
  const pageIds = ranked.slice((page - 1) * limit, page * limit).map((row) => row.id);
  const rows = await prisma.boardPost.findMany({ where: { id: { in: pageIds } }, include: withCommentCount });
  const byId = new Map(rows.map((row) => [row.id, row as PostRow]));
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), total: ranked.length };
}

/** A post with its comment count, or 404. */
export async function requirePost(prisma: Database, id: number): Promise<PostRow> {
  const row = await prisma.boardPost.findUnique({ where: { id }, include: withCommentCount });
  if (!row) throw new NotFoundError(serverMessages.boardPostNotFound, 'post_not_found');
  return row as PostRow;
}

/** Every comment and reply of a post, oldest first. */
export function listComments(prisma: Database, postId: number): Promise<BoardComment[]> {
  return prisma.boardComment.findMany({ where: { postId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

const BOARD_VIEW_TABLES = { posts: 'board_posts', views: 'board_views' } as const;

/**
 * Counts a view unless this viewer's last counted view of the post is under 24 hours old (the shared rule of
 * lib/view-counter.ts). Returns the new total, or null when it did not count.
 */
export function countView(prisma: Database, postId: number, viewerKey: string): Promise<number | null> {
  return countViewOnce(prisma, BOARD_VIEW_TABLES, Prisma.sql`${postId}::int`, viewerKey);
}

/**
 * Records one like per voter and post and raises the count in the same statement. Returns the new count, or
 * null when this voter had already liked the post.
 */
export async function addLike(prisma: Database, postId: number, voterKey: string): Promise<number | null> {
  const [row] = await prisma.$queryRaw<{ likes: number }[]>`
    WITH liked AS (
      INSERT INTO board_likes (post_id, voter_key)
      SELECT ${postId}, ${voterKey} WHERE EXISTS (SELECT 1 FROM board_posts WHERE id = ${postId})
      ON CONFLICT (post_id, voter_key) DO NOTHING
      RETURNING 1
    )
    UPDATE board_posts SET likes = likes + 1
    WHERE id = ${postId} AND EXISTS (SELECT 1 FROM liked)
    RETURNING likes`;
  return row?.likes ?? null;
}
