import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import { CompareParams, CompareQuery, CompareResponse } from '../../contracts/comparison.js';
import type { PublicReadDependencies } from '../../plugins/public-read-cache.js';
import { readTags } from '../stats-core/read-tags.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { comparisonService, MEETINGS_LISTED } from './comparison-service.js';

/**
 * Two players side by side (beyond the specification: docs/decisions.md). A statistics read by its tag: a public read, kept and
 * cleared with the others (docs/caching.md).
 */
/** Both players' own data, and their ranks in the compared league's ranking (every change in that league). */
const ofBothPlayers: PublicReadDependencies = {
  dependsOnAnswer: (request, answer) => {
    const params = request.params as { playerId: string; otherId: string };
    return [readTags.player(params.playerId), readTags.player(params.otherId), readTags.league((answer as CompareResponse).data.league.slug)];
  },
};

const comparisonRoutes: FastifyPluginAsyncTypebox<{ core: StatsCore }> = async (app, { core }) => {
  const comparison = comparisonService(core);

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
      config: { publicRead: ofBothPlayers },
    },
    async (request) => ({ data: await comparison.compare(request.params.playerId, request.params.otherId, request.query.league) }),
  );
};

export default comparisonRoutes;
