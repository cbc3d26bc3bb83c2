import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import { PlayerRecentQuery, PlayerRecentResponse } from '../../contracts/matches.js';
import {
  PlayerPathParams, PlayerRatingHistoryQuery, PlayerRatingHistoryResponse, PlayerSummaryQuery, PlayerSummaryResponse,
  RefreshClanBody, RefreshClanResponse,
} from '../../contracts/players.js';
import { PLAYER_REFRESH_INTERVAL_SECONDS } from '../ingest/ingest-api.js';
import { answerTagsOf, type PublicReadDependencies } from '../../plugins/public-read-cache.js';
import { sendPreparedAnswer } from '../../plugins/prepared-answer.js';
import type { DetailsAhead } from '../stats-core/details-ahead.js';
import { readTags } from '../stats-core/read-tags.js';
import { playerService, type PlayerServiceDeps } from './player-service.js';

/**
 * The player reads that show the player's own data only (their rating history): a change of the player clears
 * them; ingest names every player of a match it writes (docs/caching.md).
 */
const ofPlayer: PublicReadDependencies = {
  dependsOn: (request) => [readTags.player((request.params as { playerId: string }).playerId)],
};

/**
 * The player's matches: each row also shows the clan the player played for with that clan's rating now
 * (league_clan), which the clan's later matches move even when the player is not in them.
 */
const playerMatches: PublicReadDependencies = {
  dependsOnAnswer: (request, answer) => [
    readTags.player((request.params as { playerId: string }).playerId),
    ...new Set((answer as PlayerRecentResponse).data.map((row) => readTags.clan(row.league_clan.clan.slug))),
  ],
};

/**
 * The player page header also shows the player's rank in the league's ranking: every refresh of the league moves
 * it, so a header read again is made again aside with the league's new order and swapped in with its tables.
 */
const playerHeader: PublicReadDependencies = {
  rebuiltAhead: true,
  dependsOnAnswer: (request, answer) => [
    readTags.player((request.params as { playerId: string }).playerId),
    readTags.league((answer as PlayerSummaryResponse).data.leagueName),
  ],
};

/** The player calls of the league-name variant (docs/product/players.md#reading-1) and the player rating history. */
const playerRoutes: FastifyPluginAsyncTypebox<Omit<PlayerServiceDeps, 'announce'> & { detailsAhead?: DetailsAhead }> = async (
  app,
  { detailsAhead, ...deps },
) => {
  const serviceDeps = { ...deps, announce: app.leagueDataChanges.announce };
  const players = playerService(serviceDeps);
  // A summary made aside by a league's refresh reads the league's new snapshots (league-refresh-ahead.ts).
  const playersFor = (request: FastifyRequest) => (request.statsAside ? playerService({ ...serviceDeps, core: request.statsAside }) : players);

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
      config: { publicRead: playerHeader },
    },
    async (request, reply) => sendPreparedAnswer(request, reply, await playersFor(request).keptSummary(
      request.params.playerId, request.query.league, (body) => String(reply.serialize(body)), answerTagsOf(request),
    )),
  );

  app.get(
    '/api/league/player/:playerId/recent',
    {
      schema: {
        tags: ['players'],
        summary: "A page of the player's matches, newest first: result, rating change, K/D/A, kill share, rosters",
        description:
          'skip-paged (page sizes 10 and 20; limit clamped to 100). onlySAL=1: the matches of the summary\'s league ' +
          '(or `league`); otherwise every division. Send the first page\'s `anchor` back with later pages. map, ' +
          'result (the record\'s: rows left early never count), opponent (a clan slug) and from/to (Korean days, ' +
          'both included) filter the list; total and counts are then those of the filtered list.',
        params: PlayerPathParams,
        querystring: PlayerRecentQuery,
        response: { 200: PlayerRecentResponse, ...errorResponses },
      },
      config: { publicRead: playerMatches },
    },
    async (request, reply) => {
      const { playerId } = request.params;
      // The player page prefetches the page's details seen from the player's clan (docs/product/players.md#player-match-paging).
      const seenFrom = detailsAhead ? players.clanSlugOf(playerId).catch(() => null) : Promise.resolve(null);
      const first = await players.firstRecentPage(playerId, request.query, (answer) => String(reply.serialize(answer)), answerTagsOf(request));
      if (first) {
        await detailsAhead?.afterList(first, await seenFrom, reply);
        return sendPreparedAnswer(request, reply, first);
      }
      const page = await players.recent(playerId, request.query);
      await detailsAhead?.afterList(page, await seenFrom, reply);
      return page;
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
    async (request) => ({ data: await players.refreshClan(request.params.playerId, request.body.slug ?? null) }),
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
      config: { publicRead: ofPlayer },
    },
    async (request, reply) => {
      const kept = await players.keptRatingHistory(request.params.playerId, request.query, (data) => String(reply.serialize({ data })));
      if (kept) return sendPreparedAnswer(request, reply, kept);
      return { data: await players.ratingHistory(request.params.playerId, request.query) };
    },
  );
};

export default playerRoutes;
