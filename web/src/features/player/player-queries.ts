import { MATCH_LIST_PAGE_SIZES } from '@shared/rules/match-lists';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiPaths, playerRecentParams } from '@shared/rules/first-reads';
import { apiRequest } from '../../api/client';
import { ko } from '../../i18n/ko';
import { STATS_MOBILE_QUERY, requireSuccess, retryUnlessClientError } from '../../ui/stats';
import { playerBreakdownQuery } from '../breakdowns/breakdown-queries';
import { filterQueryEntries, readMatchFilter, type MatchFilter } from '../match-filters/match-filter-params';
import type {
  PlayerRatingHistoryResponse, PlayerRecentResponse, PlayerSummaryResponse, ProxyPlayerDetailResponse, RefreshClanResponse,
} from '../clan/api-types';


const enc = encodeURIComponent;

/** Query keys of the player pages. `league` is null for reading 1 (the default league). */
export const playerKeys = {
  all: ['player'] as const,
  summary: (playerId: string, league: string | null) => ['player', 'summary', playerId, league ?? ''] as const,
  recent: (playerId: string, league: string | null, pageSize: number, filter: MatchFilter = {}) =>
    ['player', 'recent', playerId, league ?? '', pageSize, Object.fromEntries(filterQueryEntries(filter))] as const,
  ratingHistory: (playerId: string, league: string | null) => ['player', 'rating-history', playerId, league ?? ''] as const,
  proxyDetail: (division: string, playerId: string) => ['player', 'proxy-detail', division, playerId] as const,
};

/** GET /api/league/player/{playerId}/summary; an unknown player (404) is not asked for twice. */
export function playerSummaryQuery(playerId: string, league: string | null) {
  return queryOptions({
    queryKey: playerKeys.summary(playerId, league),
    queryFn: ({ signal }) => apiRequest<PlayerSummaryResponse>(apiPaths.playerSummary(playerId, league), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/**
 * GET /api/league/player/{playerId}/recent?skip={n}&limit={10|20}&onlySAL=1, narrowed by the page's filter (the
 * server filters). Later pages pass the first page's anchor so a match played meanwhile does not push a row onto
 * the next page twice.
 */
export function playerRecentQuery(playerId: string, league: string | null, pageSize: number, filter: MatchFilter = {}) {
  return infiniteQueryOptions({
    queryKey: playerKeys.recent(playerId, league, pageSize, filter),
    initialPageParam: { page: 0, anchor: null as string | null },
    queryFn: ({ pageParam, signal }) => {
      const params = playerRecentParams(league, pageParam.page * pageSize, pageSize);
      for (const [key, value] of filterQueryEntries(filter)) params.set(key, value);
      if (pageParam.anchor) params.set('anchor', pageParam.anchor);
      return apiRequest<PlayerRecentResponse>(apiPaths.playerRecent(playerId, params), { signal, auth: false });
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      if (last.data.length === 0 || loaded >= last.total) return undefined;
      return { page: pages.length, anchor: pages[0]?.anchor ?? null };
    },
  });
}

/** The player's rating after each recent match (beyond the spec). */
export function playerRatingHistoryQuery(playerId: string, league: string | null) {
  return queryOptions({
    queryKey: playerKeys.ratingHistory(playerId, league),
    queryFn: ({ signal }) => apiRequest<PlayerRatingHistoryResponse>(apiPaths.playerRatingHistory(playerId, league), { signal, auth: false }),
  });
}

/** POST /api/league/player/{playerId}/refresh-clan with the clan the page shows now. */
export function refreshPlayerClan(playerId: string, slug: string | null) {
  return apiRequest<RefreshClanResponse>(`/api/league/player/${enc(playerId)}/refresh-clan`, { method: 'POST', body: { slug } });
}

/** GET /api/proxy/player-detail/{division}/{playerId} (reading 2); only 'success' counts. */
export function proxyPlayerDetailQuery(division: string, playerId: string) {
  return queryOptions({
    queryKey: playerKeys.proxyDetail(division, playerId),
    queryFn: async ({ signal }) => requireSuccess(
      await apiRequest<ProxyPlayerDetailResponse>(`/api/proxy/player-detail/${enc(division)}/${enc(playerId)}`, { signal }),
      ko.clanPlayer.player.loadFailed,
    ),
    retry: retryUnlessClientError,
  });
}

/**
 * Asks for what a player page of a named league shows first (summary, rating history, maps and weapons, the first
 * match page of the address's filter) as soon as its address is known, all at once: the page's own reads find them
 * in the cache or on their way, instead of the rest waiting for the summary to arrive and the page to render.
 */
export function prefetchLeaguePlayerPage(client: QueryClient, playerId: string, league: string, search: URLSearchParams): void {
  const pageSize = window.matchMedia(STATS_MOBILE_QUERY).matches ? MATCH_LIST_PAGE_SIZES.mobile : MATCH_LIST_PAGE_SIZES.desktop;
  void client.prefetchQuery(playerSummaryQuery(playerId, league));
  void client.prefetchQuery(playerRatingHistoryQuery(playerId, league));
  void client.prefetchQuery(playerBreakdownQuery(playerId, league));
  void client.prefetchInfiniteQuery(playerRecentQuery(playerId, league, pageSize, readMatchFilter(search)));
}
