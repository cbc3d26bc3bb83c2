import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ClanDetailResponse, ClanMembersQuery, ClanMembersResponse, ClanPathParams, ClanRatingHistoryResponse, ClanRefreshResponse,
  RatingHistoryQuery,
} from '../../contracts/clans.js';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import {
  ClanMatchesQuery, ClanMatchesResponse, HeadToHeadParams, HeadToHeadQuery, HeadToHeadResponse,
} from '../../contracts/matches.js';
import { answerTagsOf, type PublicReadDependencies } from '../../plugins/public-read-cache.js';
import { sendPreparedAnswer } from '../../plugins/prepared-answer.js';
import type { DetailsAhead } from '../stats-core/details-ahead.js';
import { readTags } from '../stats-core/read-tags.js';
import { clanService, type ClanServiceDeps } from './clan-service.js';
import { CLAN_REFRESH_INTERVAL_SECONDS } from './clan-refresh.js';

/**
 * The clan reads that show the clan's own data only (its matches with each opponent as it was then, its members'
 * figures, its rating history): a change of the clan clears them; ingest names a clan for its matches, for the
 * matches its members play (for any side) and for its ingest state (docs/caching.md).
 */
const ofClan: PublicReadDependencies = {
  dependsOn: (request) => [readTags.clan((request.params as { clanSlug: string }).clanSlug)],
};

/**
 * The clan page header also shows the clan's place in the league's standings: every refresh of the league moves it,
 * so a header read again is made again aside with the league's new standings and swapped in with its tables.
 */
const clanHeader: PublicReadDependencies = {
  rebuiltAhead: true,
  dependsOnAnswer: (request, answer) => [
    readTags.clan((request.params as { clanSlug: string }).clanSlug),
    readTags.league((answer as ClanDetailResponse).data.league.slug),
  ],
};

/** Two clans against each other: a change of either. */
const ofBothClans: PublicReadDependencies = {
  dependsOn: (request) => {
    const params = request.params as { clanSlug: string; opponentSlug: string };
    return [readTags.clan(params.clanSlug), readTags.clan(params.opponentSlug)];
  },
};

/**
 * The clan calls of the league-name variant (docs/product/clans.md#league-name-reading) and the clan reads beyond the
 * spec.
 */
