import { DEFAULT_LEAGUE, type LeagueSlug } from '@shared/rules/leagues.js';

export { DEFAULT_LEAGUE, type LeagueSlug };

/**
 * The league divisions the site knows, in the order of rules/leagues.ts: the demo seed and ingest create them,
 * pages link to their slugs. The labels are the league table's names.
 */
export const LEAGUE_CATALOG = [
  { slug: 'sal-beginner', label: '통합 비기너 리그', kind: 'beginner', sortOrder: 0 },
  { slug: 'supply-1', label: '1부 리그 (Amateur)', kind: 'supply', sortOrder: 1 },
  { slug: 'supply-2', label: '2부 리그 (Semi-Pro)', kind: 'supply', sortOrder: 2 },
  { slug: 'sanply', label: '3부 리그 (산플)', kind: 'sanply', sortOrder: 3 },
] as const satisfies readonly { slug: LeagueSlug; label: string; kind: string; sortOrder: number }[];
