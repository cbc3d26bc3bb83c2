import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import {
  AckResponse, CancelDealBody, ConfirmResponse, DealChangeResponse, DealParams, DealsResponse, EndDealBody, PostIdParam,
  ProposeBody, ProposeResponse,
} from '../../contracts/trade.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import { dealService } from './deal-service.js';
import type { TradeDeps } from './trade-db.js';

const withConflict = { ...errorResponses, 409: ErrorResponse };

/**
 * Applications on a post, completion confirmations, the other ways a deal ends (reject, withdraw, cancel) and the
 * seller's acknowledgement (docs/product/trade.md#deals).
 */
const dealRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const deals = dealService(deps);
  const lifecycle = dealLifecycleService(deps);

  app.post('/api/trade/posts/:postId/propose', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'Apply on a post (bearer); a buyer who already applied gets the existing deal back',
      params: PostIdParam,
      body: ProposeBody,
      response: { 200: ProposeResponse, 201: ProposeResponse, ...withConflict },
    },
  }, async (request, reply) => {
    const result = await deals.propose(request.member!, request.params.postId, request.body);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  app.get('/api/trade/posts/:postId/deals', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: "The post's deals, for its seller (polled every 5 s)",
      params: PostIdParam,
      response: { 200: DealsResponse, ...errorResponses },
    },
  }, async (request) => {
    await lifecycle.expireOverdue({ postId: request.params.postId });
    return { ok: true as const, deals: await deals.listDeals(request.member!, request.params.postId) };
  });

  app.post('/api/trade/posts/:postId/deals/:dealId/confirm', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'Confirm completion (a party; idempotent); COMPLETED once both have confirmed',
      params: DealParams,
      response: { 200: ConfirmResponse, ...withConflict },
    },
  }, async (request) => deals.confirm(request.member!, request.params.postId, request.params.dealId));

  app.post('/api/trade/posts/:postId/deals/:dealId/reject', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'The seller rejects an application nobody has confirmed yet (reason optional, shown in the chat)',
      params: DealParams,
      body: EndDealBody,
      response: { 200: DealChangeResponse, ...withConflict },
    },
  }, async (request) => lifecycle.reject(request.member!, request.params.postId, request.params.dealId, request.body?.reason));

  app.post('/api/trade/posts/:postId/deals/:dealId/withdraw', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'The buyer withdraws an application nobody has confirmed yet (reason optional, shown in the chat)',
      params: DealParams,
      body: EndDealBody,
      response: { 200: DealChangeResponse, ...withConflict },
    },
  }, async (request) => lifecycle.withdraw(request.member!, request.params.postId, request.params.dealId, request.body?.reason));

  app.post('/api/trade/posts/:postId/deals/:dealId/cancel', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'A party cancels a deal under way (one side confirmed) with a reason; counts against that party',
      params: DealParams,
      body: CancelDealBody,
      response: { 200: DealChangeResponse, ...withConflict },
    },
  }, async (request) => lifecycle.cancel(request.member!, request.params.postId, request.params.dealId, request.body.reason));

  app.post('/api/trade/posts/:postId/deals/:dealId/ack-seller', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'The seller opened the deal (recorded once)',
      params: DealParams,
      response: { 200: AckResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    acknowledged: await deals.ackSeller(request.member!, request.params.postId, request.params.dealId),
  }));
};

export default dealRoutes;
