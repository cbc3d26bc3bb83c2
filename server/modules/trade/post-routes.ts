import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import { ErrorResponse } from '../../contracts/common.js';
import {
  CreatePostBody, EditPostBody, PostIdParams, PostListQuery, PostListResponse, PostReadQuery, PostResponse, PostStateBody,
} from '../../contracts/trade.js';
import type { TradeDeps } from './trade-db.js';
import { postManagement } from './post-management.js';
import { postService } from './post-service.js';
import { TRADE_RULES } from './trade-rules.js';

/**
 * The user-trade board: list, read, write (docs/product/trade.md#trade-list); the seller's edit, reserve, sold and
 * withdraw.
 */
const postRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const posts = postService(deps);
  const own = postManagement(deps, (postId, viewer) => posts.readPost(postId, viewer, null));

  app.get('/api/trade/posts', {
    preHandler: app.identify,
    schema: {
      tags: ['trade'],
      summary: 'Trade posts, newest first (page 1 is polled every 5 s); mine=1 lists own posts (bearer)',
      querystring: PostListQuery,
      response: { 200: PostListResponse, ...errorResponses },
    },
  }, async (request) => {
    const mine = request.query.mine === '1' || request.query.mine === 'true';
    const page = Math.max(1, Number(request.query.page) || 1);
    const limit = Math.min(TRADE_RULES.maxPageSize, Math.max(1, Number(request.query.limit) || TRADE_RULES.pageSize));
    return posts.listPosts({ page, limit, mine }, request.member);
  });

  app.get('/api/trade/posts/:id', {
    preHandler: app.identify,
    schema: {
      tags: ['trade'],
      summary: 'A trade post with the deals the viewer may see; counts a view once per reader a day (none with view=0)',
      params: PostIdParams,
      querystring: PostReadQuery,
      response: { 200: PostResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    post: await posts.readPost(request.params.id, request.member, request.query.view === '0' ? null : { ip: request.ip }),
  }));

  app.post('/api/trade/posts', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'Write a trade post (bearer; one per 20 minutes: 429 with retryAfter)',
      body: CreatePostBody,
      response: { 201: PostResponse, ...errorResponses },
    },
  }, async (request, reply) => {
    const post = await posts.createPost(request.member!, request.body);
    return reply.status(201).send({ ok: true, post });
  });

  app.put('/api/trade/posts/:id', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'The seller edits title, content and price (not once completed, sold or withdrawn)',
      params: PostIdParams,
      body: EditPostBody,
      response: { 200: PostResponse, ...errorResponses, 409: ErrorResponse },
    },
  }, async (request) => ({ ok: true as const, post: await own.editPost(request.member!, request.params.id, request.body) }));

  app.post('/api/trade/posts/:id/state', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'The seller reserves (no new applications), reopens, marks sold or withdraws the post',
      params: PostIdParams,
      body: PostStateBody,
      response: { 200: PostResponse, ...errorResponses, 409: ErrorResponse },
    },
  }, async (request) => ({ ok: true as const, post: await own.setState(request.member!, request.params.id, request.body.state) }));
};

export default postRoutes;
