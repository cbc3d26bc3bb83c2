// The league divisions as both sides name them. No imports: both sides bundle it. Their Korean names are the
// web's message catalogue's (and the server's league table's); here only what code decides by.

/** The divisions in the order every page lists them. */
export const LEAGUE_SLUGS = ['sal-beginner', 'supply-1', 'supply-2', 'sanply'] as const;
export type LeagueSlug = (typeof LEAGUE_SLUGS)[number];

/** The league a page means when it names none (the SAL pages, the personal ranking). */
export const DEFAULT_LEAGUE: LeagueSlug = 'sal-beginner';

/** The generic key of the supply leagues some calls take: the clan's own supply league, else league 1. */
export const SUPPLY_ALIAS = 'supply';

/**
 * Divisions whose clan pages (/league/{division}/clan/{clanId}) read the proxy variant: the supply leagues, their
 * shared key 'supply', sanply (and its proxy key 27) and 3rdbase. Every other league name, the beginner league
 * first, reads the league-name variant (/league/{league}/clan/{clanSlug}). The web picks the page by it, the server
 * the link preview.
 */
export const PROXY_DIVISIONS: ReadonlySet<string> = new Set(['supply', 'supply-1', 'supply-2', 'sanply', '27', '3rdbase']);

/** Which reading of /league/{x}/clan/{y} an address is (docs/product/clans.md#addresses-and-readings). */
export function clanPageVariant(league: string): 'proxy' | 'league' {
  return PROXY_DIVISIONS.has(league) ? 'proxy' : 'league';
}
