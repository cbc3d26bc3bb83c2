import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../contracts/common.js';
import {
  LeagueClansResponse, LeagueNameParams, LeagueSlugParams, LeagueSummaryResponse, StandingsQuery, StandingsResponse,
} from '../../contracts/league.js';
import type { PublicReadDependencies } from '../../plugins/public-read-cache.js';
import { readTags } from '../stats-core/read-tags.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { leagueService } from './league-service.js';

interface LeagueRoutesOptions {
  /** The database with the league caches every statistics read shares (built in buildApp). */
  core: StatsCore;
}

/**
 * A league table shows every clan of the league (figures, ingest state, member counts): every change in the league.
 * An alias ('supply') names no league tag, so every change clears it. Computed again in the background when the
 * league refreshes (paced), so no reader waits for the league's order.
 */
const ofLeague = (param: 'leagueSlug' | 'leagueName'): PublicReadDependencies => ({
  dependsOn: (request) => [readTags.league((request.params as Record<string, string>)[param])],
  rebuiltAhead: true,
});

/** The league tables: division summary, standings (also the home clan Top 5) and the clan list variant. */
const leagueRoutes: FastifyPluginAsyncTypebox<LeagueRoutesOptions> = async (app, { core }) => {
  const tables = leagueService(core);
  // A table computed aside by the league's background refresh reads the league's new snapshots.
  const tablesFor = (request: FastifyRequest) => (request.statsAside ? leagueService(request.statsAside) : tables);

  app.get(
    '/api/league-summary/:leagueSlug',
    {
      schema: {
        tags: ['league'],
        summary: 'Division table (supply-1, supply-2, sanply; sal-beginner too): clans ranked in the standings order',
        params: LeagueSlugParams,
        response: { 200: LeagueSummaryResponse, ...errorResponses },
      },
      config: { publicRead: ofLeague('leagueSlug') },
    },
    async (request) => tablesFor(request).summary(request.params.leagueSlug),
  );

  app.get(
    '/api/league/:leagueName/standings',
    {
      schema: {
        tags: ['league'],
        summary: 'Standings of a division (the pages read sal-beginner): matches first, score, total matches, name',
        description: 'A plain array. `limit=5` gives the home clan Top 5.',
        params: LeagueNameParams,
        querystring: StandingsQuery,
        response: { 200: StandingsResponse, ...errorResponses },
      },
      config: { publicRead: ofLeague('leagueName') },
    },
    async (request) => tablesFor(request).standings(request.params.leagueName, request.query.limit),
  );

  app.get(
    '/api/league/:leagueName/clans',
    {
      schema: {
        tags: ['league'],
        summary: 'League clan list: rank, clan, member count, total matches, score, win rate (standings order)',
        params: LeagueNameParams,
        response: { 200: LeagueClansResponse, ...errorResponses },
      },
      config: { publicRead: ofLeague('leagueName') },
    },
    async (request) => tablesFor(request).clanList(request.params.leagueName),
  );
};

export default leagueRoutes;
