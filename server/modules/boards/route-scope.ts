import Type, { type TObject } from 'typebox';
import type { BoardCategory } from '../../contracts/boards.js';
import type { Database } from '../../db/client.js';
import { parseBoardCategory } from './categories.js';
import { commentService, type CommentService } from './comment-service.js';
import { postService, type PostService } from './post-service.js';

/** A path prefix the post routes live under, and the board it names when the path has no `:category`. */
export interface RouteScope {
  /** '/api/sal-board/:category', '/api/sal-board/trade/user', '/api/sal/notice', ... */
  base: string;
  fixedCategory?: BoardCategory;
  /** Swagger tag. */
  tag: string;
}

/** The board a request names: the scope's own, or the `:category` of the path (404 when unknown). */
export function categoryOf(scope: RouteScope, params: { category?: string }): BoardCategory {
  return scope.fixedCategory ?? parseBoardCategory(params.category ?? '');
}

/**
 * The path-parameter schema of a route under `scope`: without `category` where the scope's path has none, so the
 * OpenAPI document lists exactly the parameters of each path. The type stays the full one (`category` is optional
 * in it), so handlers read params the same way under every scope.
 */
export function scopedParams<T extends TObject>(scope: RouteScope, schema: T): T {
  return (scope.fixedCategory ? Type.Omit(schema, ['category']) : schema) as unknown as T;
}

/** The services of the community routes, built once per app. */
export interface BoardServices {
  posts: PostService;
  comments: CommentService;
}

export function createBoardServices(prisma: Database): BoardServices {
  const posts = postService({ prisma });
  return { posts, comments: commentService({ prisma, posts }) };
}

/** Request size limits: a post carries up to 20,000 characters (3 bytes each in UTF-8). */
export const BODY_LIMITS = { post: 96 * 1024, comment: 16 * 1024, small: 4 * 1024 } as const;
