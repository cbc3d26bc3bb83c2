import type { Database } from '../../db/client.js';
import type { LeagueSnapshots } from './league-snapshots.js';
import { compareStandings } from '../rating/standings-sort.js';

/** A league's standings held in memory: each ranked clan's place, and how many clans play in the league. */
export interface ClanStandings {
  /**
   * 1-based place of every clan of the league with a match there, in the standings order
   * (docs/product/leagues.md#standings-order).
   */
  rankOf: Map<number, number>;
  /** Clans playing in the league now, with or without a match. */
  total: number;
}

/**
 * Reads a league's clans (those playing in it now) with their kept figures there and ranks them as the standings
 * do: clans with matches first, score desc, total matches desc, name.
 */
export async function loadClanStandings(prisma: Database, leagueId: number): Promise<ClanStandings> {
  const rows = await prisma.$queryRaw<Array<{ id: number; name: string; rating: number | null; matches: number | null }>>`
    SELECT c.id, c.name, s.rating, s.matches
    FROM clans c LEFT JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = c.league_id
    WHERE c.league_id = ${leagueId}`;
  const ranked = rows
    .filter((row) => (row.matches ?? 0) > 0)
    .map((row) => ({ id: row.id, clanName: row.name, score: row.rating ?? 0, totalMatches: row.matches ?? 0 }))
    .sort(compareStandings);
  return { rankOf: new Map(ranked.map((row, index) => [row.id, index + 1])), total: rows.length };
}

/** Every league's standings, kept (see LeagueSnapshots for when they are rebuilt). */
export type StandingsSnapshots = LeagueSnapshots<ClanStandings>;
