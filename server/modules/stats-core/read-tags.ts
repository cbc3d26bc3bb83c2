import type { LeagueDataChange } from '../ingest/ingest-api.js';
import { LEAGUE_CATALOG } from './league-catalog.js';

/**
 * What a kept answer shows, as tags (docs/caching.md): a change of league data clears the answers carrying a tag it
 * touches. ANY_CHANGE is the tag of an answer that every change clears (the default of a read that names nothing
 * narrower).
 */
export const ANY_CHANGE = '*';

const LEAGUE_SLUGS: ReadonlySet<string> = new Set(LEAGUE_CATALOG.map((league) => league.slug));

export const readTags = {
  /**
   * A league's tables and orders (standings, ranking, clan ranks and counts): cleared by every change in the league,
   * at the league's next refresh while its matches stream in (server/plugins/league-refresh-pacing.ts).
   * A value that is not a catalogue slug (an alias such as 'supply', nothing) cannot be named: every change.
   */
  league: (slug: unknown): string => (typeof slug === 'string' && LEAGUE_SLUGS.has(slug) ? `league:${slug}` : ANY_CHANGE),
  /** A clan's own figures, matches, members, ingest state (by slug). */
  clan: (slug: string): string => `clan:${slug}`,
  /** A player's own figures and matches (by enlistment number). */
  player: (enlistmentNo: string): string => `player:${enlistmentNo}`,
  /** One match's detail (by its public id). */
  match: (matchId: string): string => `match:${matchId}`,
};

/** The tags a change clears; undefined when it clears every tag. */
export function tagsClearedBy(change: LeagueDataChange): ReadonlySet<string> | undefined {
  if (change.everything) return undefined;
  return new Set([
    ANY_CHANGE,
    ...change.leagues.map(readTags.league),
    ...change.clans.map(readTags.clan),
    ...change.players.map(readTags.player),
    ...change.matches.map(readTags.match),
  ]);
}

/** Whether a set of cleared tags (undefined: all) clears an answer tagged `tags`. */
export function clears(cleared: ReadonlySet<string> | undefined, tags: readonly string[]): boolean {
  return cleared === undefined || tags.some((tag) => cleared.has(tag));
}

/** How many recent changes are remembered; a computation that saw more come and go is not kept. */
const REMEMBERED_CHANGES = 256;

/**
 * The recent changes a cache heard, so that something computed while a change touching its tags happened is
 * served once and not kept, while changes elsewhere do not stop it from being kept (the generation guard of
 * docs/caching.md). `mark()` when the computation starts, `changedSince(mark, tags)` before keeping it.
 */
export function changeWatch() {
  let sequence = 0;
  const recent: Array<{ sequence: number; cleared: ReadonlySet<string> | undefined }> = [];
  return {
    mark: () => sequence,
    record(cleared: ReadonlySet<string> | undefined): void {
      sequence += 1;
      recent.push({ sequence, cleared });
      if (recent.length > REMEMBERED_CHANGES) recent.shift();
    },
    changedSince(mark: number, tags: readonly string[]): boolean {
      if (mark === sequence) return false;
      // Changes older than the remembered ones are unknown: assume they touched it.
      if (recent[0]!.sequence > mark + 1) return true;
      return recent.some((entry) => entry.sequence > mark && clears(entry.cleared, tags));
    },
  };
}

export type ChangeWatch = ReturnType<typeof changeWatch>;
