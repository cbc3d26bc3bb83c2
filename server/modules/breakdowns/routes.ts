import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClanBreakdownResponse, PlayerBreakdownQuery, PlayerBreakdownResponse } from '../../contracts/breakdowns.js';
import { ClanPathParams } from '../../contracts/clans.js';
import { errorResponses } from '../../contracts/common.js';
import { PlayerPathParams } from '../../contracts/players.js';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { findClan } from '../clans/clan-refs.js';
import { resolveLeagueParam } from '../clans/league-param.js';
import { leagueDirectoryFor } from '../league/league-directory.js';
import { playerPageLeague, requirePlayer } from '../players/player-lookup.js';
import { breakdownService } from './breakdown-service.js';

const publicRead = { publicRead: true };

/** The "maps and weapons" panels of the clan and player pages (beyond the spec, issue 18). */
const breakdownRoutes: FastifyPluginAsyncTypebox<{ prisma: Database }> = async (app, { prisma }) => {
  const leagues = leagueDirectoryFor(prisma);
  const breakdowns = breakdownService({ db: prisma });

  app.get(
    '/api/league/:leagueName/clan-breakdown/:clanSlug',
    {
      schema: {
        tags: ['clans'],
        summary: "The clan's rated matches in the league by map (record, win rate, K/D, last played) and the clans it met",
        description: 'The maps\' matches add up to the clan\'s record in the league. 400 for an unknown league, 404 for an unknown clan.',
        params: ClanPathParams,
        response: { 200: ClanBreakdownResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const clan = await findClan(prisma, request.params.clanSlug);
      const league = await resolveLeagueParam(leagues, request.params.leagueName, clan?.leagueSlug);
      if (!clan) throw new NotFoundError(serverMessages.clanInfoNotFound, 'clan_not_found');
      return { data: await breakdowns.clanBreakdown(clan, league) };
    },
  );

  app.get(
    '/api/league/player/:playerId/breakdown',
    {
      schema: {
        tags: ['players'],
        summary: "The player's rated matches in a league by map and by weapon class, and the clans they met",
        description:
          'league as for the summary (default: the league of the player\'s page). Rows left early never count, so each ' +
          'list\'s matches add up to the summary\'s totalMatches. Headshot % is headshots over kills; the average damage ' +
          'leaves out matches whose damage the source corrected to 0 (unknown).',
        params: PlayerPathParams,
        querystring: PlayerBreakdownQuery,
        response: { 200: PlayerBreakdownResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const player = await requirePlayer(prisma, request.params.playerId);
      const league = await playerPageLeague(prisma, leagues, player, request.query.league);
      return { data: await breakdowns.playerBreakdown(player, league) };
    },
  );
};

export default breakdownRoutes;
