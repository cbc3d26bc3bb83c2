import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BoardPostDetail, CommentPathParams, CreateCommentBody, DeleteBody, LikeResponse, MessageResponse, PostPathParams,
  ReplyPathParams, UpdateCommentBody,
} from '../../contracts/boards.js';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import { serverMessages } from '../../lib/messages.js';
import { parseCommentId, parsePostId } from './post-store.js';
import { requesterOf } from './requester.js';
import { BODY_LIMITS, categoryOf, scopedParams, type BoardServices, type RouteScope } from './route-scope.js';

const failures = { ...errorResponses, 409: ErrorResponse };
const postResponses = { 200: BoardPostDetail, ...failures };
const createdPostResponses = { 201: BoardPostDetail, ...failures };

/**
 * The calls on one post, the same under every path the spec names ("GET /api/sal/notice/{id} or GET
 * /api/sal-board/{category}/{id}", "DELETE on the same paths", ".../{id}/like", ".../{id}/comment..."): read, delete,
 * like, and comments and replies with their edit and delete.
 */
export function postInteractionRoutes(scope: RouteScope, services: BoardServices): FastifyPluginAsyncTypebox {
  const { posts, comments } = services;
  const { base, tag } = scope;
  const commentTarget = (params: { category?: string; id: string; commentId: string; replyId?: string }) => ({
    category: categoryOf(scope, params),
    postId: parsePostId(params.id),
    commentId: parseCommentId(params.commentId),
    replyId: params.replyId === undefined ? undefined : parseCommentId(params.replyId),
  });

  return async (app) => {
    const identify = app.identify;

    app.get(`${base}/:id`, {
      schema: { tags: [tag], summary: 'A post with its comments and replies (counts a view once per viewer per 24 h)', params: scopedParams(scope, PostPathParams), response: postResponses },
      preHandler: identify,
    }, async (request) => posts.read(categoryOf(scope, request.params), parsePostId(request.params.id), requesterOf(request)));

    app.delete(`${base}/:id`, {
      schema: {
        tags: [tag],
        summary: 'Delete a post: its author or an admin (bearer), or anyone with a non-member post’s password',
        params: scopedParams(scope, PostPathParams), body: DeleteBody, response: { 200: MessageResponse, ...failures },
      },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.small,
    }, async (request) => {
      await posts.remove(categoryOf(scope, request.params), parsePostId(request.params.id), request.body?.password, requesterOf(request));
      return { message: serverMessages.boardDeleted };
    });

    app.post(`${base}/:id/like`, {
      schema: { tags: [tag], summary: 'Like a post: once per member, or per IP for visitors (409 on a repeat)', params: scopedParams(scope, PostPathParams), response: { 200: LikeResponse, ...failures } },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.small,
    }, async (request) => {
      const likes = await posts.like(categoryOf(scope, request.params), parsePostId(request.params.id), requesterOf(request));
      return { likes, message: serverMessages.boardLiked };
    });

    app.post(`${base}/:id/comment`, {
      schema: { tags: [tag], summary: 'Comment on a post; returns the post', params: scopedParams(scope, PostPathParams), body: CreateCommentBody, response: createdPostResponses },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.comment,
    }, async (request, reply) => {
      const post = await comments.create(categoryOf(scope, request.params), parsePostId(request.params.id), null, request.body, requesterOf(request));
      return reply.status(201).send(post);
    });

    app.put(`${base}/:id/comment/:commentId`, {
      schema: { tags: [tag], summary: 'Edit a comment (author, admin, or the non-member password); returns the post', params: scopedParams(scope, CommentPathParams), body: UpdateCommentBody, response: postResponses },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.comment,
    }, async (request) => comments.update(commentTarget(request.params), request.body, requesterOf(request)));

    app.delete(`${base}/:id/comment/:commentId`, {
      schema: { tags: [tag], summary: 'Delete a comment and its replies; returns the post', params: scopedParams(scope, CommentPathParams), body: DeleteBody, response: postResponses },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.small,
    }, async (request) => comments.remove(commentTarget(request.params), request.body?.password, requesterOf(request)));

    app.post(`${base}/:id/comment/:commentId/reply`, {
      schema: { tags: [tag], summary: 'Reply to a comment; returns the post', params: scopedParams(scope, CommentPathParams), body: CreateCommentBody, response: createdPostResponses },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.comment,
    }, async (request, reply) => {
      const { category, postId, commentId } = commentTarget(request.params);
      return reply.status(201).send(await comments.create(category, postId, commentId, request.body, requesterOf(request)));
    });

    app.put(`${base}/:id/comment/:commentId/reply/:replyId`, {
      schema: { tags: [tag], summary: 'Edit a reply; returns the post', params: scopedParams(scope, ReplyPathParams), body: UpdateCommentBody, response: postResponses },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.comment,
    }, async (request) => comments.update(commentTarget(request.params), request.body, requesterOf(request)));

    app.delete(`${base}/:id/comment/:commentId/reply/:replyId`, {
      schema: { tags: [tag], summary: 'Delete a reply; returns the post', params: scopedParams(scope, ReplyPathParams), body: DeleteBody, response: postResponses },
      preHandler: identify,
      bodyLimit: BODY_LIMITS.small,
    }, async (request) => comments.remove(commentTarget(request.params), request.body?.password, requesterOf(request)));
  };
}
