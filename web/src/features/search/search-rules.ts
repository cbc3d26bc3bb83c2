import { classifySearchKeyword, isUrlLike } from '../../lib/search-keyword';

/** Spec §9 constants of the search panel. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const POPULAR_HIDE_AFTER_BLUR_MS = 150;
export const POPULAR_MAX = 20;

/** Autocomplete runs only for name-like keywords: not empty, not digits only, not an address (spec §4). */
export function wantsAutocomplete(keyword: string): boolean {
  const parsed = classifySearchKeyword(keyword);
  return parsed.kind === 'text' && !/^\d+$/.test(parsed.keyword);
}

/** Popular keywords to show: addresses never (spec §5), at most 20. */
export function visiblePopular(keywords: readonly { _id: string }[]): string[] {
  return keywords.map((item) => item._id).filter((keyword) => !isUrlLike(keyword)).slice(0, POPULAR_MAX);
}

/** The player page of each source: SAL's reading 1, or the league cards of the hidden 'supply' source. */
export function playerTarget(source: 'sal' | 'supply', playerId: string): string {
  return source === 'sal'
    ? `/sal/player/${encodeURIComponent(playerId)}`
    : `/search?source=supply&playerId=${encodeURIComponent(playerId)}`;
}

/** The clan page of a search result. */
export function clanResultPath(clan: { leagueName: string; clanSlug: string }): string {
  return `/league/${encodeURIComponent(clan.leagueName)}/clan/${encodeURIComponent(clan.clanSlug)}`;
}

/** The player page (reading 1) of a search result. */
export function playerResultPath(player: { playerId: string }): string {
  return `/sal/player/${encodeURIComponent(player.playerId)}`;
}
