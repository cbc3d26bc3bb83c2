/** The league divisions the site knows; the demo seed and ingest create them, pages link to their slugs. */
export const LEAGUE_CATALOG = [
  { slug: 'sal-beginner', label: '통합 비기너 리그', kind: 'beginner', sortOrder: 0 },
  { slug: 'supply-1', label: '1부 리그 (Amateur)', kind: 'supply', sortOrder: 1 },
  { slug: 'supply-2', label: '2부 리그 (Semi-Pro)', kind: 'supply', sortOrder: 2 },
  { slug: 'sanply', label: '3부 리그 (산플)', kind: 'sanply', sortOrder: 3 },
] as const;

export type LeagueSlug = (typeof LEAGUE_CATALOG)[number]['slug'];

/** The league a page means when it names none. */
export const DEFAULT_LEAGUE: LeagueSlug = 'sal-beginner';