const clanRoutes: FastifyPluginAsyncTypebox<ClanServiceDeps & { detailsAhead?: DetailsAhead }> = async (app, { detailsAhead, ...deps }) => {
  const clans = clanService(deps);
  // A header made aside by a league's refresh reads the league's new snapshots (league-refresh-ahead.ts).
  const clansFor = (request: FastifyRequest) => (request.statsAside ? clanService({ ...deps, core: request.statsAside }) : clans);

  app.get(
    '/api/league/:leagueName/clan-detail/:clanSlug',
    {
      schema: {
        tags: ['clans'],
        summary: "Clan page header: the clan's figures in the league, last 20, streak, top opponents, ingest state",
        params: ClanPathParams,
        response: { 200: ClanDetailResponse, ...errorResponses },
      },
      config: { publicRead: clanHeader },
    },
    async (request, reply) => sendPreparedAnswer(request, reply, await clansFor(request).keptDetail(
      request.params.leagueName, request.params.clanSlug, (body) => String(reply.serialize(body)), answerTagsOf(request),
    )),
  );

  app.get(
    '/api/league/:leagueName/clan-matches/:clanSlug',
    {
      schema: {
        tags: ['clans'],
        summary: "A page of the clan's matches, newest first, with total and win/lose/draw/unknown counts",
        description:
          'skip-paged (page sizes 10 and 20; limit clamped to 100). onlySAL=1: the matches of the path league (its ' +
          'record); otherwise every division. Send the first page\'s `anchor` back with later pages so matches ' +
          'arriving meanwhile do not shift them. map, result, opponent (a clan slug) and from/to (Korean days, ' +
          'both included) filter the list; total and counts are then those of the filtered list.',
        params: ClanPathParams,
        querystring: ClanMatchesQuery,
        response: { 200: ClanMatchesResponse, ...errorResponses },
      },
      config: { publicRead: ofClan },
    },
    async (request, reply) => {
      const { leagueName, clanSlug } = request.params;
      const first = await clans.firstMatchesPage(leagueName, clanSlug, request.query, (answer) => String(reply.serialize(answer)));
      // The clan page prefetches the page's details seen from the clan (docs/product/clans.md#match-details).
      if (first) {
        await detailsAhead?.afterList(first, clanSlug, reply);
        return sendPreparedAnswer(request, reply, first);
      }
      const page = await clans.matches(leagueName, clanSlug, request.query);
      await detailsAhead?.afterList(page, clanSlug, reply);
      return page;
    },
  );

  app.post(
    '/api/league/:leagueName/clan/:clanSlug/refresh',
    {
      schema: {
        tags: ['clans'],
        summary: "Record update: fetch the clan's newest matches from the ingest source, or say why not",
        description:
          `With the game's Open API configured, its newest clan matches are fetched through ingest (the clan shows as ` +
          `updating meanwhile), at most once per clan per ${CLAN_REFRESH_INTERVAL_SECONDS} s across every server ` +
          '(a request inside that time answers refreshed: false, reason recently_refreshed). Without one: refreshed: ' +
          'false, reason no_upstream. 409 while another ingest run holds the data; 403 with the app-id text when the ' +
          'upstream refuses the key.',
        params: ClanPathParams,
        response: { 200: ClanRefreshResponse, 409: ErrorResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await clans.refresh(request.params.leagueName, request.params.clanSlug) }),
  );

  app.get(
    '/api/league/:leagueName/clan-members/:clanSlug',
    {
      schema: {
        tags: ['clans'],
        summary: "The clan's members with their figures in the league (rating order by default, up to 300)",
        params: ClanPathParams,
        querystring: ClanMembersQuery,
        response: { 200: ClanMembersResponse, ...errorResponses },
      },
      config: { publicRead: ofClan },
    },
    async (request, reply) => {
      const { leagueName, clanSlug } = request.params;
      const kept = await clans.keptMembers(leagueName, clanSlug, request.query, (answer) => String(reply.serialize(answer)));
      if (kept) return sendPreparedAnswer(request, reply, kept);
      return clans.members(leagueName, clanSlug, request.query);
    },
  );

  app.get(
    '/api/league/:leagueName/clan-rating-history/:clanSlug',
    {
      schema: {
        tags: ['clans'],
        summary: "The clan's rating after each of its last rated matches in the league, with peak and lowest",
        params: ClanPathParams,
        querystring: RatingHistoryQuery,
        response: { 200: ClanRatingHistoryResponse, ...errorResponses },
      },
      config: { publicRead: ofClan },
    },
    async (request, reply) => {
      const { leagueName, clanSlug } = request.params;
      const kept = await clans.keptRatingHistory(leagueName, clanSlug, request.query.limit, (data) => String(reply.serialize({ data })));
      if (kept) return sendPreparedAnswer(request, reply, kept);
      return { data: await clans.ratingHistory(leagueName, clanSlug, request.query.limit) };
    },
  );

  app.get(
    '/api/league/:leagueName/head-to-head/:clanSlug/:opponentSlug',
    {
      schema: {
        tags: ['clans'],
        summary: 'Two clans against each other in the league: record and last matches (from the first clan\'s side)',
        params: HeadToHeadParams,
        querystring: HeadToHeadQuery,
        response: { 200: HeadToHeadResponse, ...errorResponses },
      },
      config: { publicRead: ofBothClans },
    },
    async (request) => ({
      data: await clans.headToHead(request.params.leagueName, request.params.clanSlug, request.params.opponentSlug, request.query),
    }),
  );
};

export default clanRoutes;
