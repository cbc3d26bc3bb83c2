import { MATCH_LIST_PAGE_SIZES } from '@shared/rules/match-lists';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiPaths, clanMatchesParams, MEMBERS_LIMIT } from '@shared/rules/first-reads';
import { apiRequest } from '../../api/client';
import { ko } from '../../i18n/ko';
import { STATS_MOBILE_QUERY, requireSuccess, retryUnlessClientError } from '../../ui/stats';
import { clanBreakdownQuery } from '../breakdowns/breakdown-queries';
import { filterQueryEntries, readMatchFilter, type MatchFilter } from '../match-filters/match-filter-params';
import type {
  ClanDetailResponse, ClanMatchesResponse, ClanMembersResponse, ClanRatingHistoryResponse, HeadToHeadResponse,
  ProxyClanDetailResponse, ProxyClanMatchesResponse,
} from './api-types';

export { MEMBERS_LIMIT };

const enc = encodeURIComponent;

/** Query keys of the clan page (league-name and proxy variants). */
export const clanKeys = {
  all: ['clan'] as const,
  detail: (league: string, slug: string) => ['clan', 'detail', league, slug] as const,
  /** Every page size of a clan's match list (what a refresh invalidates). */
  matchesOf: (league: string, slug: string) => ['clan', 'matches', league, slug] as const,
  matches: (league: string, slug: string, pageSize: number, filter: MatchFilter = {}) =>
    ['clan', 'matches', league, slug, pageSize, Object.fromEntries(filterQueryEntries(filter))] as const,
  members: (league: string, slug: string) => ['clan', 'members', league, slug] as const,
  ratingHistory: (league: string, slug: string) => ['clan', 'rating-history', league, slug] as const,
  headToHead: (league: string, slug: string, opponent: string) => ['clan', 'head-to-head', league, slug, opponent] as const,
  proxyDetail: (division: string, clanId: string) => ['clan', 'proxy-detail', division, clanId] as const,
  proxyMatches: (leagueClanId: string) => ['clan', 'proxy-matches', leagueClanId] as const,
};

/** GET /api/league/{league}/clan-detail/{clanSlug} */
export function clanDetailQuery(league: string, slug: string) {
  return queryOptions({
    queryKey: clanKeys.detail(league, slug),
    queryFn: ({ signal }) => apiRequest<ClanDetailResponse>(apiPaths.clanDetail(league, slug), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/**
 * GET /api/league/{league}/clan-matches/{clanSlug}?skip&limit&onlySAL=1&preferSlug, skip = page size x page
 * index, narrowed by the page's filter (the server filters; total and counts are the filtered list's). Later pages
 * pass the first page's anchor so rows never repeat or go missing while new matches arrive.
 */
export function clanMatchesQuery(league: string, slug: string, pageSize: number, filter: MatchFilter = {}) {
  return infiniteQueryOptions({
    queryKey: clanKeys.matches(league, slug, pageSize, filter),
    initialPageParam: { page: 0, anchor: null as string | null },
    queryFn: ({ pageParam, signal }) => {
      const params = clanMatchesParams(slug, pageParam.page * pageSize, pageSize);
      for (const [key, value] of filterQueryEntries(filter)) params.set(key, value);
      if (pageParam.anchor) params.set('anchor', pageParam.anchor);
      return apiRequest<ClanMatchesResponse>(apiPaths.clanMatches(league, slug, params), { signal, auth: false });
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      if (last.data.length === 0 || loaded >= last.total) return undefined;
      return { page: pages.length, anchor: pages[0]?.anchor ?? null };
    },
  });
}

/** GET /api/league/{league}/clan-members/{clanSlug}?sort=rating&limit=300 */
export function clanMembersQuery(league: string, slug: string) {
  return queryOptions({
    queryKey: clanKeys.members(league, slug),
    queryFn: ({ signal }) =>
      apiRequest<ClanMembersResponse>(apiPaths.clanMembers(league, slug), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/** The clan's rating after each of its recent matches (beyond the spec). */
export function clanRatingHistoryQuery(league: string, slug: string) {
  return queryOptions({
    queryKey: clanKeys.ratingHistory(league, slug),
    queryFn: ({ signal }) => apiRequest<ClanRatingHistoryResponse>(apiPaths.clanRatingHistory(league, slug), { signal, auth: false }),
  });
}

/** Meetings per head-to-head page. */
export const HEAD_TO_HEAD_PAGE_SIZE = 10;

/** Record and meetings of two clans (beyond the spec), 10 meetings a page, newest first. */
export function headToHeadQuery(league: string, slug: string, opponent: string) {
  return infiniteQueryOptions({
    queryKey: clanKeys.headToHead(league, slug, opponent),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(HEAD_TO_HEAD_PAGE_SIZE), skip: String(pageParam) });
      return apiRequest<HeadToHeadResponse>(`/api/league/${enc(league)}/head-to-head/${enc(slug)}/${enc(opponent)}?${params}`, { signal });
    },
    getNextPageParam: (last) => (last.data.hasMore && last.data.matches.length > 0 ? last.data.skip + last.data.matches.length : undefined),
    retry: retryUnlessClientError,
  });
}

/** GET /api/proxy/clan-detail/{division}/{clanId} (its first match page comes with it); only 'success' counts. */
export function proxyClanDetailQuery(division: string, clanId: string) {
  return queryOptions({
    queryKey: clanKeys.proxyDetail(division, clanId),
    queryFn: async ({ signal }) => requireSuccess(
      await apiRequest<ProxyClanDetailResponse>(`/api/proxy/clan-detail/${enc(division)}/${enc(clanId)}`, { signal }),
      ko.clanPlayer.clan.loadFailed,
    ),
    retry: retryUnlessClientError,
  });
}

/**
 * GET /api/proxy/clan-matches/{leagueClanId}?cursor= : cursor pages, newest first. The page without a cursor is
 * the one clan-detail already brought, so the page passes it as initial data.
 */
export function proxyClanMatchesQuery(leagueClanId: string) {
  return infiniteQueryOptions({
    queryKey: clanKeys.proxyMatches(leagueClanId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `?cursor=${enc(pageParam)}` : '';
      return apiRequest<ProxyClanMatchesResponse>(`/api/proxy/clan-matches/${enc(leagueClanId)}${cursor}`, { signal });
    },
    // More while a next cursor exists (docs/product/statistics-api.md#cursor-paging); an empty page ends the list.
    getNextPageParam: (last) => (last.data.length === 0 ? undefined : last.metadata.cursor.next),
  });
}

/**
 * Asks for what the league reading of a clan page shows first (detail, members, rating history, maps and the first
 * match page of the address's filter) as soon as its address is known, all at once: the page's own reads find them
 * in the cache or on their way, instead of the match list waiting for the detail to arrive and the page to render.
 */
export function prefetchLeagueClanPage(client: QueryClient, league: string, slug: string, search: URLSearchParams): void {
  const pageSize = window.matchMedia(STATS_MOBILE_QUERY).matches ? MATCH_LIST_PAGE_SIZES.mobile : MATCH_LIST_PAGE_SIZES.desktop;
  void client.prefetchQuery(clanDetailQuery(league, slug));
  void client.prefetchQuery(clanMembersQuery(league, slug));
  void client.prefetchQuery(clanRatingHistoryQuery(league, slug));
  void client.prefetchQuery(clanBreakdownQuery(league, slug));
  void client.prefetchInfiniteQuery(clanMatchesQuery(league, slug, pageSize, readMatchFilter(search)));
}
