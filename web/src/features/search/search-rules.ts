import { clanPath, playerPath } from '../../lib/league-links';
import { classifySearchKeyword, isUrlLike } from '@shared/rules/search-keyword';

/** Constants of the search panel (docs/product/search.md). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const POPULAR_HIDE_AFTER_BLUR_MS = 150;
export const POPULAR_MAX = 20;

/**
 * Autocomplete runs only for name-like keywords: not empty, not digits only, not an address
 * (docs/product/search.md#autocomplete).
 */
export function wantsAutocomplete(keyword: string): boolean {
  const parsed = classifySearchKeyword(keyword);
  return parsed.kind === 'text' && !/^\d+$/.test(parsed.keyword);
}

/** Popular keywords to show: addresses never, at most 20 (docs/product/search.md#popular-list-on-the-page). */
export function visiblePopular(keywords: readonly { _id: string }[]): string[] {
  return keywords.map((item) => item._id).filter((keyword) => !isUrlLike(keyword)).slice(0, POPULAR_MAX);
}

/**
 * The player page of each source: SAL's reading 1 (the page picks the league and writes it into the address), or
 * the league cards of the hidden 'supply' source.
 */
export function playerTarget(source: 'sal' | 'supply', playerId: string): string {
  return source === 'sal' ? playerPath(playerId, null) : `/search?source=supply&playerId=${encodeURIComponent(playerId)}`;
}

/** The clan page of a search result: the league the clan plays in now, which the result names. */
export function clanResultPath(clan: { leagueName: string; clanSlug: string }): string {
  return clanPath(clan.leagueName, clan.clanSlug);
}

/** The player page (reading 1) of a search result, with the league the result names. */
export function playerResultPath(player: { playerId: string; leagueName: string }): string {
  return playerPath(player.playerId, player.leagueName);
}
