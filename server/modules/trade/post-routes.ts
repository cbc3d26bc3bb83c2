import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  CreatePostBody, PostIdParams, PostListQuery, PostListResponse, PostReadQuery, PostResponse,
} from '../../contracts/trade.js';
import type { TradeDeps } from './trade-db.js';
import { postService } from './post-service.js';
import { TRADE_RULES } from './trade-rules.js';

/** The user-trade board: list, read, write (§7 Trade posts). */
const postRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const posts = postService(deps);

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
      summary: 'A trade post with the deals the viewer may see; counts a view unless view=0',
      params: PostIdParams,
      querystring: PostReadQuery,
      response: { 200: PostResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    post: await posts.readPost(request.params.id, request.member, request.query.view !== '0'),
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
};

export default postRoutes;
