import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClanBreakdownResponse, PlayerBreakdownQuery, PlayerBreakdownResponse } from '../../contracts/breakdowns.js';
import { ClanPathParams } from '../../contracts/clans.js';
import { errorResponses } from '../../contracts/common.js';
import { PlayerPathParams } from '../../contracts/players.js';
import { readTags } from '../stats-core/read-tags.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { sendPreparedAnswer } from '../../plugins/prepared-answer.js';
import { breakdownService } from './breakdown-service.js';

/**
 * The "maps and weapons" panels of the clan and player pages (beyond the specification: docs/decisions.md). Public reads
 * of the clan's or player's own rated matches: cleared by a change of the clan or player (docs/caching.md).
 */
const breakdownRoutes: FastifyPluginAsyncTypebox<{ core: StatsCore }> = async (app, { core }) => {
  const breakdowns = breakdownService(core);

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
      config: { publicRead: { dependsOn: (request) => [readTags.clan((request.params as { clanSlug: string }).clanSlug)] } },
    },
    async (request, reply) => sendPreparedAnswer(request, reply, await breakdowns.clanBreakdown(
      request.params.leagueName, request.params.clanSlug, (data) => String(reply.serialize({ data })),
    )),
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
      config: { publicRead: { dependsOn: (request) => [readTags.player((request.params as { playerId: string }).playerId)] } },
    },
    async (request, reply) => sendPreparedAnswer(request, reply, await breakdowns.playerBreakdown(
      request.params.playerId, request.query.league, (data) => String(reply.serialize({ data })),
    )),
  );
};

export default breakdownRoutes;
