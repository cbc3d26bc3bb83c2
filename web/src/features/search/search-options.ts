import type { MixedClan, MixedPlayer, SalMixedResponse } from '@shared/contracts/search';
import { ko } from '../../i18n/ko';
import { clanResultPath, playerResultPath } from './search-rules';

const t = ko.stats.search;

/** One choice of the search box's listbox: a popular keyword (runs the search) or a suggestion (opens its page). */
export type SearchOption =
  | { kind: 'popular'; id: string; keyword: string; rank: number }
  | { kind: 'clan'; id: string; clan: MixedClan; to: string }
  | { kind: 'player'; id: string; player: MixedPlayer; to: string };

/** A labelled group of options (popular searches; suggested clans; suggested individuals). */
export interface SearchOptionGroup {
  key: 'popular' | 'clans' | 'players';
  label: string;
  options: SearchOption[];
}

/**
 * The listbox's groups, with option ids numbered in display order (`{listboxId}-{n}`) so the arrow keys walk
 * them as the reader sees them. Empty groups are left out.
 */
export function searchOptionGroups(listboxId: string, popular: readonly string[], suggestions: SalMixedResponse | undefined): SearchOptionGroup[] {
  let next = 0;
  const id = () => `${listboxId}-${next++}`;
  const groups: SearchOptionGroup[] = [];
  if (popular.length > 0) {
    groups.push({ key: 'popular', label: t.popular, options: popular.map((keyword, index) => ({ kind: 'popular', id: id(), keyword, rank: index + 1 })) });
  }
  if (suggestions && suggestions.clans.length > 0) {
    groups.push({ key: 'clans', label: t.clans, options: suggestions.clans.map((clan) => ({ kind: 'clan', id: id(), clan, to: clanResultPath(clan) })) });
  }
  if (suggestions && suggestions.players.length > 0) {
    groups.push({
      key: 'players', label: t.players,
      options: suggestions.players.map((player) => ({ kind: 'player', id: id(), player, to: playerResultPath(player) })),
    });
  }
  return groups;
}
