import type { Database } from '../../db/client.js';
import { oneDecimal } from '../../lib/numbers.js';
import { placementState, winRate } from '../rating/record-stats.js';
import { compareStandings } from '../rating/standings-sort.js';
import type { ClanRow } from './clan-presenter.js';
import type { SnapshotReader } from './league-snapshots.js';
import type { ResultCounts } from './record-figures.js';

/** A clan of a division with its figures in that division's rating pool, ranked by the standings order. */
export interface RankedLeagueClan extends ClanRow {
  id: number;
  rank: number;
  score: number;
  totalMatches: number;
  wins: number;
  losses: number;
  draws: number;
  streak: number;
  winRate: number | null;
  placement: boolean;
  ingestRunning: boolean;
  ingestUpdatedAt: Date | null;
}

/**
 * A league's standings held in memory: every clan playing in it now, ranked, which the league tables present and
 * each clan page reads its place from, so a table and a clan page built from one snapshot agree.
 */
export interface ClanStandings {
  /** In the standings order (docs/product/leagues.md#standings-order), ranked 1..n. */
  clans: RankedLeagueClan[];
  /** 1-based place of every clan of the league with a match there. */
  rankOf: Map<number, number>;
  /** Clans playing in the league now, with or without a match. */
  total: number;
}

interface LeagueClanSqlRow extends ResultCounts {
  id: number;
  slug: string;
  name: string;
  mark_bg: string | null;
  mark_front: string | null;
  rating: number;
  streak: number;
  running: boolean | null;
  updated_at: Date | null;
}

/**
 * Reads every clan that plays in the league now, with its record in the league's pool (1000 and no matches before
 * its first match there) and its ingest state, and ranks them as the standings do: clans with matches first, score
 * desc, total matches desc, name.
 */
export async function loadClanStandings(prisma: Database, leagueId: number): Promise<ClanStandings> {
  const rows = await prisma.$queryRaw<LeagueClanSqlRow[]>`
    SELECT c.id, c.slug, c.name, c.mark_bg, c.mark_front,
           COALESCE(s.rating, 1000) AS rating, COALESCE(s.matches, 0) AS matches, COALESCE(s.wins, 0) AS wins,
           COALESCE(s.losses, 0) AS losses, COALESCE(s.draws, 0) AS draws, COALESCE(s.streak, 0) AS streak,
           i.running, i.updated_at
    FROM clans c
    LEFT JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = c.league_id
    LEFT JOIN ingest_states i ON i.clan_id = c.id
    WHERE c.league_id = ${leagueId}`;
  const clans = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    markBg: row.mark_bg,
    markFront: row.mark_front,
    score: row.rating,
    totalMatches: row.matches,
    wins: row.wins,
    losses: row.losses,
    draws: row.draws,
    streak: row.streak,
    winRate: oneDecimal(winRate(row.wins, row.draws, row.matches)),
    placement: placementState(row.matches) === 'Placement',
    ingestRunning: row.running ?? false,
    ingestUpdatedAt: row.updated_at,
  }));
  const ranked = clans
    .map((clan) => ({ clanName: clan.name, score: clan.score, totalMatches: clan.totalMatches, clan }))
    .sort(compareStandings)
    .map(({ clan }, index) => ({ ...clan, rank: index + 1 }));
  const rankOf = new Map(ranked.filter((clan) => clan.totalMatches > 0).map((clan) => [clan.id, clan.rank]));
  return { clans: ranked, rankOf, total: ranked.length };
}

/** Every league's standings, kept (see LeagueSnapshots for when they are rebuilt). */
export type StandingsSnapshots = SnapshotReader<ClanStandings>;
