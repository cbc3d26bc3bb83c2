import type { LeagueClanRow, LeagueSummaryEntry, StandingRow } from '@shared/contracts/league';
import { apiRequest } from '../../api/client';

/** Divisions whose table comes from GET /api/league-summary/{slug} (docs/product/leagues.md#division-table). */
export const SUMMARY_DIVISIONS = ['supply-1', 'supply-2', 'sanply'] as const;
export type SummaryDivision = (typeof SUMMARY_DIVISIONS)[number];

/** Address parameters of the league tables: the clan-name filter and the column sort. */
export const CLAN_FILTER_PARAM = 'q';
export const TABLE_SORT_PARAM = 'sort';

/** The league whose standings page lists every clan with placement and ingest badges. */
export const STANDINGS_LEAGUE = 'sal-beginner';

export function isSummaryDivision(slug: string): slug is SummaryDivision {
  return (SUMMARY_DIVISIONS as readonly string[]).includes(slug);
}

/** Query keys of the league pages. */
export const leagueKeys = {
  all: ['league'] as const,
  summary: (slug: string) => [...leagueKeys.all, 'summary', slug] as const,
  standings: (league: string) => [...leagueKeys.all, 'standings', league] as const,
  clans: (league: string) => [...leagueKeys.all, 'clans', league] as const,
};

export function fetchLeagueSummary(slug: string, signal?: AbortSignal): Promise<LeagueSummaryEntry[]> {
  return apiRequest<LeagueSummaryEntry[]>(`/api/league-summary/${encodeURIComponent(slug)}`, { signal, auth: false });
}

export function fetchStandings(league: string, signal?: AbortSignal): Promise<StandingRow[]> {
  return apiRequest<StandingRow[]>(`/api/league/${encodeURIComponent(league)}/standings`, { signal, auth: false });
}

export function fetchLeagueClans(league: string, signal?: AbortSignal): Promise<LeagueClanRow[]> {
  return apiRequest<LeagueClanRow[]>(`/api/league/${encodeURIComponent(league)}/clans`, { signal, auth: false });
}

/** Rows whose clan name contains the filter text, ignoring case and surrounding spaces. */
export function filterByClanName<T>(rows: readonly T[], filter: string, nameOf: (row: T) => string): T[] {
  const needle = filter.trim().toLocaleLowerCase('ko');
  if (needle === '') return [...rows];
  return rows.filter((row) => nameOf(row).toLocaleLowerCase('ko').includes(needle));
}
