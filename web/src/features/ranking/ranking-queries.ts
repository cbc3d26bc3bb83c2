import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ProxyPlayerRankResponse } from '@shared/contracts/proxy';
import type { RankingEntry, RankingPositionResponse } from '@shared/contracts/rankings';
import { apiPaths, RANKING_PAGE_SIZE } from '@shared/rules/first-reads';
import { apiRequest } from '../../api/client';
import { retryUnlessClientError } from '../../ui/stats';

export { RANKING_PAGE_SIZE };

/** Start loading the next page this close to the bottom of the page (docs/product/rankings.md#ranking-paging). */
export const SCROLL_TRIGGER_PX = 300;

/** The league of the SAL personal ranking's figures (its rows carry it too: `leagueName`). */
export const SAL_RANKING_LEAGUE = 'sal-beginner';

/** The two divisions of the cursor-paged individual ranking (/rank/player/{division}). */
export const RANK_DIVISIONS = ['supply', 'sanply'] as const;
export type RankDivision = (typeof RANK_DIVISIONS)[number];

export function isRankDivision(value: string): value is RankDivision {
  return (RANK_DIVISIONS as readonly string[]).includes(value);
}

/** Query keys of the ranking pages. */
export const rankingKeys = {
  all: ['ranking'] as const,
  sal: () => [...rankingKeys.all, 'sal'] as const,
  position: (playerId: string) => [...rankingKeys.all, 'position', playerId] as const,
  division: (division: string) => [...rankingKeys.all, 'division', division] as const,
};

/** One skip-based page of the SAL personal ranking. */
export function fetchRankingPage(skip: number, signal?: AbortSignal): Promise<RankingEntry[]> {
  return apiRequest<RankingEntry[]>(apiPaths.rankingPage(skip), { signal, auth: false });
}

/** The SAL personal ranking, skip-paged 100 rows at a time (docs/product/rankings.md#ranking-paging). */
export function salRankingQuery() {
  return infiniteQueryOptions({
    queryKey: rankingKeys.sal(),
    queryFn: ({ pageParam, signal }) => fetchRankingPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => nextRankingSkip(lastPage, pages),
    retry: retryUnlessClientError,
  });
}

/** The next skip, or undefined after a short page (the end). */
export function nextRankingSkip(lastPage: readonly unknown[], pages: readonly (readonly unknown[])[]): number | undefined {
  if (lastPage.length < RANKING_PAGE_SIZE) return undefined;
  return pages.reduce((sum, page) => sum + page.length, 0);
}

export function fetchRankingPosition(playerId: string, signal?: AbortSignal): Promise<RankingPositionResponse> {
  return apiRequest<RankingPositionResponse>(`/api/sal/user/ranking/position/${encodeURIComponent(playerId)}`, { signal, auth: false });
}

/** One cursor page of a division's individual ranking (proxy variant). */
export function fetchDivisionRankPage(division: string, cursor: string | undefined, signal?: AbortSignal): Promise<ProxyPlayerRankResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest<ProxyPlayerRankResponse>(`/api/proxy/player-rank/${encodeURIComponent(division)}${query}`, { signal, auth: false });
}

/** Rows of all pages with each key once, in page order (pages may overlap when the ranking moves). */
export function uniqueRows<T>(pages: readonly (readonly T[])[], keyOf: (row: T) => string): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page) {
      const key = keyOf(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}
