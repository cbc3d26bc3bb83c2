import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../contracts/common.js';
import {
  RankingPositionParams, RankingPositionResponse, RankingQuery, RankingResponse,
} from '../../contracts/rankings.js';
import type { PublicReadDependencies } from '../../plugins/public-read-cache.js';
import { DEFAULT_LEAGUE } from '../stats-core/league-catalog.js';
import { readTags } from '../stats-core/read-tags.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { rankingService } from './ranking-service.js';

interface RankingRoutesOptions {
  /** The database with the league caches every statistics read shares (built in buildApp). */
  core: StatsCore;
}

/** The ranking (pages and places) is the SAL league's order: every change in that league moves it. */
const ofRanking: PublicReadDependencies = { dependsOn: () => [readTags.league(DEFAULT_LEAGUE)] };
/** Its pages are computed again in the background when the league refreshes (paced): a player's place is not. */
const ofRankingPages: PublicReadDependencies = { ...ofRanking, rebuiltAhead: true };

/** The ranking calls: the Elo ranking pages and a player's place in it. */
const rankingRoutes: FastifyPluginAsyncTypebox<RankingRoutesOptions> = async (app, { core }) => {
  const rankings = rankingService(core);
  // A page computed aside by the league's background refresh reads the league's new ranking order.
  const rankingsFor = (request: FastifyRequest) => (request.statsAside ? rankingService(request.statsAside) : rankings);

  app.get(
    '/api/sal/user/ranking',
    {
      schema: {
        tags: ['rankings'],
        summary: 'SAL personal Elo ranking (home Top 5: limit=5; ranking page: limit=100&skip=n)',
        description:
          'A plain array, rating desc (ties in a fixed order); a page shorter than `limit` is the last. `limit` above 100 ' +
          'is clamped to 100; a negative `skip` is a 400.',
        querystring: RankingQuery,
        response: { 200: RankingResponse, ...errorResponses },
      },
      config: { publicRead: ofRankingPages },
    },
    async (request) => rankingsFor(request).page(request.query),
  );

  app.get(
    '/api/sal/user/ranking/position/:playerId',
    {
      schema: {
        tags: ['rankings'],
        summary: "A player's place in the SAL ranking (rank of total); rank null before the first rated match",
        params: RankingPositionParams,
        response: { 200: RankingPositionResponse, ...errorResponses },
      },
      config: { publicRead: ofRanking },
    },
    async (request) => rankings.position(request.params.playerId),
  );
};

export default rankingRoutes;
