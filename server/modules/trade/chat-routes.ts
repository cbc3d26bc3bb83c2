import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import {
  AlertsSummary, ChatInboxResponse, ChatResponse, DealParams, MarkReadBody, MarkReadResponse, MessagesQuery,
  SendMessageBody, SendMessageResponse,
} from '../../contracts/trade.js';
import { alertsSummary } from './alerts-service.js';
import { chatService } from './chat-service.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import type { TradeDeps } from './trade-db.js';

/**
 * Deal chats, the chat inbox and the sidebar's alert summary (docs/product/trade.md#deal-chat,
 * docs/product/trade.md#trade-alerts).
 */
const chatRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const chats = chatService(deps);
  const lifecycle = dealLifecycleService(deps);

  app.get('/api/trade/posts/:postId/deals/:dealId/messages', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: "A deal's chat (parties only; polled every 3 s); after=<id> newer messages, before=<id> older ones; read=0 leaves them unread",
      params: DealParams,
      querystring: MessagesQuery,
      response: { 200: ChatResponse, ...errorResponses },
    },
  }, async (request) =>
    chats.readMessages(request.member!, request.params.postId, request.params.dealId, {
      after: request.query.after,
      before: request.query.before,
      markRead: request.query.read !== '0',
    }));

  app.post('/api/trade/posts/:postId/deals/:dealId/messages', {
    // The member is read by the send's one statement: a message's push waits for one round trip, not two.
    preHandler: app.authenticateToken,
    schema: {
      tags: ['trade'],
      summary: 'Send a chat message (parties only; 1000 characters at most; 409 once the chat has ended)',
      params: DealParams,
      body: SendMessageBody,
      response: { 200: SendMessageResponse, 201: SendMessageResponse, ...errorResponses, 409: ErrorResponse },
    },
  }, async (request, reply) => {
    const { message, created } = await chats.sendMessage(request.sessionClaims!, request.params.postId, request.params.dealId, request.body);
    return reply.status(created ? 201 : 200).send({ ok: true, message });
  });

  app.post('/api/trade/posts/:postId/deals/:dealId/read', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'Mark the chat read up to a message (a pushed one); the other party gets a read receipt',
      params: DealParams,
      body: MarkReadBody,
      response: { 200: MarkReadResponse, ...errorResponses },
    },
  }, async (request) => chats.markRead(request.member!, request.params.postId, request.params.dealId, request.body.messageId));

  app.get('/api/trade/chats', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: "The member's deal chats with unread counts",
      response: { 200: ChatInboxResponse, ...errorResponses },
    },
  }, async (request) => {
    await lifecycle.expireOverdue({ memberId: request.member!.id });
    return chats.inbox(request.member!);
  });

  app.get('/api/trade/alerts/summary', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'Open deal ids that need the member, and their unread chat total (polled every 5000 ms)',
      response: { 200: AlertsSummary, ...errorResponses },
    },
  }, async (request) => {
    // Deals past their time leave the badge now, not at the next sweep.
    await lifecycle.expireOverdue({ memberId: request.member!.id });
    return alertsSummary(deps.prisma, request.member!.id);
  });
};

export default chatRoutes;
