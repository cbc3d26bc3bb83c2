import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import { CompareParams, CompareQuery, CompareResponse } from '../../contracts/comparison.js';
import type { Database } from '../../db/client.js';
import { breakdownService } from '../breakdowns/breakdown-service.js';
import { leagueDirectoryFor } from '../league/league-directory.js';
import { requirePlayer } from '../players/player-lookup.js';
import { comparisonService, MEETINGS_LISTED } from './comparison-service.js';

/** Two players side by side (beyond the spec, issue 18). */
const comparisonRoutes: FastifyPluginAsyncTypebox<{ prisma: Database }> = async (app, { prisma }) => {
  const comparison = comparisonService({
    db: prisma,
    leagues: leagueDirectoryFor(prisma),
    breakdowns: breakdownService({ db: prisma }),
  });

  app.get(
    '/api/league/player/:playerId/compare/:otherId',
    {
      schema: {
        tags: ['players'],
        summary: 'Two players side by side in one league, and the matches they played together or against each other',
        description:
          'Each player\'s figures as their page shows them in the league (rating, rank, record, K/D, average kills, MVP, ' +
          'peak and lowest), their share of their teams\' kills and their results by map; the records of the matches ' +
          `both played (together: their team's; against: the first player's), and the newest ${MEETINGS_LISTED} of them. ` +
          '400 for an unknown league or the same player twice, 404 for an unknown player.',
        params: CompareParams,
        querystring: CompareQuery,
        response: { 200: CompareResponse, ...errorResponses },
      },
      config: { publicRead: true },
    },
    async (request) => {
      const [a, b] = await Promise.all([requirePlayer(prisma, request.params.playerId), requirePlayer(prisma, request.params.otherId)]);
      return { data: await comparison.compare(a, b, request.query.league) };
    },
  );
};

export default comparisonRoutes;
