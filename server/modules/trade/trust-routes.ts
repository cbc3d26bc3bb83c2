import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  AdminBanBody, AdminLiftBanBody, AdminTrustListResponse, AdminTrustPatchBody, AdminTrustPatchResponse, AdminTrustQuery,
  HistoryQuery, HistoryResponse, SellerCredibility, SellerIdParams, TradeProfile, TradeStandingResponse, UserIdParams,
} from '../../contracts/trade.js';
import { serverMessages } from '../../lib/messages.js';
import { restrictionService } from './restriction-service.js';
import type { TradeDeps } from './trade-db.js';
import { trustService } from './trust-service.js';

/**
 * Trade profiles, seller credibility, trade history and the admin trust list (docs/product/trade.md#trust); the
 * member's own standing (may they trade) and the admins' restrictions.
 */
const trustRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const trust = trustService(deps);
  const restrictions = restrictionService(deps);
  const tags = ['trade'];

  app.get('/api/trade/standing/me', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Whether the member may trade: a verified e-mail, and any restriction with its reason and end',
      response: { 200: TradeStandingResponse, ...errorResponses },
    },
  }, async (request) => restrictions.standing(request.member!.id));

  app.get('/api/trade/profile/me', {
    preHandler: app.authenticate,
    schema: { tags, summary: "The member's own trade profile", response: { 200: TradeProfile, ...errorResponses } },
  }, async (request) => trust.profile(request.member!.id));

  app.get('/api/trade/profile/:userId', {
    schema: {
      tags,
      summary: "A member's trade profile (credit, completion rate, restriction)",
      params: UserIdParams,
      response: { 200: TradeProfile, ...errorResponses },
    },
  }, async (request) => trust.profile(request.params.userId));

  app.get('/api/trade/seller/:sellerId/cred', {
    schema: {
      tags,
      summary: "A seller's credibility: score (10 deals = 100%), completion rate, trusted flag",
      params: SellerIdParams,
      response: { 200: SellerCredibility, ...errorResponses },
    },
  }, async (request) => trust.credibility(request.params.sellerId));

  app.get('/api/trade/history/me', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: "The member's own deals, newest first",
      querystring: HistoryQuery,
      response: { 200: HistoryResponse, ...errorResponses },
    },
  }, async (request) => trust.history(request.member!.id, true, request.query));

  app.get('/api/trade/history/:userId', {
    schema: {
      tags,
      summary: "A member's completed deals, newest first",
      params: UserIdParams,
      querystring: HistoryQuery,
      response: { 200: HistoryResponse, ...errorResponses },
    },
  }, async (request) => trust.history(request.params.userId, false, request.query));

  app.get('/api/trade/admin/trust', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      summary: 'Members and their trade standing, by e-mail or nickname (admin)',
      querystring: AdminTrustQuery,
      response: { 200: AdminTrustListResponse, ...errorResponses },
    },
  }, async (request) => ({ ok: true as const, items: await trust.adminList(request.query.q) }));

  app.patch('/api/trade/admin/trust', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      summary: "Set a member's verified-trade count, trusted flag and trade restriction (admin)",
      body: AdminTrustPatchBody,
      response: { 200: AdminTrustPatchResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    message: serverMessages.tradeTrustUpdated,
    item: await trust.adminUpdate(request.member!, request.body),
  }));

  app.post('/api/trade/admin/bans', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      summary: "Restrict a member's trading for some days or until lifted, with the reason they are shown (admin; logged)",
      body: AdminBanBody,
      response: { 200: AdminTrustPatchResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    message: serverMessages.tradeBanned,
    item: await trust.adminItem(await restrictions.restrict(request.member!, request.body)),
  }));

  app.post('/api/trade/admin/bans/lift', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      summary: "Lift a member's trade restriction now (admin; logged)",
      body: AdminLiftBanBody,
      response: { 200: AdminTrustPatchResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    message: serverMessages.tradeBanLifted,
    item: await trust.adminItem(await restrictions.lift(request.member!, request.body)),
  }));
};

export default trustRoutes;
