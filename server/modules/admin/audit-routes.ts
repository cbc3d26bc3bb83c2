import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAuditQuery, AdminAuditResponse } from '../../contracts/admin-audit.js';
import { errorResponses } from '../../contracts/common.js';
import type { Database } from '../../db/client.js';
import { listAudit } from './audit-log.js';

/** The admins' log of actions on members (restrictions, trust, reports), admins only. */
const adminAuditRoutes: FastifyPluginAsyncTypebox<{ prisma: Database }> = async (app, { prisma }) => {
  app.get('/api/admin/audit', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['admin'],
      summary: "Admins' actions on members, newest first (admin); userId narrows to one member",
      querystring: AdminAuditQuery,
      response: { 200: AdminAuditResponse, ...errorResponses },
    },
  }, async (request) => ({ ok: true as const, items: await listAudit(prisma, request.query) }));
};

export default adminAuditRoutes;
