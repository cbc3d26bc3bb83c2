import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  AdminReportPatchBody, AdminReportPatchResponse, AdminReportsQuery, AdminReportsResponse, BlockBody, BlockListResponse,
  BlockParams, BlockResponse, CreateReportBody, CreateReportResponse, ReportIdParams,
} from '../../contracts/trade-safety.js';
import { serverMessages } from '../../lib/messages.js';
import { blockService } from './blocks.js';
import { reportService } from './report-service.js';
import type { TradeDeps } from './trade-db.js';

/**
 * Reports to the admins and their queue; members' blocks (docs/product/trade.md#reports, docs/product/trade.md#blocks).
 */
const safetyRoutes: FastifyPluginAsyncTypebox<TradeDeps> = async (app, deps) => {
  const reports = reportService(deps);
  const blocks = blockService(deps);
  const tags = ['trade'];

  app.post('/api/trade/reports', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Report a member, or a message of a chat the member is a party of, to the admins',
      body: CreateReportBody,
      response: { 200: CreateReportResponse, 201: CreateReportResponse, ...errorResponses },
    },
  }, async (request, reply) => {
    const result = await reports.report(request.member!, request.body);
    const message = result.created ? serverMessages.tradeReportReceived : serverMessages.tradeReportAlready;
    return reply.status(result.created ? 201 : 200).send({ ok: true, message, ...result });
  });

  app.get('/api/trade/admin/reports', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      summary: 'The reports queue, newest first, open ones by default (admin)',
      querystring: AdminReportsQuery,
      response: { 200: AdminReportsResponse, ...errorResponses },
    },
  }, async (request) => ({ ok: true as const, ...(await reports.adminList(request.query)) }));

  app.patch('/api/trade/admin/reports/:id', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      summary: 'Mark a report handled (with a note) or open again (admin; logged)',
      params: ReportIdParams,
      body: AdminReportPatchBody,
      response: { 200: AdminReportPatchResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    item: await reports.adminSetStatus(request.member!, request.params.id, request.body.status, request.body.note),
  }));

  app.get('/api/trade/blocks', {
    preHandler: app.authenticate,
    schema: { tags, summary: 'The members this member has blocked', response: { 200: BlockListResponse, ...errorResponses } },
  }, async (request) => ({ ok: true as const, items: await blocks.list(request.member!) }));

  app.post('/api/trade/blocks', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Block a member: they cannot apply to your posts, and neither of you writes to the other in a chat',
      body: BlockBody,
      response: { 200: BlockResponse, ...errorResponses },
    },
  }, async (request) => ({
    ok: true as const,
    message: serverMessages.tradeBlocked,
    changed: await blocks.block(request.member!, request.body.userId),
  }));

  app.delete('/api/trade/blocks/:userId', {
    preHandler: app.authenticate,
    schema: { tags, summary: 'Unblock a member', params: BlockParams, response: { 200: BlockResponse, ...errorResponses } },
  }, async (request) => ({
    ok: true as const,
    message: serverMessages.tradeUnblocked,
    changed: await blocks.unblock(request.member!, request.params.userId),
  }));
};

export default safetyRoutes;
