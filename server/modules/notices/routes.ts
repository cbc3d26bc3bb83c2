import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PostPathParams } from '../../contracts/boards.js';
import { errorResponses } from '../../contracts/common.js';
import { NoticeBody, NoticeListQuery, NoticeListResponse, NoticeSaveResponse } from '../../contracts/notices.js';
import type { Database } from '../../db/client.js';
import { serverMessages } from '../../lib/messages.js';
import { NOTICE_BOARD } from '../boards/categories.js';
import { postInteractionRoutes } from '../boards/post-routes.js';
import { parsePostId } from '../boards/post-store.js';
import { BODY_LIMITS, createBoardServices, scopedParams, type RouteScope } from '../boards/route-scope.js';
import { noticeService } from './notice-service.js';
import { popupListMemo } from './popup-list.js';

interface NoticeRoutesOptions {
  prisma: Database;
}

const NOTICE_SCOPE: RouteScope = { base: '/api/sal/notice', fixedCategory: NOTICE_BOARD, tag: 'notices' };

/**
 * Notices (docs/product/notices.md): the list and popup list, admin-only writing and editing (enforced here, whatever
 * the page shows), and the post calls (detail, delete, like, comments) under /api/sal/notice/{id}.
 */
const noticeRoutes: FastifyPluginAsyncTypebox<NoticeRoutesOptions> = async (app, { prisma }) => {
  const notices = noticeService({ prisma });
  const popups = popupListMemo((limit) => notices.list(true, limit));
  // Any write under /api/sal/notice (a notice written, edited or deleted, a like, a comment) may change the popups.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') popups.clear();
  });

  app.get('/api/sal/notice', {
    schema: {
      tags: ['notices'],
      summary: 'Notices, newest first; popupOnly=1|true: the popup notices showing now',
      description: 'A plain array. The home page and the popup overlay read popupOnly=1.',
      querystring: NoticeListQuery,
      response: { 200: NoticeListResponse, ...errorResponses },
    },
  }, async (request) => {
    const { popupOnly, limit } = request.query;
    return popupOnly === '1' || popupOnly === 'true' ? popups.list(limit) : notices.list(false, limit);
  });

  app.post('/api/sal/notice', {
    schema: {
      tags: ['notices'],
      summary: 'Write a notice (admin only)',
      body: NoticeBody,
      response: { 201: NoticeSaveResponse, ...errorResponses },
    },
    preHandler: app.requireAdmin,
    bodyLimit: BODY_LIMITS.post,
  }, async (request, reply) => {
    const notice = await notices.create(request.body, request.member!);
    return reply.status(201).send({ message: serverMessages.noticeCreated, notice });
  });

  app.put('/api/sal/notice/:id', {
    schema: {
      tags: ['notices'],
      summary: 'Edit a notice (admin only): the same fields as writing; a field left out stays as it is',
      params: scopedParams(NOTICE_SCOPE, PostPathParams),
      body: NoticeBody,
      response: { 200: NoticeSaveResponse, ...errorResponses },
    },
    preHandler: app.requireAdmin,
    bodyLimit: BODY_LIMITS.post,
  }, async (request) => {
    const notice = await notices.update(parsePostId(request.params.id), request.body);
    return { message: serverMessages.noticeUpdated, notice };
  });

  await app.register(postInteractionRoutes(NOTICE_SCOPE, createBoardServices(prisma)));
};

export default noticeRoutes;
