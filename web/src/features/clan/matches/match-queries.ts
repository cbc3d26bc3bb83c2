import { queryOptions, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '@shared/rules/first-reads';
import { apiRequest } from '../../../api/client';
import { detailRetryDelayMs } from '../../../lib/detail-retry';
import type { MatchDetailResponse } from '../api-types';
import { runLimited } from '../run-limited';
import { matchDetailFromData } from './match-adapters';
import type { MatchDetailView } from './match-view';

/** Match details of the current page are prefetched 4 at a time (docs/product/clans.md#match-details). */
export const DETAIL_PREFETCH_CONCURRENCY = 4;

/** Query keys of match details, shared by the clan and player pages so an opened match is fetched once. */
export const matchKeys = {
  all: ['match'] as const,
  detail: (matchId: string, preferSlug: string | null) => ['match', 'detail', matchId, preferSlug ?? ''] as const,
  proxyDetail: (divisionKey: string, matchId: string) => ['match', 'proxy-detail', divisionKey, matchId] as const,
};

/** A detail query from its key and loader; the league-name and proxy variants differ only in those two. */
export function detailQuery(queryKey: readonly unknown[], load: (signal: AbortSignal) => Promise<MatchDetailView>) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    // A finished match never changes; one still recording is always asked again.
    staleTime: (query) => (query.state.data?.recording ? 0 : Infinity),
  });
}

/** How a page loads one match's detail: the query for a match id. */
export type MatchDetailQuery = (matchId: string) => ReturnType<typeof detailQuery>;

/** GET /api/league/match-detail/{matchId}?preferSlug= (league-name variant). */
export function leagueMatchDetailQuery(preferSlug: string | null): MatchDetailQuery {
  return (matchId) =>
    detailQuery(matchKeys.detail(matchId, preferSlug), async (signal) => {
      const response = await apiRequest<MatchDetailResponse>(apiPaths.matchDetail(matchId, preferSlug), { signal });
      return matchDetailFromData(response.data);
    });
}

/**
 * The refetch interval of an open detail: the delay of docs/product/clans.md#detail-retry-while-recording while it is
 * still recording, none once it has players.
 */
export function detailRetryDelay(query: Query<MatchDetailView, Error, MatchDetailView, readonly unknown[]>): number | false {
  return query.state.data?.recording ? detailRetryDelayMs(query.state.dataUpdateCount) : false;
}

/** The longest the prefetch waits for the browser to be idle. */
const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/**
 * Prefetches the details of the matches on the current page, at most 4 requests at a time, once the browser is
 * idle: on a phone the page's first screen (its images, its remaining answers and their renders) comes first,
 * and ten answers and their parsing no longer compete with it.
 */
export function usePrefetchMatchDetails(matchIds: readonly string[], query: MatchDetailQuery): void {
  const queryClient = useQueryClient();
  const idsKey = matchIds.join(',');
  useEffect(() => {
    if (idsKey === '') return;
    let cancelled = false;
    const start = () => void runLimited(idsKey.split(','), DETAIL_PREFETCH_CONCURRENCY, async (id) => {
      if (cancelled) return;
      await queryClient.prefetchQuery(query(id));
    });
    // Safari has no requestIdleCallback: a short timer stands in.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: PREFETCH_IDLE_TIMEOUT_MS }) : null;
    const timer = idle === null ? setTimeout(start, 200) : undefined;
    return () => {
      cancelled = true;
      if (idle !== null) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
    // `query` is rebuilt on every render; the ids decide what to fetch.
  }, [idsKey, queryClient]);
}
