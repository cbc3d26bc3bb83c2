import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import {
  AckResponse, ConfirmResponse, DealParams, DealsResponse, PostIdParam, ProposeBody, ProposeResponse,
} from '../../contracts/trade.js';
import { dealService } from './deal-service.js';
import type { TradeDeps } from './trade-db.js';

const withConflict = { ...errorResponses, 409: ErrorResponse };

/** Applications on a post, completion confirmations and the seller's acknowledgement (§7 Trade deals). */
const dealRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const deals = dealService(deps);

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
  }, async (request) => ({ ok: true as const, deals: await deals.listDeals(request.member!, request.params.postId) }));

  app.post('/api/trade/posts/:postId/deals/:dealId/confirm', {
    preHandler: app.authenticate,
    schema: {
      tags: ['trade'],
      summary: 'Confirm completion (a party; idempotent); COMPLETED once both have confirmed',
      params: DealParams,
      response: { 200: ConfirmResponse, ...withConflict },
    },
  }, async (request) => deals.confirm(request.member!, request.params.postId, request.params.dealId));

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
