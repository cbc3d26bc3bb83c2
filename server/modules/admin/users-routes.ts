import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_USERS_PAGE_MAX, AdminClanParams, AdminClanResponse, AdminRecentQuery, AdminRecentResponse,
} from '../../contracts/admin-users.js';
import { errorResponses } from '../../contracts/common.js';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { clanPlayers, recentPlayers } from './users-queries.js';

/** The admin users page's reads (docs/product/admin.md#users-admin), admin only whatever the page checks. */
const adminUserRoutes: FastifyPluginAsyncTypebox<{ prisma: Database }> = async (app, { prisma }) => {
  app.get(
    '/api/admin/users/recent',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'League players seen most recently (admin)',
        querystring: AdminRecentQuery,
        response: { 200: AdminRecentResponse, ...errorResponses },
      },
    },
    async (request) => ({ items: await recentPlayers(prisma, Math.min(request.query.limit ?? 50, ADMIN_USERS_PAGE_MAX)) }),
  );

  app.get(
    '/api/admin/users/clan/:clanSlug',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A clan's current players (admin)",
        params: AdminClanParams,
        response: { 200: AdminClanResponse, ...errorResponses },
      },
    },
    async (request) => {
      const found = await clanPlayers(prisma, request.params.clanSlug);
      if (!found) throw new NotFoundError(serverMessages.adminClanNotFound, 'clan_not_found');
      return found;
    },
  );
};

export default adminUserRoutes;
