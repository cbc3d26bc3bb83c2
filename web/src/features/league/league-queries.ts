import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LeagueClanRow, LeagueSummaryEntry, StandingRow } from '@shared/contracts/league';
import { apiPaths, isSummaryDivision, STANDINGS_LEAGUE, SUMMARY_DIVISIONS, type SummaryDivision } from '@shared/rules/first-reads';
import { apiRequest } from '../../api/client';
import { retryUnlessClientError } from '../../ui/stats';

export { isSummaryDivision, STANDINGS_LEAGUE, SUMMARY_DIVISIONS, type SummaryDivision };

/** Address parameters of the league tables: the clan-name filter and the column sort. */
export const CLAN_FILTER_PARAM = 'q';
export const TABLE_SORT_PARAM = 'sort';

/** Query keys of the league pages. */
export const leagueKeys = {
  all: ['league'] as const,
  summary: (slug: string) => [...leagueKeys.all, 'summary', slug] as const,
  standings: (league: string) => [...leagueKeys.all, 'standings', league] as const,
  clans: (league: string) => [...leagueKeys.all, 'clans', league] as const,
};

/** GET /api/league-summary/{slug}: a division's table. */
export function leagueSummaryQuery(slug: string) {
  return queryOptions({
    queryKey: leagueKeys.summary(slug),
    queryFn: ({ signal }) => apiRequest<LeagueSummaryEntry[]>(apiPaths.leagueSummary(slug), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/** GET /api/league/{league}/standings: every clan of the league in the server's order. */
export function standingsQuery(league: string) {
  return queryOptions({
    queryKey: leagueKeys.standings(league),
    queryFn: ({ signal }) => apiRequest<StandingRow[]>(apiPaths.standings(league), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/** GET /api/league/{league}/clans: the clan list variant of a league page. */
export function leagueClansQuery(league: string) {
  return queryOptions({
    queryKey: leagueKeys.clans(league),
    queryFn: ({ signal }) => apiRequest<LeagueClanRow[]>(apiPaths.leagueClans(league), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/**
 * Asks for the table a league page shows (the standings, a division's table, or the clan list: see the page) as
 * soon as its address is known, in parallel with the page's code.
 */
export function prefetchLeaguePage(client: QueryClient, league: string, search: URLSearchParams): void {
  if (league === STANDINGS_LEAGUE) void client.prefetchQuery(standingsQuery(league));
  else if (isSummaryDivision(league) && search.get('view') !== 'list') void client.prefetchQuery(leagueSummaryQuery(league));
  else void client.prefetchQuery(leagueClansQuery(league));
}

/** Rows whose clan name contains the filter text, ignoring case and surrounding spaces. */
export function filterByClanName<T>(rows: readonly T[], filter: string, nameOf: (row: T) => string): T[] {
  const needle = filter.trim().toLocaleLowerCase('ko');
  if (needle === '') return [...rows];
  return rows.filter((row) => nameOf(row).toLocaleLowerCase('ko').includes(needle));
}
