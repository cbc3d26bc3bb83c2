import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  PlayerIdByNameResponse, PlayerIdParams, PlayerLeaguesResponse, PlayerNameParams, PopularSearchResponse,
  SalMixedQuery, SalMixedResponse, SearchLogBody, SearchLogResponse,
} from '../../contracts/search.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { searchService } from './search-service.js';

interface SearchRoutesOptions {
  /** The database with the league caches every statistics read shares (built in buildApp). */
  core: StatsCore;
}

/** Searches logged per minute per address: enough for a person, too few to push a keyword up the popular list. */
const SEARCH_LOG_PER_MINUTE = 30;

/** The search calls (docs/product/search.md) and the home's popular searches. */
const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, { core }) => {
  const search = searchService(core);

  app.get(
    '/api/players/:id/leagues',
    {
      schema: {
        tags: ['search'],
        summary: "A player's league cards (the 'supply' search source): one per league played, most recent first",
        description: '`id` is an enlistment number or an exact nickname. An empty `data` means no league info.',
        params: PlayerIdParams,
        response: { 200: PlayerLeaguesResponse, ...errorResponses },
      },
    },
    (request) => search.playerLeagues(request.params.id),
  );

  app.get(
    '/api/players/name/:name',
    {
      schema: {
        tags: ['search'],
        summary: 'The enlistment number (data.id) of the player with this exact nickname',
        params: PlayerNameParams,
        response: { 200: PlayerIdByNameResponse, ...errorResponses },
      },
    },
    (request) => search.playerIdByName(request.params.name),
  );

  app.post(
    '/api/search/log',
    {
      schema: {
        tags: ['search'],
        summary: 'Records a search ({keyword, mode}); feeds the popular searches with searches that found something',
        description: '`counted` is false for a search that found nothing (or an address): those are not kept.',
        body: SearchLogBody,
        response: { 201: SearchLogResponse, ...errorResponses },
      },
      config: { rateLimit: { max: SEARCH_LOG_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const counted = await search.log(request.body.keyword, request.body.mode);
      return reply.status(201).send({ message: 'success', counted });
    },
  );

  app.get(
    '/api/resolve/sal-mixed',
    {
      schema: {
        tags: ['search'],
        summary: 'Mixed search: players and clans by nickname, enlistment number or clan name',
        description:
          '`form=autocomplete` (while typing): up to 10 players and 10 clans. `form=full` (the default; Enter or the ' +
          'button): up to 20 and 20. An exact enlistment number comes first; names match by prefix or part.',
        querystring: SalMixedQuery,
        response: { 200: SalMixedResponse, ...errorResponses },
      },
    },
    (request) => search.mixed(request.query.keyword, request.query.form ?? 'full'),
  );

  app.get(
    '/api/search/popular',
    {
      schema: {
        tags: ['search'],
        summary: 'Popular searches of the last 7 days per source (sal, supply): up to 20 that found something, addresses never',
        response: { 200: PopularSearchResponse, ...errorResponses },
      },
      // It follows the search log, not league data: the public-read cache would keep it past new searches.
      config: { publicRead: false },
    },
    () => search.popular(),
  );
};

export default searchRoutes;
