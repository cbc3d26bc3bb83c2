import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BoardListQuery, BoardListResponse, BoardPathParams, BoardPostDetail, CreatePostBody, CreatePostResponse, PostPathParams,
  UpdatePostBody,
} from '../../contracts/boards.js';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import type { Database } from '../../db/client.js';
import { serverMessages } from '../../lib/messages.js';
import { postInteractionRoutes } from './post-routes.js';
import { parsePostId } from './post-store.js';
import { requesterOf } from './requester.js';
import { BODY_LIMITS, categoryOf, scopedParams, createBoardServices, type BoardServices, type RouteScope } from './route-scope.js';

interface BoardRoutesOptions {
  prisma: Database;
}

/**
 * The board paths: `/api/sal-board/{category}` and the two slash forms (`trade/user`, `trade/sp`;
 * docs/product/boards.md#board-paths-with-a-slash), which are registered as their own static paths because their slash
 * would otherwise read as a post id.
 */
const BOARD_SCOPES: RouteScope[] = [
  { base: '/api/sal-board/:category', tag: 'boards' },
  { base: '/api/sal-board/trade/user', fixedCategory: 'trade-user', tag: 'boards' },
  { base: '/api/sal-board/trade/sp', fixedCategory: 'trade-sp', tag: 'boards' },
];

/** Lists, writing and editing posts of a board. */
function boardCollectionRoutes(scope: RouteScope, { posts }: BoardServices): FastifyPluginAsyncTypebox {
  const { base, tag } = scope;
  return async (app) => {
    app.get(base, {
      schema: {
        tags: [tag],
        summary: 'One page of a board, newest first (hot: the most liked and viewed posts of the last 7 days)',
        params: scopedParams(scope, BoardPathParams), querystring: BoardListQuery, response: { 200: BoardListResponse, ...errorResponses },
      },
    }, async (request) => posts.list(categoryOf(scope, request.params), request.query.page, request.query.limit));

    app.post(base, {
      schema: {
        tags: [tag],
        summary: 'Write a post as a member (bearer) or a non-member (password); notices only as an admin',
        params: scopedParams(scope, BoardPathParams), body: CreatePostBody, response: { 201: CreatePostResponse, ...errorResponses, 409: ErrorResponse },
      },
      preHandler: app.identify,
      bodyLimit: BODY_LIMITS.post,
    }, async (request, reply) => {
      const post = await posts.create(categoryOf(scope, request.params), request.body, requesterOf(request));
      return reply.status(201).send({ message: serverMessages.boardPostCreated, post });
    });

    app.put(`${base}/:id`, {
      schema: {
        tags: [tag],
        summary: 'Edit title and content: the author or an admin (bearer), or with a non-member post’s password',
        params: scopedParams(scope, PostPathParams), body: UpdatePostBody, response: { 200: BoardPostDetail, ...errorResponses },
      },
      preHandler: app.identify,
      bodyLimit: BODY_LIMITS.post,
    }, async (request) =>
      posts.update(categoryOf(scope, request.params), parsePostId(request.params.id), request.body, requesterOf(request)));
  };
}

/** Community boards (docs/product/boards.md). */
const boardRoutes: FastifyPluginAsyncTypebox<BoardRoutesOptions> = async (app, { prisma }) => {
  const services = createBoardServices(prisma);
  for (const scope of BOARD_SCOPES) {
    await app.register(boardCollectionRoutes(scope, services));
    await app.register(postInteractionRoutes(scope, services));
  }
};

export default boardRoutes;
