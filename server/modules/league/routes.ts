import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  LeagueClansResponse, LeagueNameParams, LeagueSlugParams, LeagueSummaryResponse, StandingsQuery, StandingsResponse,
} from '../../contracts/league.js';
import type { Database } from '../../db/client.js';
import { clanMarkUrls, presentClanRef } from '../stats-core/clan-presenter.js';
import { loadRankedLeagueClans } from './league-clans.js';
import { leagueDirectoryFor } from '../stats-core/league-directory.js';

interface LeagueRoutesOptions {
  prisma: Database;
}

const publicRead = { publicRead: true };

/** The league tables: division summary, standings (also the home clan Top 5) and the clan list variant. */
const leagueRoutes: FastifyPluginAsyncTypebox<LeagueRoutesOptions> = async (app, { prisma }) => {
  const leagues = leagueDirectoryFor(prisma);

  app.get(
    '/api/league-summary/:leagueSlug',
    {
      schema: {
        tags: ['league'],
        summary: 'Division table (supply-1, supply-2, sanply; sal-beginner too): clans ranked in the standings order',
        params: LeagueSlugParams,
        response: { 200: LeagueSummaryResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const league = await leagues.require(request.params.leagueSlug);
      const clans = await loadRankedLeagueClans(prisma, league.id);
      return clans.map((clan) => ({
        clan: presentClanRef(clan),
        rank: clan.rank,
        rating: clan.score,
        win: clan.wins,
        lose: clan.losses,
        draw: clan.draws,
        matches: clan.totalMatches,
        win_rate: clan.winRate,
      }));
    },
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
      config: publicRead,
    },
    async (request) => {
      const league = await leagues.require(request.params.leagueName);
      const clans = await loadRankedLeagueClans(prisma, league.id);
      const rows = request.query.limit === undefined ? clans : clans.slice(0, request.query.limit);
      return rows.map((clan) => {
        const updatedAt = clan.ingestUpdatedAt?.toISOString() ?? null;
        return {
          _id: clan.slug,
          rank: clan.rank,
          clanSlug: clan.slug,
          clanName: clan.name,
          ...clanMarkUrls(clan),
          leagueName: league.slug,
          score: clan.score,
          wins: clan.wins,
          losses: clan.losses,
          draws: clan.draws,
          totalMatches: clan.totalMatches,
          winRate: clan.winRate,
          placement: clan.placement,
          streak: clan.streak,
          ingest: { running: clan.ingestRunning, updatedAt },
          updatedAt,
        };
      });
    },
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
      config: publicRead,
    },
    async (request) => {
      const league = await leagues.require(request.params.leagueName);
      const clans = await loadRankedLeagueClans(prisma, league.id, { memberCounts: true });
      return clans.map((clan) => ({
        rank: clan.rank,
        clanSlug: clan.slug,
        clanName: clan.name,
        ...clanMarkUrls(clan),
        memberCount: clan.memberCount,
        totalMatches: clan.totalMatches,
        score: clan.score,
        wins: clan.wins,
        losses: clan.losses,
        draws: clan.draws,
        winRate: clan.winRate,
      }));
    },
  );
};

export default leagueRoutes;
