import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClanDetailResponse, ClanMembersQuery, ClanMembersResponse, ClanPathParams, ClanRatingHistoryResponse, ClanRefreshResponse,
  RatingHistoryQuery,
} from '../../contracts/clans.js';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import {
  ClanMatchesQuery, ClanMatchesResponse, HeadToHeadParams, HeadToHeadQuery, HeadToHeadResponse, MATCH_PAGE_MAX,
} from '../../contracts/matches.js';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { leagueDirectoryFor } from '../stats-core/league-directory.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import { loadRatingHistory, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import { loadClanFigures } from '../stats-core/clan-figures.js';
import { loadClanDetail } from './clan-detail.js';
import { listClanMatches } from './clan-matches.js';
import { listClanMembers, MEMBERS_MAX } from './clan-members.js';
import { CLAN_REFRESH_INTERVAL_SECONDS, refreshClanRecords } from './clan-refresh.js';
import { findClan, presentClan, requireClan } from '../stats-core/clan-directory.js';
import { HEAD_TO_HEAD_MAX, loadHeadToHead } from './head-to-head.js';
import type { ClanRecordSource } from '../ingest/ingest-api.js';
import { resolveLeagueParam } from '../stats-core/league-param.js';

interface ClanRoutesOptions {
  prisma: Database;
  /** Where the record update fetches a clan's newest matches (the game's Open API when configured); none: local only. */
  recordSource?: ClanRecordSource;
}

const publicRead = { publicRead: true };

/** The clan calls of the league-name variant (spec §7 "Clan pages") and the clan reads beyond the spec. */
const clanRoutes: FastifyPluginAsyncTypebox<ClanRoutesOptions> = async (app, { prisma, recordSource }) => {
  const leagues = leagueDirectoryFor(prisma);

  /** The path's clan and league: 400 for an unknown league (checked first), 404 for an unknown clan. */
  const resolvePath = async (leagueName: string, clanSlug: string) => {
    const clan = await findClan(prisma, clanSlug);
    const league = await resolveLeagueParam(leagues, leagueName, clan?.leagueSlug);
    if (!clan) throw new NotFoundError(serverMessages.clanInfoNotFound, 'clan_not_found');
    return { clan, league };
  };

  app.get(
    '/api/league/:leagueName/clan-detail/:clanSlug',
    {
      schema: {
        tags: ['clans'],
        summary: "Clan page header: the clan's figures in the league, last 20, streak, top opponents, ingest state",
        params: ClanPathParams,
        response: { 200: ClanDetailResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const { clan, league } = await resolvePath(request.params.leagueName, request.params.clanSlug);
      return { data: await loadClanDetail(prisma, leagues, clan, league) };
    },
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
          'arriving meanwhile do not shift them.',
        params: ClanPathParams,
        querystring: ClanMatchesQuery,
        response: { 200: ClanMatchesResponse, ...errorResponses },
      },
      config: publicRead,
    },
    async (request) => {
      const { clan, league } = await resolvePath(request.params.leagueName, request.params.clanSlug);
      const { skip, limit, onlySAL, anchor } = request.query;
      return listClanMatches(prisma, clan, flagIsOn(onlySAL) ? league.id : undefined, {
        skip,
        limit: clampLimit(limit, MATCH_PAGE_MAX),
        anchor: anchor === undefined ? undefined : decodeAnchor(anchor),
      });
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
    async (request) => {
      const { clan, league } = await resolvePath(request.params.leagueName, request.params.clanSlug);
      return { data: await refreshClanRecords(prisma, recordSource, clan, league) };
    },
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
      config: publicRead,
    },
    async (request) => {
      const { clan, league } = await resolvePath(request.params.leagueName, request.params.clanSlug);
      return listClanMembers(prisma, clan, league.id, {
        sort: request.query.sort,
        limit: clampLimit(request.query.limit, MEMBERS_MAX),
      });
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
      config: publicRead,
    },
    async (request) => {
      const { clan, league } = await resolvePath(request.params.leagueName, request.params.clanSlug);
      const figures = await loadClanFigures(prisma, clan.id, league.id);
      const history = await loadRatingHistory(
        prisma,
        { kind: 'clan', ownerId: clan.id, leagueId: league.id },
        league,
        figures,
        clampLimit(request.query.limit, RATING_HISTORY_MAX),
      );
      return { data: { clan: presentClan(clan), history } };
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
      config: publicRead,
    },
    async (request) => {
      const { clan, league } = await resolvePath(request.params.leagueName, request.params.clanSlug);
      const opponent = await requireClan(prisma, request.params.opponentSlug);
      const limit = clampLimit(request.query.limit, HEAD_TO_HEAD_MAX);
      return { data: await loadHeadToHead(prisma, league, clan, opponent, { skip: request.query.skip, limit }) };
    },
  );
};

export default clanRoutes;
