import type { LeagueContext } from '@shared/contracts/clans';
import { LEAGUE_SLUGS } from '@shared/rules/leagues';

/**
 * How a clan or player page presents the league of its figures (docs/league-context.md): the league named, the
 * other leagues offered, and, when the clan plays elsewhere now, where. Pure, so the rule is unit-tested once.
 */

/** The leagues in the order pages list them. */
export const LEAGUE_ORDER = LEAGUE_SLUGS;

/** One league of the switcher. */
export interface LeagueSwitchEntry {
  slug: string;
  /** Rated matches there (0: the league is offered because the page shows it or the clan plays there now). */
  matches: number;
  /** The league whose figures the page shows. */
  active: boolean;
  /** Where the clan (the player's clan) plays now. */
  current: boolean;
}

export interface LeagueContextView {
  /** The league of every figure on the page. */
  shown: string;
  /** The leagues to switch between: every league with records, the shown one and the current one. */
  entries: LeagueSwitchEntry[];
  /** Show the switcher: there is another league to go to. */
  switchable: boolean;
  /** The clan plays in another league now: its figures here are history, and the page says where it went. */
  movedTo: string | null;
  /** A player without a clan now. */
  unaffiliated: boolean;
  /**
   * The figures are live: the clan plays in the shown league now, so its streak is still running, its rank counts
   * and new matches may arrive. False for a league the clan has left (and for a player without a clan).
   */
  live: boolean;
  /** The owner has rated matches in the shown league. */
  hasRecords: boolean;
}

function orderOf(slug: string): number {
  const index = (LEAGUE_ORDER as readonly string[]).indexOf(slug);
  return index === -1 ? LEAGUE_ORDER.length : index;
}

/** The page's view of an answer's league context. */
export function describeLeagueContext(context: LeagueContext): LeagueContextView {
  const shown = context.shown.slug;
  const current = context.current?.slug ?? null;
  const matches = new Map(context.records.map((entry) => [entry.league.slug, entry.matches]));
  const slugs = new Set([...matches.keys(), shown, ...(current ? [current] : [])]);
  const entries = [...slugs]
    .sort((a, b) => orderOf(a) - orderOf(b) || a.localeCompare(b))
    .map((slug) => ({ slug, matches: matches.get(slug) ?? 0, active: slug === shown, current: slug === current }));
  return {
    shown,
    entries,
    switchable: entries.length > 1,
    movedTo: current !== null && current !== shown ? current : null,
    unaffiliated: current === null,
    live: context.isCurrent,
    hasRecords: (matches.get(shown) ?? 0) > 0,
  };
}
