import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import { MATCH_PAGE_MAX, PlayerRecentQuery, PlayerRecentResponse } from '../../contracts/matches.js';
import {
  PlayerPathParams, PlayerRatingHistoryQuery, PlayerRatingHistoryResponse, PlayerSummaryQuery, PlayerSummaryResponse,
  RefreshClanBody, RefreshClanResponse,
} from '../../contracts/players.js';
import type { Database } from '../../db/client.js';
import { loadClansById } from '../stats-core/clan-directory.js';
import { leagueDirectoryFor } from '../stats-core/league-directory.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import { loadRatingHistory, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import { loadPlayerFigures } from '../stats-core/player-figures.js';
import { requirePlayer, resolvePlayerLeague, type PlayerIdentity } from './player-lookup.js';
import { listPlayerMatches } from './player-matches.js';
import { loadPlayerSummary } from './player-summary.js';
import { PLAYER_REFRESH_INTERVAL_SECONDS, storedMatchClanSource, type PlayerClanSource } from '../ingest/ingest-api.js';
import { refreshClanOfPlayer } from './refresh-clan.js';

interface PlayerRoutesOptions {
  prisma: Database;
  /** Where refresh-clan re-reads a player's clan (default: what ingest stored). */
  clanSource?: PlayerClanSource;
}

const publicRead = { publicRead: true };

/** The player calls of the league-name variant (spec §7 "Player page") and the player rating history. */
const playerRoutes: FastifyPluginAsyncTypebox<PlayerRoutesOptions> = async (app, { prisma, clanSource }) => {
  const leagues = leagueDirectoryFor(prisma);

  /** The league a player call reads: `asked`, else the league of the player's page. */
  const playerLeague = async (player: PlayerIdentity, asked: string | undefined) => {
    const clan = player.clanId === null ? undefined : (await loadClansById(prisma, [player.clanId])).get(player.clanId);
    return resolvePlayerLeague(prisma, leagues, player, clan?.leagueSlug, asked);
  };

  app.get(
    '/api/league/player/:playerId/summary',
    {
      schema: {
        tags: ['players'],
        summary: 'Player page header: clan, rating, record, K/D, rank, placement, streak, last 20, top opponents',
        description: '404 with "유저 정보를 찾을 수 없습니다." for an unknown playerId (enlistment number).',
        params: PlayerPathParams,
        querystring: PlayerSummaryQuery,
        response: { 200: PlayerSummaryResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const player = await requirePlayer(prisma, request.params.playerId);
      return { data: await loadPlayerSummary(prisma, leagues, player, request.query.league) };
    },
  );

  app.get(
    '/api/league/player/:playerId/recent',
    {
      schema: {
        tags: ['players'],
        summary: "A page of the player's matches, newest first: result, rating change, K/D/A, kill share, rosters",
        description:
          'skip-paged (page sizes 10 and 20; limit clamped to 100). onlySAL=1: the matches of the summary\'s league ' +
          '(or `league`); otherwise every division. Send the first page\'s `anchor` back with later pages.',
        params: PlayerPathParams,
        querystring: PlayerRecentQuery,
        response: { 200: PlayerRecentResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const player = await requirePlayer(prisma, request.params.playerId);
      const { skip, limit, onlySAL, anchor, league } = request.query;
      const leagueId = flagIsOn(onlySAL) ? (await playerLeague(player, league)).id : undefined;
      return listPlayerMatches(prisma, player, leagueId, {
        skip,
        limit: clampLimit(limit, MATCH_PAGE_MAX),
        anchor: anchor === undefined ? undefined : decodeAnchor(anchor),
      });
    },
  );

  app.post(
    '/api/league/player/:playerId/refresh-clan',
    {
      schema: {
        tags: ['players'],
        summary: "Re-read the player's clan from the ingest source; records a join, leave or change",
        description:
          `One refresh per player per ${PLAYER_REFRESH_INTERVAL_SECONDS} s across every server (429 with retryAfter); ` +
          '409 while an ingest batch holds the data. `slug` is the clan the page shows; `reload` says it is out of date.',
        params: PlayerPathParams,
        body: RefreshClanBody,
        response: { 200: RefreshClanResponse, 409: ErrorResponse, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(prisma, request.params.playerId);
      const data = await refreshClanOfPlayer(prisma, clanSource ?? storedMatchClanSource, player, request.body.slug ?? null);
      return { data };
    },
  );

  app.get(
    '/api/league/player/:playerId/rating-history',
    {
      schema: {
        tags: ['players'],
        summary: "The player's rating after each of their last rated matches in a league, with peak and lowest",
        params: PlayerPathParams,
        querystring: PlayerRatingHistoryQuery,
        response: { 200: PlayerRatingHistoryResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const player = await requirePlayer(prisma, request.params.playerId);
      const league = await playerLeague(player, request.query.league);
      const figures = await loadPlayerFigures(prisma, player.id, league.id);
      const history = await loadRatingHistory(
        prisma,
        { kind: 'player', ownerId: player.id, leagueId: league.id },
        league,
        figures,
        clampLimit(request.query.limit, RATING_HISTORY_MAX),
      );
      return { data: { playerId: player.enlistmentNo, nickname: player.nickname, history } };
    },
  );
};

export default playerRoutes;
