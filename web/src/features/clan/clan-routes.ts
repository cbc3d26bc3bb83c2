// Which API a clan address reads (two readings of one address: docs/product/clans.md#addresses-and-readings).

/** The league used when a page names none (docs/product/leagues.md#default-league). */
export { DEFAULT_LEAGUE } from '@shared/rules/leagues';

/**
 * Divisions whose clan pages read the proxy variant (/api/proxy/clan-detail/{division}/{clanId}): the supply
 * leagues, their shared key 'supply', sanply (and its proxy key 27) and 3rdbase. Every other league name, the
 * beginner league first, reads the league-name variant (/api/league/{league}/clan-detail/{clanSlug}).
 */
export const PROXY_DIVISIONS: ReadonlySet<string> = new Set(['supply', 'supply-1', 'supply-2', 'sanply', '27', '3rdbase']);

/** Which reading of /league/{x}/clan/{y} an address is (see docs/decisions.md, clan and player pages). */
export function clanPageVariant(league: string): 'proxy' | 'league' {
  return PROXY_DIVISIONS.has(league) ? 'proxy' : 'league';
}
