import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  PlayerIdByNameResponse, PlayerIdParams, PlayerLeaguesResponse, PlayerNameParams, PopularSearchResponse,
  SalMixedQuery, SalMixedResponse, SearchLogBody, SearchLogResponse,
} from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { leagueDirectoryFor } from '../stats-core/league-directory.js';
import { searchMixed } from './mixed-search.js';
import { findPlayerByNickname, requirePlayer } from './player-lookup.js';
import { loadPlayerLeagues } from './player-leagues.js';
import { logSearch, PopularSearches } from './popular-searches.js';

interface SearchRoutesOptions {
  prisma: Database;
}

/** Searches logged per minute per address: enough for a person, too few to push a keyword up the popular list. */
const SEARCH_LOG_PER_MINUTE = 30;

/** Search and home: player league cards, id by name, the mixed search, search logging and popular searches. */
const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, { prisma }) => {
  const leagues = leagueDirectoryFor(prisma);
  const popular = new PopularSearches(prisma);

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
      config: { publicRead: true },
    },
    async (request) => {
      const player = await requirePlayer(prisma, request.params.id);
      return { message: 'success' as const, data: await loadPlayerLeagues(prisma, leagues, player) };
    },
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
      config: { publicRead: true },
    },
    async (request) => {
      const player = await findPlayerByNickname(prisma, request.params.name.trim());
      if (!player) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
      return { message: 'success' as const, data: { id: player.enlistmentNo, nickname: player.nickname } };
    },
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
      if (request.body.keyword.trim() === '') throw new BadRequestError(serverMessages.searchKeywordEmpty, 'keyword_empty');
      const counted = await logSearch(prisma, request.body.keyword, request.body.mode);
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
      config: { publicRead: true },
    },
    async (request) => {
      const { keyword, form = 'full' } = request.query;
      if (keyword.trim() === '') throw new BadRequestError(serverMessages.searchKeywordEmpty, 'keyword_empty');
      return searchMixed(prisma, leagues, keyword, form);
    },
  );

  app.get(
    '/api/search/popular',
    {
      schema: {
        tags: ['search'],
        summary: 'Popular searches of the last 7 days per source (sal, supply): up to 20 that found something, addresses never',
        response: { 200: PopularSearchResponse, ...errorResponses },
      },
    },
    () => popular.get(),
  );
};

export default searchRoutes;
