import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  ClanDetailParams, ClanMatchesParams, CursorQuery, DivisionParams, MatchDetailParams, PlayerDetailParams,
  PROXY_PAGE_MAX, ProxyClanDetailResponse, ProxyClanMatchesResponse, ProxyMatchDetailResponse,
  ProxyPlayerDetailResponse, ProxyPlayerRankResponse,
} from '../../contracts/proxy.js';
import type { AppConfig } from '../../config.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { upstreamClientFor } from '../game-api/upstream-client.js';
import type { AnswerCache } from './answer-cache.js';
import { loadClanMatchPage, loadProxyClanDetail, resolveClanPool, resolveLeagueClanId } from './local-clans.js';
import { loadLocalMatch } from './local-matches.js';
import { loadPlayerDetail, loadPlayerRankPage, resolvePlayerPool } from './local-players.js';
import { presentMatchDetail } from './match-detail-presenter.js';
import { upstreamProxy } from './upstream-proxy.js';

interface ProxyRoutesOptions {
  /** The database with the league caches every statistics read shares (built in buildApp). */
  core: StatsCore;
  config: Pick<AppConfig, 'proxy' | 'upstream'>;
  /** Upstream answers kept a short while (PROXY_CACHE_SECONDS; built in buildApp). */
  answers: AnswerCache;
}

/** A proxy request waits for a person: one retry at most, not the ingest source's patient backoff. */
const PROXY_RETRIES = 1;

const success = 'success' as const;
const cursorMetadata = (next: string | undefined) => ({ cursor: next === undefined ? {} : { next } });
const clamp = (limit: number | undefined, max: number) => Math.min(limit ?? max, max);

/**
 * The proxy-variant calls (docs/product/statistics-api.md#proxy-variant). By default they read the site's own data,
 * which is always there; with PROXY_SOURCE=upstream the match detail and a player's recent matches come from the game's
 * Open API through a short cache (PROXY_CACHE_SECONDS), and a refused key answers 403 with the app-id text.
 */
const proxyRoutes: FastifyPluginAsyncTypebox<ProxyRoutesOptions> = async (app, { core, config, answers: cache }) => {
  const { prisma, leagues, rankOrder: snapshots } = core;
  const upstream = config.proxy.source === 'upstream'
    ? upstreamProxy({ client: upstreamClientFor(config.upstream, { maxRetries: PROXY_RETRIES }), prisma, leagues })
    : undefined;
  // Local answers change only with ingest (ETag cache); upstream answers follow the upstream, so not those.
  const localRead = { publicRead: upstream === undefined };

  app.get(
    '/api/proxy/clan-detail/:division/:clanId',
    {
      schema: {
        tags: ['proxy'],
        summary: 'Clan page (proxy variant): clan, rating, rank, match summary, first page of matches, league_clan',
        description: '`division`: a league slug, `supply` (leagues 1 and 2) or `27` (sanply). `clanId`: the clan slug.',
        params: ClanDetailParams,
        response: { 200: ProxyClanDetailResponse, ...errorResponses },
      },
    },
    async (request) => {
      const key = await resolveClanPool(core, request.params.division, request.params.clanId);
      return { message: success, data: await loadProxyClanDetail(core, key, PROXY_PAGE_MAX.matches) };
    },
  );

  app.get(
    '/api/proxy/clan-matches/:leagueClanId',
    {
      schema: {
        tags: ['proxy'],
        summary: "A clan's matches in one league, newest first, by cursor (metadata.cursor.next; absent at the end)",
        params: ClanMatchesParams,
        querystring: CursorQuery,
        response: { 200: ProxyClanMatchesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const key = await resolveLeagueClanId(core, request.params.leagueClanId);
      const stats = await prisma.clanStat.findUnique({
        where: { clanId_leagueId: { clanId: key.clan.id, leagueId: key.league.id } },
        select: { rating: true },
      });
      const limit = clamp(request.query.limit, PROXY_PAGE_MAX.matches);
      const page = await loadClanMatchPage(prisma, key, stats?.rating ?? 1000, request.query.cursor, limit);
      return { message: success, data: page.data, metadata: cursorMetadata(page.next) };
    },
  );

  app.get(
    '/api/proxy/match-detail/:divisionKey/:matchId',
    {
      schema: {
        tags: ['proxy'],
        summary: 'Match detail (proxy variant): blue and red player arrays, MVP marked, score pair',
        description: 'Division keys: sanply -> 27; supply, supply-1, supply-2 -> supply; others as they are.',
        params: MatchDetailParams,
        response: { 200: ProxyMatchDetailResponse, ...errorResponses },
      },
      config: localRead,
    },
    async (request) => {
      const { divisionKey, matchId } = request.params;
      const match = upstream
        ? await cache.get(`match:${divisionKey}:${matchId}`, () => upstream.matchDetail(divisionKey, matchId))
        : await loadLocalMatch(prisma, leagues, divisionKey, matchId);
      return { message: success, data: presentMatchDetail(match) };
    },
  );

  app.get(
    '/api/proxy/player-detail/:division/:playerId',
    {
      schema: {
        tags: ['proxy'],
        summary: 'Player page (proxy variant): player, profile figures (also in stats), match summary, last 20 matches',
        params: PlayerDetailParams,
        response: { 200: ProxyPlayerDetailResponse, ...errorResponses },
      },
      config: localRead,
    },
    async (request) => {
      const pool = await resolvePlayerPool(prisma, leagues, request.params.division, request.params.playerId);
      const recent = upstream
        ? await cache.get(`recent:${pool.league.slug}:${pool.player.enlistmentNo}`, () => upstream.recentMatches(pool))
        : undefined;
      return { message: success, data: await loadPlayerDetail(prisma, leagues, snapshots, pool, recent) };
    },
  );

  app.get(
    '/api/proxy/player-rank/:division',
    {
      schema: {
        tags: ['proxy'],
        summary: 'Individual ranking of a division (supply: leagues 1 and 2 together), by cursor',
        params: DivisionParams,
        querystring: CursorQuery,
        response: { 200: ProxyPlayerRankResponse, ...errorResponses },
      },
    },
    async (request) => {
      const pools = await leagues.requireDivision(request.params.division);
      const limit = clamp(request.query.limit, PROXY_PAGE_MAX.rank);
      const page = await loadPlayerRankPage(prisma, pools, request.query.cursor, limit);
      return { message: success, data: page.data, metadata: cursorMetadata(page.next) };
    },
  );
};

export default proxyRoutes;
